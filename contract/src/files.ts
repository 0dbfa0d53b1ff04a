/** Stored uploads (platform_file). */
export const FileStatus = {
  /** uploaded, not yet saved with anything: purged after FILES_TEMP_HOURS */
  Temp: 'temp',
  /** saved with an object (profile, notice, content) */
  Attached: 'attached',
} as const;
export type FileStatus = (typeof FileStatus)[keyof typeof FileStatus];

export const FileVisibility = {
  /** served to anyone holding the (unguessable) key, cached by browsers */
  Public: 'public',
  /** served only through a short-lived signed URL issued after a scope check */
  Private: 'private',
} as const;
export type FileVisibility = (typeof FileVisibility)[keyof typeof FileVisibility];
