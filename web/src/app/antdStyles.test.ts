import { afterEach, describe, expect, it, vi } from 'vitest';

// the module keeps what it did once per page: a fresh copy per test
const load = async () => {
  vi.resetModules();
  return import('./antdStyles');
};

function templateOf(deferred: boolean, href = '/assets/antd-signed-x.css') {
  const t = document.createElement('template');
  t.id = 'xt-antd-static';
  t.setAttribute('data-signed-href', href);
  if (deferred) t.setAttribute('data-deferred', '');
  t.innerHTML = '<style id="portal-block">.a{color:red}</style>';
  document.head.appendChild(t);
  document.head.insertBefore(document.createElement('meta'), document.head.firstChild);
  return t;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('antd prebuilt styles on a lean page (ADR 0050)', () => {
  it('are left out of the first render, then put first in <head> with the signed-in sheet when antd first loads', async () => {
    templateOf(true);
    const { antdStyles, firstRenderStyles } = await load();
    await firstRenderStyles();
    expect(document.getElementById('portal-block')).toBeNull();
    expect(document.getElementById('xt-antd-signed')).toBeNull();

    const ready = antdStyles();
    expect(document.head.firstElementChild?.id).toBe('portal-block');
    const link = document.getElementById('xt-antd-signed') as HTMLLinkElement;
    expect(link.getAttribute('href')).toBe('/assets/antd-signed-x.css');
    let done = false;
    void ready.then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    link.dispatchEvent(new Event('load'));
    await ready;
    // once per page
    expect(antdStyles()).toBe(ready);
    expect(document.querySelectorAll('#xt-antd-signed')).toHaveLength(1);
  });

  it("on the lean pages' index (an empty template) link the block's file first in <head> and wait for both sheets", async () => {
    const t = templateOf(true);
    t.content.replaceChildren();
    t.setAttribute('data-href', '/assets/antd-static-x.css');
    const { antdStyles } = await load();
    const ready = antdStyles();
    const first = document.head.firstElementChild as HTMLLinkElement;
    expect(first.tagName).toBe('LINK');
    expect(first.getAttribute('href')).toBe('/assets/antd-static-x.css');
    const signed = document.getElementById('xt-antd-signed') as HTMLLinkElement;
    let done = false;
    void ready.then(() => {
      done = true;
    });
    signed.dispatchEvent(new Event('load'));
    await Promise.resolve();
    await Promise.resolve();
    expect(done).toBe(false);
    first.dispatchEvent(new Event('load'));
    await ready;
  });

  it('a page drawn with antd waits for the sheet index.html asked for, and adds nothing', async () => {
    templateOf(false);
    const link = document.createElement('link');
    link.id = 'xt-antd-signed';
    document.head.appendChild(link);
    const { firstRenderStyles } = await load();
    let done = false;
    const first = firstRenderStyles().then(() => {
      done = true;
    });
    await Promise.resolve();
    expect(done).toBe(false);
    link.dispatchEvent(new Event('error'));
    await first;
    expect(document.querySelectorAll('link')).toHaveLength(1);
    expect(document.getElementById('portal-block')).toBeNull();
  });

  it('resolve at once without a build (tests, the dev server)', async () => {
    const { antdStyles } = await load();
    await expect(antdStyles()).resolves.toBeUndefined();
  });
});
