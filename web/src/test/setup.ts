import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { forgetCookies } from '../app/cookies.ts';

// antd renders slowly on a busy 2-core machine; wait longer than the 1 s default
configure({ asyncUtilTimeout: 5000 });

afterEach(() => cleanup());
// the tests set cookies through js-cookie itself: each test's reads start from the browser's
beforeEach(() => forgetCookies());

// the DOM's shims; a test file in the node environment (`// @vitest-environment node`) has no DOM
if (typeof window !== 'undefined') installDomShims();

function installDomShims() {
  // Node 26 has Web Storage globals of its own (without --localstorage-file they hold nothing and
  // have no methods) that shadow jsdom's: the tests use jsdom's, as the browser's would be.
  const dom = (globalThis as { jsdom?: { window: Window } }).jsdom?.window;
  if (dom)
    for (const name of ['localStorage', 'sessionStorage'] as const)
      Object.defineProperty(globalThis, name, { value: dom[name], configurable: true, writable: true });

  // antd reads these; jsdom lacks them. The tests prefer reduced motion: antd then renders without
  // animations, so dialogs open and close at once.
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('prefers-reduced-motion: reduce'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
  const realGetComputedStyle = window.getComputedStyle.bind(window);
  window.getComputedStyle = (el: Element) => realGetComputedStyle(el);

  // antd injects thousands of CSS rules at run time, and jsdom matches every rule against the
  // element on each getComputedStyle (antd measures, testing-library checks visibility): most of an
  // antd-heavy test's time went there, 20 s and more on a busy machine. The tests render no CSS
  // (`css: false`), so antd's runtime <style> elements are kept out of the document as well.
  for (const method of ['appendChild', 'insertBefore'] as const) {
    const real = Node.prototype[method] as (this: Node, ...args: Node[]) => Node;
    (Node.prototype as unknown as Record<string, unknown>)[method] = function (this: Node, child: Node, ...rest: Node[]) {
      if (this === document.head && child instanceof HTMLStyleElement) return child;
      return real.call(this, child, ...rest);
    };
  }
  const realRemoveChild = Node.prototype.removeChild;
  Node.prototype.removeChild = function <T extends Node>(this: Node, child: T): T {
    if (this === document.head && child instanceof HTMLStyleElement && child.parentNode !== this) return child;
    return realRemoveChild.call(this, child) as T;
  };
}
