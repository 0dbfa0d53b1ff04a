import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import {
  ANTD_DEFERRED_ATTR,
  ANTD_SIGNED_HREF_ATTR,
  ANTD_SIGNED_STYLE_ID,
  ANTD_STATIC_HREF_ATTR,
  ANTD_STATIC_TEMPLATE_ID,
} from '../src/app/antdStyles';

/** the index of the lean pages and their paths, beside index.html (the server reads both) */
export const LEAN_INDEX_FILE = 'index-lean.html';
export const LEAN_PATHS_FILE = 'lean-pages.json';
/** the public pages served the lean index whoever asks (issue 39 item 2; the server reads it) */
export const LEAN_PUBLIC_PATHS_FILE = 'lean-public-pages.json';

/** antd's marker rule: `.data-ant-cssinjs-cache-path{content:"path:hash;path:hash"}` */
const MARKER = /\.data-ant-cssinjs-cache-path\{content:"([^"]*)";\}/;

/**
 * antd's styles for the components every sign-in and portal page draws first (grid, form, input,
 * button, checkbox, spin, avatar, empty, skeleton), made at build time and put into index.html.
 * antd (CSS-in-JS) otherwise builds them in the browser on the first render: about 180,000
 * characters of CSS on /login (the grid alone 87,000), most of the page's main-thread time on a
 * phone (issue 15, Lighthouse TBT). The block ends with antd's own marker rule
 * (`.data-ant-cssinjs-cache-path`), read once by @ant-design/cssinjs: a style listed there is
 * taken as present and not built again. A page with another theme hash (e.g. another antd
 * version) finds nothing listed and builds its styles at run time as before.
 *
 * With a session (the cookie `cookie`, on a page that is not in `skip`), a second stylesheet
 * `assets/antd-signed-<hash>.css`: the styles of the signed-in layout (layout, menu, dropdown,
 * badge, breadcrumb, app/message/modal) and of the learner pages (card, tabs, typography,
 * descriptions, tag, progress, list, select, radio, …), with a marker rule listing both sets (the
 * later rule wins, so it replaces the first one's). An inline script adds its `<link>` before the
 * app's scripts run; main.tsx waits (at most 3 s) for it before the first render, since antd reads
 * the marker once (issue 23 item 11: on the learner pages antd's run-time CSS was most of the
 * main thread's work). Visitors never fetch it.
 */
export function antdStaticStyle(
  webRoot: string,
  signed: { cookie: string; skip: string[]; lean: string[]; leanPublic?: string[] },
): Plugin {
  let css = '';
  let signedCss = '';
  let signedFile = '';
  let staticFile = '';
  return {
    name: 'xuetu-antd-static-style',
    apply: 'build',
    async buildStart() {
      // the product's theme colour, as Providers.tsx sets it (the contract is TypeScript source)
      const limits = readFileSync(join(webRoot, '..', 'contract', 'src', 'limits.ts'), 'utf8');
      const colorPrimary = /DEFAULT_THEME_COLOR = '([^']+)'/.exec(limits)?.[1];
      if (!colorPrimary) throw new Error('antd-static-style: DEFAULT_THEME_COLOR not found');
      const [{ createElement: h }, { renderToString }, cssinjs, antd, zhCN] = await Promise.all([
        import('react'),
        import('react-dom/server'),
        import('@ant-design/cssinjs'),
        import('antd'),
        import('antd/locale/zh_CN'),
      ]);
      const { Avatar, Button, Checkbox, Col, ConfigProvider, Empty, Form, Input, Row, Skeleton, Spin } = antd;
      const cache = cssinjs.createCache();
      const render = (...children: ReturnType<typeof h>[]) =>
        renderToString(
          h(cssinjs.StyleProvider, { cache }, h(ConfigProvider, { locale: zhCN.default, theme: { token: { colorPrimary } } }, ...children)),
        );
      render(
        h(Row, null, h(Col, { span: 12 })),
        h(Form, null, h(Form.Item, { label: 'a' }, h(Input)), h(Form.Item, null, h(Input.Password))),
        h(Button, { type: 'primary' }, 'a'),
        h(Checkbox),
        h(Spin),
        h(Avatar),
        h(Empty),
        h(Skeleton, { active: true }),
      );
      // component styles only: the CSS variables' block is keyed per mount and made at run time
      // (`once`: the second extract below then holds only what the signed-in pages add)
      css = cssinjs.extractStyle(cache, { plain: true, types: 'style', once: true });
      // the signed-in layout and the learner pages (dashboard, catalogue, study, exam)
      const { Alert, App, Badge, Breadcrumb, Card, Descriptions, Divider, Drawer, Dropdown, Layout, List, Menu, Modal, Pagination } = antd;
      const { Popconfirm, Progress, Radio, Result, Select, Space, Statistic, Tabs, Tag, Tooltip, Typography } = antd;
      const items = [{ key: 'a', label: 'a', children: [{ key: 'b', label: 'b' }] }];
      render(
        h(
          App,
          null,
          h(
            Layout,
            null,
            h(Layout.Sider, { collapsible: true, trigger: null }, h(Menu, { mode: 'inline', theme: 'dark', items })),
            h(Layout.Content, null, 'a'),
          ),
          h(Menu, { mode: 'vertical', items }),
          h(Dropdown, { menu: { items } }, h('button', null, 'a')),
          h(Tooltip, { title: 'a' }, h('span', null, 'a')),
          h(Badge, { count: 1, size: 'small' }, h('span', null, 'a')),
          h(Breadcrumb, { items: [{ title: 'a' }, { title: 'b' }] }),
          h(Card, { title: 'a', hoverable: true, cover: h('img', { alt: '' }) }, h(Card.Meta, { title: 'a', description: 'b' })),
          h(Descriptions, { size: 'small', items: [{ key: 'a', label: 'a', children: 'b' }] }),
          h(Typography.Title, { level: 2 }, 'a'),
          h(Typography.Text, { strong: true, ellipsis: true }, 'a'),
          h(Typography.Paragraph, { ellipsis: { rows: 2 } }, 'a'),
          h(Tabs, { items: [{ key: 'a', label: 'a', children: 'b' }] }),
          h(Tag, { color: 'success' }, 'a'),
          h(Progress, { percent: 50, size: 'small' }),
          h(Progress, { type: 'circle', percent: 50 }),
          h(Space, { direction: 'vertical', wrap: true }, h('span', null, 'a')),
          h(Input.Search, { allowClear: true }),
          h(Input.TextArea),
          h(Pagination, { total: 50 }),
          h(List, { dataSource: ['a'], renderItem: (x: unknown) => h(List.Item, null, String(x)) }),
          h(Result, { status: '404', title: 'a' }),
          h(Alert, { type: 'warning', showIcon: true, message: 'a' }),
          h(Select, { options: [{ value: 'a', label: 'a' }] }),
          h(Radio.Group, { options: ['a'] }),
          h(Checkbox.Group, { options: ['a'] }),
          h(Statistic, { title: 'a', value: 1 }),
          h(Popconfirm, { title: 'a' }, h('span', null, 'a')),
          h(Divider),
          h(Modal, { open: false }),
          h(Drawer, { open: false }),
        ),
      );
      const more = cssinjs.extractStyle(cache, { plain: true, types: 'style', once: true });
      const first = MARKER.exec(css)?.[1];
      const second = MARKER.exec(more)?.[1];
      if (first === undefined || second === undefined) throw new Error('antd-static-style: no cache-path marker');
      // the signed-in sheet's marker lists both sets: it comes after the inline one and replaces it
      signedCss = more.replace(MARKER, `.data-ant-cssinjs-cache-path{content:"${first};${second}";}`);
      for (const text of [css, signedCss]) {
        if (process.env.NODE_ENV === 'production' && text.includes('css-dev-only')) throw new Error('antd-static-style: development hash');
      }
      if (css.includes('</')) throw new Error('antd-static-style: the CSS would end the <style> element or its <template>');
      // named by its content, as Vite names assets (the server caches assets/ for a year)
      signedFile = `assets/antd-signed-${createHash('sha256').update(signedCss).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName: signedFile, source: signedCss });
      // the portal's block as a file too: the lean pages' index (below) carries it by address only
      staticFile = `assets/antd-static-${createHash('sha256').update(css).digest('base64url').slice(0, 8)}.css`;
      this.emitFile({ type: 'asset', fileName: staticFile, source: css });
    },
    // the index served to a signed-in lean page (ADR 0050; server/src/platform/spa.ts): without the
    // portal's block (196 KB of CSS the page would parse before its first paint, and not use)
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!css || index?.type !== 'asset') return;
        const html = String(index.source);
        const block = `<style>${css}</style></template>`;
        if (!html.includes(block)) this.error('antd-static-style: the portal block is not in index.html');
        this.emitFile({ type: 'asset', fileName: LEAN_INDEX_FILE, source: html.replace(block, '</template>') });
        this.emitFile({ type: 'asset', fileName: LEAN_PATHS_FILE, source: JSON.stringify(signed.lean) });
        this.emitFile({ type: 'asset', fileName: LEAN_PUBLIC_PATHS_FILE, source: JSON.stringify(signed.leanPublic ?? []) });
      },
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!css) return html;
        // The block sits in a <template> (parsed as text, not applied) and the script after it puts
        // it first in <head> (antd puts its run-time styles first, these go with them), with the
        // signed-in sheet's <link> when there is a session on a signed-in page. On a lean signed-in
        // page (ADR 0050), and on a lean public page (`leanPublic`, /home: issue 39 item 2) whether
        // signed in or not, it leaves both to app/antdStyles.ts, for when the page first loads antd.
        const attrs = ` ${ANTD_STATIC_HREF_ATTR}="/${staticFile}"${signedFile ? ` ${ANTD_SIGNED_HREF_ATTR}="/${signedFile}"` : ''}`;
        const template = `<template id="${ANTD_STATIC_TEMPLATE_ID}"${attrs}><style>${css}</style></template>`;
        // the same script in both index files (one CSP hash): an empty template (the lean pages'
        // index, below) is replaced by a link to the block's file
        const script = `(function(t,s,n,i,v){var e=document.getElementById(i);if(!e)return;var p=location.pathname.toLowerCase().replace(/\\/+$/,'')||'/',k=(window.__xtCk||(window.__xtCk='; '+document.cookie)).indexOf('; '+t+'=')>=0&&s.indexOf(p)<0,h=e.getAttribute(${JSON.stringify(ANTD_SIGNED_HREF_ATTR)}),l;if(k&&n.indexOf(p)>=0||v.indexOf(p)>=0){e.setAttribute(${JSON.stringify(ANTD_DEFERRED_ATTR)},'');return}if(e.content.firstChild)document.head.insertBefore(e.content,document.head.firstChild);else{l=document.createElement('link');l.rel='stylesheet';l.href=e.getAttribute(${JSON.stringify(ANTD_STATIC_HREF_ATTR)});document.head.insertBefore(l,document.head.firstChild)}if(!k||!h)return;l=document.createElement('link');l.rel='stylesheet';l.id=${JSON.stringify(ANTD_SIGNED_STYLE_ID)};l.href=h;document.head.appendChild(l)})(${JSON.stringify(signed.cookie)},${JSON.stringify(signed.skip)},${JSON.stringify(signed.lean)},${JSON.stringify(ANTD_STATIC_TEMPLATE_ID)},${JSON.stringify(signed.leanPublic ?? [])})`;
        return html.replace('<head>', `<head>\n    ${template}\n    <script>${script}</script>`);
      },
    },
  };
}
