/**
 * The public URL of a stored file key (`/prod-api/files/<key>`); a full URL or an absolute
 * path is answered unchanged, an empty key as ''.
 */
export function fileUrl(key: string): string {
  if (!key) return '';
  if (/^(https?:)?\//.test(key)) return key;
  return `/prod-api/files/${key}`;
}

/** Download link of a stored file under its original name. */
export function downloadUrl(key: string, name: string): string {
  const url = fileUrl(key);
  return url.startsWith('/prod-api/files/') ? `${url}?name=${encodeURIComponent(name)}` : url;
}
