import { describe, expect, it } from 'vitest';
import { typeForName } from './serve.ts';

// issue 24 item 6: the type of a file without a recorded type comes from mime-types, not a table of our own
describe('the type a stored key names', () => {
  it('answers what the hand-kept table answered for every kind we store', () => {
    expect(
      Object.fromEntries(
        ['a.PNG', 'a.jpg', 'a.gif', 'a.webp', 'a.svg', 'a.pdf', 'a.mp4', 'a.m3u8', 'a.ts', 'a.mp3', 'a.m4a', 'a.txt', 'a.zip'].map((k) => [
          k,
          typeForName(`content/2026/01/${k}`),
        ]),
      ),
    ).toEqual({
      'a.PNG': 'image/png',
      'a.jpg': 'image/jpeg',
      'a.gif': 'image/gif',
      'a.webp': 'image/webp',
      'a.svg': 'image/svg+xml',
      'a.pdf': 'application/pdf',
      'a.mp4': 'video/mp4',
      'a.m3u8': 'application/vnd.apple.mpegurl',
      'a.ts': 'video/mp2t',
      'a.mp3': 'audio/mpeg',
      'a.m4a': 'audio/mp4',
      'a.txt': 'text/plain; charset=utf-8',
      'a.zip': 'application/zip',
    });
    expect(typeForName('a.xlsx')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(typeForName('a.docx')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(typeForName('a.pptx')).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    expect([typeForName('a.xls'), typeForName('a.doc'), typeForName('a.ppt')]).toEqual([
      'application/vnd.ms-excel',
      'application/msword',
      'application/vnd.ms-powerpoint',
    ]);
    expect(typeForName('tmp/no-extension')).toBeUndefined();
  });

  it('never names a type a browser would run as a page of ours', () => {
    for (const name of ['a.html', 'a.HTM', 'a.xhtml', 'a.xml', 'a.js', 'a.mjs', 'a.rss', 'a.atom', 'a.xsl'])
      expect(typeForName(name), name).toBeUndefined();
  });
});
