import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import { API_BASE } from '@xuetu/contract';
import type { Access } from './route.ts';

// The OpenAPI document (issue 22 item 7). Version 3.0.3: zod writes OpenAPI 3.0 Schema
// Objects itself (`target: 'openapi-3.0'` in route.ts: boolean exclusiveMinimum, `nullable`), so
// the document validates without a hand-written conversion, and 3.0 is what the client generators
// and API tools in use here (openapi-generator, Apifox, YApi, Postman) all import; several of them
// still read 3.1 only in part.

/** The session header as OpenAPI names it: components.securitySchemes and every operation's `security`. */
export const SESSION_SCHEME = 'ydAuthorization';

/** `security` of an operation: none for public routes, the session header for every other one. */
export const securityFor = (access: Access) => (access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }]);

/**
 * A stable, unique operationId from the method and the path alone (never from the order routes
 * are registered in): the path below /prod-api with its separators as `_` and a wildcard as
 * `any`, e.g. `Api_User_user_user_LoginByTicket`. POST, the method of nearly every call, has no
 * suffix; another method adds its name (`Api_User_user_user_OpenAndClose_get`, `health_get`).
 */
export function operationIdFor(method: string, path: string): string {
  const base = path
    .replace(new RegExp(`^${API_BASE}/`, 'i'), '')
    .replace(/\{\*\}|\*/g, 'any')
    .replace(/[{}]/g, '')
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/_+$/, '');
  const m = method.toLowerCase();
  return m === 'post' ? base : `${base}_${m}`;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

type Doc = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transformObject']>>[0] extends infer D
  ? D extends { openapiObject: infer O }
    ? O
    : never
  : never;

/** Every operation gets its operationId (after the document is built: a route of several methods is one schema there). */
function withOperationIds(doc: Doc): Doc {
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    if (!item) continue;
    for (const method of METHODS) {
      const op = (item as Record<string, { operationId?: string } | undefined>)[method];
      // the methods of one route share their operation object: each gets its own copy
      if (op) (item as Record<string, unknown>)[method] = { ...op, operationId: operationIdFor(method, path) };
    }
  }
  return doc;
}

/** The @fastify/swagger options of app.ts. */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  return {
    openapi: {
      openapi: '3.0.3',
      info: { title: '学途 Xuetu API', version: '1.0.0', description: '所有接口返回 {success, msg, data, errorCode}' },
      components: {
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: 'apiKey',
            in: 'header',
            name: SESSION_SCHEME,
            description: '登录接口返回的 token，写作 `Bearer <token>`（也可放在 Authorization 头）',
          },
        },
      },
    },
    transformObject: (documentObject) =>
      'openapiObject' in documentObject ? withOperationIds(documentObject.openapiObject) : documentObject.swaggerObject,
  };
}
