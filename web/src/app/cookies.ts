// The page's cookies (the sign-in token, the sidebar, the size, the settings), read from
// `document.cookie` once and then kept here. Every read of `document.cookie` is a synchronous
// trip from the page to the browser's cookie store: the token was read for every API call and the
// stores read theirs at start, 17–30 ms of every signed-in load's main thread unthrottled, ten
// times that on a slow phone (issue 39 item 2; `npm run bench:profile -- /dashboard`).
//
// Another tab may sign in or out meanwhile: what is kept is dropped whenever this tab is shown or
// focused again, and, where the browser tells (the Cookie Store API), as soon as a cookie changes.
import Cookies from 'js-cookie';

type Attributes = Parameters<typeof Cookies.set>[2];

let kept: Record<string, string> | null = null;

/** Every cookie of the page from one read of `document.cookie` (js-cookie's own `get()` reads it twice), decoded as js-cookie does. */
function readAll(): Record<string, string> {
  const out: Record<string, string> = {};
  // the inline scripts' read at the page's start, when one was made (api/prefetch.ts)
  const early = window.__xtCk;
  window.__xtCk = undefined;
  const text = early === undefined ? document.cookie : early.slice(2);
  for (const part of text ? text.split('; ') : []) {
    const at = part.indexOf('=');
    if (at <= 0) continue;
    const value = part.slice(at + 1);
    try {
      const name = decodeURIComponent(part.slice(0, at));
      if (!(name in out)) out[name] = Cookies.converter.read(value, name);
    } catch {
      // a cookie another site's script wrote undecodable: not one of ours
    }
  }
  return out;
}

const all = () => {
  kept ??= readAll();
  return kept;
};

/** Drops what is kept: the next read asks the browser again. */
export function forgetCookies(): void {
  kept = null;
  if (typeof window !== 'undefined') window.__xtCk = undefined;
}

export function readCookie(name: string): string | undefined {
  return all()[name];
}

export function writeCookie(name: string, value: string, attributes?: Attributes): void {
  Cookies.set(name, value, attributes);
  all()[name] = value;
}

export function removeCookie(name: string): void {
  Cookies.remove(name);
  delete all()[name];
}

if (typeof window !== 'undefined') {
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') forgetCookies();
  });
  window.addEventListener('focus', forgetCookies);
  window.addEventListener('pageshow', forgetCookies);
  (window as { cookieStore?: EventTarget }).cookieStore?.addEventListener('change', forgetCookies);
}
