import { describe, expect, it } from 'vitest';
import { htmlExcerpt, htmlText } from './html-text.ts';

describe('htmlText', () => {
  it('drops tags and decodes entities, &amp; last', () => {
    expect(htmlText('<p>甲&nbsp;&lt;乙&gt;</p>')).toBe(' 甲 <乙> ');
    expect(htmlText('H<sub>2</sub>O', '')).toBe('H2O');
    expect(htmlText('&amp;lt;')).toBe('&lt;');
  });
});

describe('htmlExcerpt', () => {
  it('is one trimmed line, cut at max, with an ellipsis when asked', () => {
    expect(htmlExcerpt('<p>第一段</p>\n<p>第二段</p>', 120)).toBe('第一段 第二段');
    expect(htmlExcerpt('<b>一二三四五</b>', 3)).toBe('一二三');
    expect(htmlExcerpt('<b>一二三四五</b>', 3, { ellipsis: true })).toBe('一二三…');
    expect(htmlExcerpt('一二三', 3, { ellipsis: true })).toBe('一二三');
  });
});
