/** Stored uploads (platform_file). */
export const FileStatus = {
  /** uploaded, not yet saved with anything: purged after FILES_TEMP_HOURS */
  Temp: 'temp',
  /** saved with an object (profile, notice, content) */
  Attached: 'attached',
  /**
   * was saved with something that no longer refers to it (deleted or replaced); purged once it has
   * stayed unreferenced for FILES_TEMP_HOURS. Saving it with something again makes it attached.
   */
  Orphan: 'orphan',
} as const;
export type FileStatus = (typeof FileStatus)[keyof typeof FileStatus];

export const FileVisibility = {
  /** served to anyone holding the (unguessable) key, cached by browsers */
  Public: 'public',
  /** served only through a short-lived signed URL issued after a scope check */
  Private: 'private',
} as const;
export type FileVisibility = (typeof FileVisibility)[keyof typeof FileVisibility];

/**
 * Widths (px) of the resized copies made of a public image at upload (WebP, never wider than the
 * original). `/prod-api/files/<key>?w=<width>` serves the smallest copy at least that wide, or the
 * original when there is none; the portal's `srcset` lists these widths (issue 15).
 */
export const IMAGE_VARIANT_WIDTHS = [160, 320, 640, 960, 1280, 1920] as const;

/** Longest file name an upload may carry (characters): the common file-system limit. */
export const FILE_NAME_MAX = 255;
