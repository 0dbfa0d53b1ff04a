// antd's prebuilt styles (web/build/antd-static-style.ts) on the pages that draw antd. index.html
// carries the portal's block in a <template> and an inline script puts it into <head> at once,
// with the signed-in sheet's <link> when there is a session, except on a lean signed-in page
// (app/leanPages.ts, ADR 0050): that page's first screen draws no antd, so neither is parsed
// before it paints. Whatever loads antd later on such a page (a panel, the sidebar's menu, a
// dialog) waits for `antdStyles()` first: antd reads the styles' marker once, on its first style,
// and builds at run time what the marker does not list.

/** ids shared with the build (web/build/antd-static-style.ts) */
export const ANTD_STATIC_TEMPLATE_ID = 'xt-antd-static';
export const ANTD_SIGNED_STYLE_ID = 'xt-antd-signed';
/** set on the template when the inline script left both to `antdStyles()` */
export const ANTD_DEFERRED_ATTR = 'data-deferred';
/** the signed-in sheet's address, on the template */
export const ANTD_SIGNED_HREF_ATTR = 'data-signed-href';
/** the portal block's address, on the template: the lean pages' index has an empty template */
export const ANTD_STATIC_HREF_ATTR = 'data-href';
/** the longest the first antd render waits for the sheet (it is small; a slow link still renders) */
const SHEET_WAIT_MS = 3000;

function sheet(href: string, id?: string): HTMLLinkElement {
  const link = document.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  if (id) link.id = id;
  return link;
}

function loaded(link: HTMLLinkElement): Promise<void> {
  if (link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
    window.setTimeout(resolve, SHEET_WAIT_MS);
  });
}

let ready: Promise<void> | undefined;

/** Resolves once antd's prebuilt styles for this page are in the document (at once without any). */
export function antdStyles(): Promise<void> {
  ready ??= (() => {
    if (typeof document === 'undefined') return Promise.resolve();
    const template = document.getElementById(ANTD_STATIC_TEMPLATE_ID) as HTMLTemplateElement | null;
    const waits: HTMLLinkElement[] = [];
    if (template?.hasAttribute(ANTD_DEFERRED_ATTR)) {
      template.removeAttribute(ANTD_DEFERRED_ATTR);
      // first in <head>, where the inline script puts it on the other pages; the lean pages' index
      // (server/src/platform/spa.ts) has only its address
      const href = template.getAttribute(ANTD_STATIC_HREF_ATTR);
      if (template.content.firstChild) document.head.insertBefore(template.content, document.head.firstChild);
      else if (href) waits.push(document.head.insertBefore(sheet(href), document.head.firstChild));
      const signedHref = template.getAttribute(ANTD_SIGNED_HREF_ATTR);
      if (signedHref && !document.getElementById(ANTD_SIGNED_STYLE_ID)) document.head.appendChild(sheet(signedHref, ANTD_SIGNED_STYLE_ID));
    }
    const link = document.getElementById(ANTD_SIGNED_STYLE_ID) as HTMLLinkElement | null;
    if (link) waits.push(link);
    return Promise.all(waits.map(loaded)).then(() => undefined);
  })();
  return ready;
}

/**
 * What the app's first render waits for: the signed-in sheet when index.html asked for it (the
 * page draws antd first), nothing on a lean page.
 */
export function firstRenderStyles(): Promise<void> {
  const template = typeof document === 'undefined' ? null : document.getElementById(ANTD_STATIC_TEMPLATE_ID);
  return template?.hasAttribute(ANTD_DEFERRED_ATTR) ? Promise.resolve() : antdStyles();
}
