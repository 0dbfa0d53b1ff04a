import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * antd's styles for the components every sign-in and portal page draws first (grid, form, input,
 * button, checkbox, spin, avatar, empty, skeleton), made at build time and put into index.html.
 * antd (CSS-in-JS) otherwise builds them in the browser on the first render: about 180,000
 * characters of CSS on /login (the grid alone 87,000), most of the page's main-thread time on a
 * phone (issue 15, Lighthouse TBT). The block ends with antd's own marker rule
 * (`.data-ant-cssinjs-cache-path`), read once by @ant-design/cssinjs: a style listed there is
 * taken as present and not built again. A page with another theme hash (e.g. another antd
 * version) finds nothing listed and builds its styles at run time as before.
 */
export function antdStaticStyle(webRoot: string): Plugin {
  let css = '';
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
      renderToString(
        h(
          cssinjs.StyleProvider,
          { cache },
          h(
            ConfigProvider,
            { locale: zhCN.default, theme: { token: { colorPrimary } } },
            h(Row, null, h(Col, { span: 12 })),
            h(Form, null, h(Form.Item, { label: 'a' }, h(Input)), h(Form.Item, null, h(Input.Password))),
            h(Button, { type: 'primary' }, 'a'),
            h(Checkbox),
            h(Spin),
            h(Avatar),
            h(Empty),
            h(Skeleton, { active: true }),
          ),
        ),
      );
      // component styles only: the CSS variables' block is keyed per mount and made at run time
      css = cssinjs.extractStyle(cache, { plain: true, types: 'style' });
      if (process.env.NODE_ENV === 'production' && css.includes('css-dev-only')) throw new Error('antd-static-style: development hash');
      if (css.includes('</')) throw new Error('antd-static-style: the CSS would end the <style> element');
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!css) return html;
        // before everything else in <head>: antd puts its run-time styles first, these go with them
        return html.replace('<head>', `<head>\n    <style>${css}</style>`);
      },
    },
  };
}
