import { SaxesParser } from 'saxes';

// A small element tree read with saxes (already the xlsx reader's parser): the question formats
// are documents of a few megabytes whose rich text is mixed content, which a tree keeps in order.

export interface XmlElement {
  name: string;
  /** local name (no prefix) */
  local: string;
  attrs: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const localOf = (name: string) => name.slice(name.indexOf(':') + 1);

/** Parses a document; throws on malformed XML (the caller turns that into its Chinese message). */
export function parseXml(text: string): XmlElement {
  const parser = new SaxesParser({ xmlns: false });
  const root: XmlElement = { name: '#root', local: '#root', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  let error: Error | undefined;
  parser.on('error', (e) => {
    error ??= e;
  });
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(tag.attributes)) attrs[localOf(k)] = String(v);
    const el: XmlElement = { name: tag.name, local: localOf(tag.name), attrs, children: [] };
    stack[stack.length - 1].children.push(el);
    if (!tag.isSelfClosing) stack.push(el);
  });
  parser.on('closetag', (tag) => {
    if (!tag.isSelfClosing) stack.pop();
  });
  const addText = (t: string) => {
    const top = stack[stack.length - 1];
    const last = top.children[top.children.length - 1];
    if (typeof last === 'string') top.children[top.children.length - 1] = last + t;
    else top.children.push(t);
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.write(text.replace(/^\uFEFF/, '')).close();
  if (error) throw error;
  const first = root.children.find((c): c is XmlElement => typeof c !== 'string');
  if (!first) throw new Error('no root element');
  return first;
}

export const elements = (el: XmlElement | undefined, local?: string): XmlElement[] =>
  (el?.children ?? []).filter((c): c is XmlElement => typeof c !== 'string' && (!local || c.local === local));
export const child = (el: XmlElement | undefined, local: string): XmlElement | undefined => elements(el, local)[0];

/** Every descendant element with this local name, document order. */
export function descendants(el: XmlElement, local: string, out: XmlElement[] = []): XmlElement[] {
  for (const c of elements(el)) {
    if (c.local === local) out.push(c);
    descendants(c, local, out);
  }
  return out;
}

/** The text content (all descendants). */
export function textOf(el: XmlElement | undefined): string {
  if (!el) return '';
  return el.children.map((c) => (typeof c === 'string' ? c : textOf(c))).join('');
}

export function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const VOID = new Set(['br', 'hr', 'img']);

/** The element's children written back as markup (rich text inside QTI's itemBody), tags by local name. */
export function innerXml(el: XmlElement, replace?: (c: XmlElement) => string | undefined): string {
  return el.children
    .map((c) => {
      if (typeof c === 'string') return escapeXml(c);
      const swapped = replace?.(c);
      if (swapped !== undefined) return swapped;
      const attrs = Object.entries(c.attrs)
        .filter(([k]) => k !== 'xmlns')
        .map(([k, v]) => ` ${k}="${escapeXml(v)}"`)
        .join('');
      return VOID.has(c.local) ? `<${c.local}${attrs}/>` : `<${c.local}${attrs}>${innerXml(c, replace)}</${c.local}>`;
    })
    .join('');
}
