import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { operationIdFor, SESSION_SCHEME } from './openapi.ts';

// Issue 22 item 7: the API document (served in development; API_DOCS=true in production) is a
// valid OpenAPI 3.0.3 document, names every operation once and says which need the session header.
type Operation = {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: unknown }> };
};
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { securitySchemes: Record<string, unknown> } };

let t: TestApp;
let doc: Doc;
beforeAll(async () => {
  t = await buildTestApp({ env: { API_DOCS: true } });
  const res = await t.inject({ method: 'GET', url: '/prod-api/docs/json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => t.close());

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ path, method, op })));
/** a route's url as the document spells its path (`*` → `{*}`, `:id` → `{id}`) */
const docPath = (url: string) => url.replace(/\*/g, '{*}').replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.0.3', async () => {
    const validator = new Validator({ allErrors: true });
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(doc.openapi).toBe('3.0.3');
    expect(validator.version).toBe('3.0');
  });

  it('writes exclusive bounds as OpenAPI 3.0 does (a boolean beside minimum)', () => {
    const save = doc.paths['/prod-api/Api/UserExam/ex_userexam/SaveAnswer'].post;
    const schema = save.requestBody?.content['application/json'].schema as { properties: Record<string, unknown> } | undefined;
    expect(schema?.properties.seq).toMatchObject({ type: 'integer', minimum: 0, exclusiveMinimum: true, maximum: Number.MAX_SAFE_INTEGER });
  });

  it('documents every route of the route table with every method', () => {
    const missing = t.app.xuetuRoutes.flatMap((r) =>
      r.methods.filter((m) => !doc.paths[docPath(r.url)]?.[m.toLowerCase()]).map((m) => `${m} ${r.url}`),
    );
    expect(missing).toEqual([]);
    // the input schema of every route that reads JSON or a query is there (the bad-input walk builds its bodies from it)
    const undocumented = t.app.xuetuRoutes
      .filter((r) => r.jsonInput)
      .flatMap((r) =>
        r.methods.map((m) => ({
          url: r.url,
          m,
          op: doc.paths[docPath(r.url)]?.[m.toLowerCase()] as Operation & { parameters?: unknown[] },
        })),
      )
      .filter(({ op }) => !op?.requestBody && !op?.parameters?.length)
      .map(({ url, m }) => `${m} ${url}`);
    expect(undocumented).toEqual([]);
  });

  it('gives every operation a unique operationId derived from its method and path', () => {
    const ids = operations().map(({ op }) => op.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[A-Za-z0-9_]+$/.test(id))).toBe(true);
    const seen = new Map<string, number>();
    for (const id of ids) seen.set(id as string, (seen.get(id as string) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1)).toEqual([]);
    // stable: a function of the method and the path, whatever else is registered or in which order
    for (const { path, method, op } of operations()) expect(op.operationId, `${method} ${path}`).toBe(operationIdFor(method, path));
    const idOf = (path: string, method: string) => doc.paths[`/prod-api${path}`][method].operationId;
    expect(idOf('/Api/User/user_user/LoginByTicket', 'post')).toBe('Api_User_user_user_LoginByTicket');
    expect(idOf('/Api/User/user_user/LoginByTicket', 'get')).toBe('Api_User_user_user_LoginByTicket_get');
    expect(idOf('/health', 'get')).toBe('health_get');
    expect(idOf('/media/upload/{*}', 'patch')).toBe('media_upload_any_patch');
  });

  it('describes the session header as a security scheme, required by every non-public operation', () => {
    expect(doc.components.securitySchemes[SESSION_SCHEME]).toMatchObject({ type: 'apiKey', in: 'header', name: 'ydAuthorization' });
    const wrong: string[] = [];
    for (const route of t.app.xuetuRoutes)
      for (const method of route.methods) {
        const op = doc.paths[docPath(route.url)]?.[method.toLowerCase()];
        const expected = route.access === 'public' ? [] : [{ [SESSION_SCHEME]: [] }];
        if (JSON.stringify(op?.security) !== JSON.stringify(expected))
          wrong.push(`${method} ${route.url}: ${JSON.stringify(op?.security)}`);
      }
    expect(wrong).toEqual([]);
    // both kinds are there: the check above is not vacuous
    expect(operations().filter(({ op }) => op.security?.length === 0).length).toBeGreaterThan(5);
    expect(operations().filter(({ op }) => op.security?.length === 1).length).toBeGreaterThan(100);
  });

  it('the scheme works as described: the login token in that header signs the call in', async () => {
    const token = await t.login('learner01');
    const res = await t.postRaw('/Api/User/user_user/GetUserInfo', {}, token);
    expect(res.json()).toMatchObject({ success: true, data: { accountCode: 'learner01' } });
  });
});
