import { describe, expect, it } from 'vitest';
import { parseSegments, signPlaylist } from './playlist.ts';

const PLAYLIST = ['#EXTM3U', '#EXT-X-VERSION:3', '#EXT-X-TARGETDURATION:12', '#EXT-X-PLAYLIST-TYPE:VOD']
  .concat(...[0, 1, 2, 3, 4].map((i) => [`#EXTINF:10.000000,`, `seg_000${i}.ts`]))
  .concat('#EXT-X-ENDLIST')
  .join('\n');

describe('HLS playlists', () => {
  it('reads segment start times', () => {
    expect(parseSegments(PLAYLIST).map((s) => [s.uri, s.start])).toEqual([
      ['seg_0000.ts', 0],
      ['seg_0001.ts', 10],
      ['seg_0002.ts', 20],
      ['seg_0003.ts', 30],
      ['seg_0004.ts', 40],
    ]);
  });

  it('signs every segment, and a 30 s preview stops before the segment starting at 30 s', () => {
    const full = signPlaylist(PLAYLIST, 'a.b');
    expect(full.match(/\?t=a\.b/g)).toHaveLength(5);
    const preview = signPlaylist(PLAYLIST, 'tok', 30);
    expect(parseSegments(preview).map((s) => s.uri)).toEqual(['seg_0000.ts?t=tok', 'seg_0001.ts?t=tok', 'seg_0002.ts?t=tok']);
    expect(preview.trim().endsWith('#EXT-X-ENDLIST')).toBe(true);
  });
});
