// Plain text of rich HTML, for the server and the web alike (issue 38 item 1). Both functions are
// scanners, linear in their input: the patterns they replace (`/<[^>]*>/g`) took quadratic time on
// a run of `<` without `>` (60 KB of "<" froze the server for seconds), and this text comes from
// uploaded files and editors.

/**
 * The text of `html` with every tag (`<` … the next `>`) replaced by `gap` — a string, or a
 * function of the tag's text. A `<` with no `>` after it is text, as before.
 */
export function dropTags(html: string, gap: string | ((tag: string) => string) = ''): string {
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open < 0) break;
    const close = html.indexOf('>', open + 1);
    // no `>` anywhere after: nothing further is a tag (and no second search over the rest)
    if (close < 0) break;
    out += html.slice(at, open) + (typeof gap === 'string' ? gap : gap(html.slice(open, close + 1)));
    at = close + 1;
  }
  return out + html.slice(at);
}

/** Named entities that editors and question tools write; any numeric one is decoded too. */
const NAMED: Record<string, string> = {
  // a non-breaking space reads as a space in plain text
  nbsp: ' ',
  lt: '<',
  gt: '>',
  amp: '&',
  quot: '"',
  apos: "'",
  ldquo: '“',
  rdquo: '”',
  lsquo: '‘',
  rsquo: '’',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  middot: '·',
  times: '×',
  divide: '÷',
  plusmn: '±',
  deg: '°',
  le: '≤',
  ge: '≥',
  ne: '≠',
  copy: '©',
  reg: '®',
  trade: '™',
  laquo: '«',
  raquo: '»',
  yen: '¥',
  euro: '€',
  sup2: '²',
  sup3: '³',
  frac12: '½',
  bull: '•',
  ensp: ' ',
  emsp: ' ',
  thinsp: ' ',
};

// bounded alternatives: at most 10 characters are tried from each `&`, so the scan stays linear
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z][a-zA-Z0-9]{1,7}));/g;

/**
 * Entities decoded in one pass (so "&amp;lt;" is the text "&lt;"); unknown ones stay as written.
 * `nbsp` is what `&nbsp;` becomes (a plain space unless asked).
 */
export function decodeEntities(text: string, nbsp = ' '): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (m, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name === 'nbsp') return nbsp;
    if (name !== undefined) return NAMED[name] ?? NAMED[name.toLowerCase()] ?? m;
    const code = dec !== undefined ? Number(dec) : Number.parseInt(hex as string, 16);
    return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff) ? String.fromCodePoint(code) : m;
  });
}

/** Text escaped for HTML content: `&`, `<` and `>` only (quotes are text outside attributes). */
export const escapeHtmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Rich HTML with every entity in its text decoded once and written back as the character, except
 * the ones that must stay (`&amp;`, `&lt;`, `&gt;`, `&nbsp;`): imported stems keep `"` rather than
 * `&quot;`, which plain-text views (the bank list, exports) would otherwise show as typed.
 */
export function normalizeEntities(html: string): string {
  if (!html.includes('&')) return html;
  // a non-breaking space stays one (editors write runs of them to keep spaces)
  const text = (t: string) => escapeHtmlText(decodeEntities(t, '\u00a0')).replace(/\u00a0/g, '&nbsp;');
  let out = '';
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    const close = open < 0 ? -1 : html.indexOf('>', open + 1);
    if (close < 0) break;
    out += text(html.slice(at, open)) + html.slice(open, close + 1);
    at = close + 1;
  }
  return out + text(html.slice(at));
}
