import type { Plugin } from 'vite';

const ID = '\0xuetu-inert-zod';

/**
 * The shared contract declares its zod request schemas next to the constants and types the web
 * app uses. The web app never validates with them (the server does), yet importing any constant
 * of such a file would evaluate its schemas and ship zod (about 20 KB brotli) to every page.
 * In the web build the contract's `zod` is a stand-in that accepts any schema-building chain and
 * fails loudly if something tries to parse with it. Imports of zod from web code itself are
 * untouched.
 */
export function inertContractZod(): Plugin {
  return {
    name: 'xuetu-inert-contract-zod',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      if (source === 'zod' && importer && /[\\/]contract[\\/]src[\\/]/.test(importer)) return ID;
      return null;
    },
    load(id) {
      if (id !== ID) return null;
      return `
const refuse = () => { throw new Error('zod schemas of @xuetu/contract are not bundled into the web app; validate on the server'); };
const PARSERS = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync', 'spa', 'decode', 'encode']);
const inert = new Proxy(function () {}, {
  get: (_target, key) => {
    if (typeof key === 'symbol' || key === 'then') return undefined;
    if (PARSERS.has(key)) return refuse;
    return key === 'shape' ? {} : inert;
  },
  apply: () => inert,
});
export const z = inert;
export default inert;
`;
    },
  };
}
