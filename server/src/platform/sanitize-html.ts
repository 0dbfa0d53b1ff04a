import { FilterXSS } from 'xss';

// Rich HTML (notices, questions, resource descriptions, portal content) is sanitised on save
// (issue 5): a strict whitelist of what the editor (tiptap) produces; no script/style/iframe, no
// event handlers, no javascript:/data: URLs.
const WHITELIST: Record<string, string[]> = {
  p: [],
  br: [],
  hr: [],
  h1: [],
  h2: [],
  h3: [],
  h4: [],
  strong: [],
  b: [],
  em: [],
  i: [],
  u: [],
  s: [],
  sub: [],
  sup: [],
  code: [],
  pre: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  span: [],
  a: ['href', 'title', 'target', 'rel'],
  img: ['src', 'alt', 'title', 'width', 'height'],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['colspan', 'rowspan'],
  td: ['colspan', 'rowspan'],
};

const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;
const SAFE_SRC = /^(https?:\/\/|\/(?!\/))/i;

const filter = new FilterXSS({
  whiteList: WHITELIST,
  stripIgnoreTag: true,
  // drop the content of these entirely, not just the tags
  stripIgnoreTagBody: ['script', 'style', 'iframe', 'object', 'embed', 'noscript', 'template'],
  allowCommentTag: false,
  css: false,
  safeAttrValue: (_tag, name, value) => {
    // browsers ignore control characters and blanks inside a scheme (java\tscript:)
    const v = [...value].filter((c) => c.charCodeAt(0) > 32).join('');
    if (name === 'href') return SAFE_HREF.test(v) ? escapeAttr(value.trim()) : '';
    if (name === 'src') return SAFE_SRC.test(v) ? escapeAttr(value.trim()) : '';
    if (name === 'target') return value === '_blank' ? '_blank' : '';
    if (name === 'rel') return 'noopener noreferrer';
    if (['width', 'height', 'colspan', 'rowspan', 'start'].includes(name)) return /^\d{1,4}$/.test(value) ? value : '';
    return escapeAttr(value);
  },
});

function escapeAttr(v: string): string {
  return v.replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function sanitizeRichHtml(html: string): string {
  return filter.process(html ?? '').trim();
}
