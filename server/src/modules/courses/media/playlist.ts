/**
 * HLS media playlists as ffmpeg writes them (VOD): segment lines with their #EXTINF durations.
 * Served copies carry a signed token on every segment; preview copies stop at the preview limit.
 */
export interface Segment {
  uri: string;
  start: number;
  duration: number;
}

export function parseSegments(m3u8: string): Segment[] {
  const out: Segment[] = [];
  let start = 0;
  let duration = 0;
  for (const raw of m3u8.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('#EXTINF:')) duration = Number.parseFloat(line.slice(8)) || 0;
    else if (line && !line.startsWith('#')) {
      out.push({ uri: line, start, duration });
      start += duration;
      duration = 0;
    }
  }
  return out;
}

/** The segments that start before `limitSeconds` (0 = all). */
export function segmentsWithin(segments: Segment[], limitSeconds: number): Segment[] {
  return limitSeconds > 0 ? segments.filter((s) => s.start < limitSeconds) : segments;
}

/**
 * Rewrites the playlist: each kept segment gets `?t=token` (or, given a function, the URL it
 * answers for that segment: a presigned one); segments past the limit are dropped.
 */
export function signPlaylist(m3u8: string, token: string | ((uri: string) => string), limitSeconds = 0): string {
  const urlOf = typeof token === 'string' ? (uri: string) => `${uri}?t=${encodeURIComponent(token)}` : token;
  const keep = new Set(segmentsWithin(parseSegments(m3u8), limitSeconds).map((s) => s.uri));
  const out: string[] = [];
  let pendingInf: string | null = null;
  for (const raw of m3u8.split('\n')) {
    const line = raw.trim();
    if (!line) continue;
    if (line.startsWith('#EXTINF:')) {
      pendingInf = line;
      continue;
    }
    if (line === '#EXT-X-ENDLIST') continue;
    if (!line.startsWith('#')) {
      if (keep.has(line) && pendingInf) out.push(pendingInf, urlOf(line));
      pendingInf = null;
      continue;
    }
    out.push(line);
  }
  out.push('#EXT-X-ENDLIST');
  return `${out.join('\n')}\n`;
}
