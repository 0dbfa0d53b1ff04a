import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCookies, readCookie, removeCookie, writeCookie } from './cookies';

/** How many times the page asks the browser for its cookies while `fn` runs. */
function cookieReads(fn: () => void): number {
  const getter = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
  const spy = vi.spyOn(document, 'cookie', 'get').mockImplementation(function (this: Document) {
    return getter.get!.call(this) as string;
  });
  try {
    fn();
    return spy.mock.calls.length;
  } finally {
    spy.mockRestore();
  }
}

afterEach(() => {
  for (const name of ['a', 'b']) Cookies.remove(name);
});

describe('the page’s cookies', () => {
  it('are read from the browser once, then kept, writes and removals included', () => {
    Cookies.set('a', '1');
    const reads = cookieReads(() => {
      expect(readCookie('a')).toBe('1');
      expect(readCookie('b')).toBeUndefined();
      writeCookie('b', '2');
      expect(readCookie('b')).toBe('2');
      removeCookie('a');
      expect(readCookie('a')).toBeUndefined();
    });
    expect(reads).toBe(1);
    // what was written reached the browser
    expect(Cookies.get('b')).toBe('2');
    expect(Cookies.get('a')).toBeUndefined();
  });

  it('are asked again when the tab is shown or focused (another tab may have signed in or out)', () => {
    expect(readCookie('a')).toBeUndefined();
    Cookies.set('a', 'from-another-tab');
    expect(readCookie('a')).toBeUndefined();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(readCookie('a')).toBe('from-another-tab');
    Cookies.set('a', 'again');
    window.dispatchEvent(new Event('focus'));
    expect(readCookie('a')).toBe('again');
    Cookies.remove('a');
    forgetCookies();
    expect(readCookie('a')).toBeUndefined();
  });

  it('take the inline scripts’ read of the page’s start for the first read, then ask the browser after a tab switch', () => {
    Cookies.set('a', 'now');
    window.__xtCk = '; a=at%20start; b=2';
    const reads = cookieReads(() => {
      expect(readCookie('a')).toBe('at start');
      expect(readCookie('b')).toBe('2');
    });
    expect(reads).toBe(0);
    expect(window.__xtCk).toBeUndefined();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(readCookie('a')).toBe('now');
  });
});
