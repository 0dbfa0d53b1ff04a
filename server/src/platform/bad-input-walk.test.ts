import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

// Issue 22 item 6: bad input is refused with a message, never a 500. This walk calls every route
// of the route table, signed in as the platform administrator (who may call every one), with
// bodies built from the route's own documented input schema: a lone UTF-16 surrogate in each
// string field in turn, integers past every column's range (2^31, 2^53 − 1, 2^53, −2^31 − 1,
// 1e308; the huge SaveAnswer seq among them), every field of the wrong type, and bodies that
// are no object at all. No answer may be a 5xx.

type Schema = {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
  enum?: unknown[];
  minimum?: number;
  minLength?: number;
};
type Operation = {
  requestBody?: { content: Record<string, { schema: Schema }> };
  parameters?: { in: string; name: string; schema: Schema; required?: boolean }[];
};
type Call = { method: string; url: string; path: string; schema: Schema | null; query: boolean };

const LONE = '\ud800x';
/** the UTF-8-style bytes of U+D800: the nearest a query string comes to a lone surrogate (the
 * query parser keeps an undecodable escape as its literal text, so it must only not break anything) */
const LONE_IN_QUERY = '%ED%A0%80x';
const HUGE = [2 ** 31, Number.MAX_SAFE_INTEGER, 2 ** 53, -(2 ** 31) - 1, 1e308];
const SESSION_ENDING = new Set(['/Api/User/user_user/LoginOut']);

let t: TestApp;
let token: string;
let calls: Call[];
/** every answer of the walk: `status code` → count, and the 5xx ones in full */
const statuses = new Map<number, number>();
const serverErrors: string[] = [];
const unauthorised: string[] = [];
let previous = '';

beforeAll(async () => {
  t = await buildTestApp({ env: { API_DOCS: true } });
  token = await t.login('admin');
  const doc = (await t.inject({ method: 'GET', url: '/prod-api/docs/json' })).json() as {
    paths: Record<string, Record<string, Operation>>;
  };
  calls = t.app.xuetuRoutes
    .filter((r) => !r.url.includes('*')) // files, media play and tus: paths of their own, not JSON input
    .flatMap((r) =>
      r.methods
        .filter((m) => m === 'GET' || m === 'POST')
        .map((method) => {
          const op = doc.paths[r.url]?.[method.toLowerCase()];
          const body = op?.requestBody?.content['application/json']?.schema;
          const params = op?.parameters?.filter((p) => p.in === 'query');
          const schema: Schema | null =
            body ??
            (params?.length
              ? {
                  type: 'object',
                  properties: Object.fromEntries(params.map((p) => [p.name, p.schema])),
                  required: params.filter((p) => p.required).map((p) => p.name),
                }
              : null);
          return { method, url: r.url, path: r.url.replace('/prod-api', ''), schema, query: method === 'GET' };
        }),
    );
});
afterAll(() => t.close());

const branches = (s: Schema): Schema[] => [s, ...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])];
const accepts = (s: Schema, type: string) => branches(s).some((b) => b.type === type);

/** A plausible value for `s`: its default, first enum value, or a small value of its type. */
function filler(s: Schema): unknown {
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  const b = branches(s).find((x) => x.type) ?? s;
  switch (b.type) {
    case 'string':
      return 'x'.repeat(Math.max(1, b.minLength ?? 1));
    case 'integer':
    case 'number':
      return Math.max(1, b.minimum ?? 1);
    case 'boolean':
      return false;
    case 'array':
      return b.items ? [filler(b.items)] : [];
    case 'object':
      return Object.fromEntries(Object.entries(b.properties ?? {}).map(([k, v]) => [k, filler(v)]));
    default:
      return 'x';
  }
}

/** Paths (object keys, array index 0) of every leaf of `s` accepting `type`. */
function leaves(s: Schema, type: string, path: string[] = [], depth = 0): string[][] {
  if (depth > 6) return [];
  const out: string[][] = accepts(s, type) ? [path] : [];
  for (const b of branches(s)) {
    for (const [k, v] of Object.entries(b.properties ?? {})) out.push(...leaves(v, type, [...path, k], depth + 1));
    if (b.items) out.push(...leaves(b.items, type, [...path, '0'], depth + 1));
  }
  return out.filter((p) => p.length > 0);
}

function setAt(target: unknown, path: string[], value: unknown): unknown {
  const root = structuredClone(target ?? {}) as Record<string, unknown>;
  let cur: Record<string, unknown> = root;
  path.forEach((key, i) => {
    if (i === path.length - 1) cur[key] = value;
    else {
      if (typeof cur[key] !== 'object' || cur[key] === null) cur[key] = /^\d+$/.test(path[i + 1]) ? [] : {};
      cur = cur[key] as Record<string, unknown>;
    }
  });
  return root;
}

/** Sends `input` as the call would (query string for GET, JSON body otherwise); `rawQuery` is appended as is. */
async function send(call: Call, input: unknown, rawQuery = '') {
  const headers = { ydAuthorization: `Bearer ${token}` };
  const res = call.query
    ? await t.inject({ method: 'GET', url: `${call.url}?${toQuery(input)}${rawQuery}`, headers })
    : await t.inject({
        method: call.method as 'POST',
        url: `${call.url}${rawQuery ? `?${rawQuery}` : ''}`,
        headers: { ...headers, 'content-type': 'application/json' },
        payload: JSON.stringify(input),
      });
  statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
  const label = `${call.method} ${call.path} ${JSON.stringify(input)?.slice(0, 200)}${rawQuery}`;
  if (res.statusCode >= 500) serverErrors.push(`${res.statusCode} ${label}: ${res.body.slice(0, 200)}`);
  const json = String(res.headers['content-type']).includes('json') ? res.json() : null;
  if (json?.errorCode === 401) unauthorised.push(unauthorised.length ? label : `${label} (after ${previous})`);
  previous = `${label} → ${res.statusCode} ${json?.code ?? ''} ${json?.msg ?? ''}`;
  return { status: res.statusCode, json };
}

/** The number of rows of every table: what a refused request must leave as it was. */
async function rowCounts(): Promise<Record<string, number>> {
  const tables = (await t.ctx.db.execute(
    sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  )) as unknown as { rows: { name: string }[] };
  const counts = (await t.ctx.db.execute(
    sql.raw(tables.rows.map((r) => `select '${r.name}' as name, count(*)::int as n from "${r.name}"`).join(' union all ')),
  )) as unknown as { rows: { name: string; n: number }[] };
  return Object.fromEntries(counts.rows.map((r) => [r.name, Number(r.n)]));
}

function toQuery(input: unknown): string {
  if (!input || typeof input !== 'object') return '';
  return Object.entries(input as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null && typeof v !== 'object')
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
    .join('&');
}

// each walk sends every route several bodies, and every new route lengthens it: 30 s ran out with the
// whole suite running on a slower 2-core machine (2026-12-02); a limit, not a timing assert
describe('every route with bad input', { timeout: 120_000 }, () => {
  it('refuses a lone surrogate in every string field, naming it, before anything is written', async () => {
    const wrong: string[] = [];
    let checked = 0;
    const before = await rowCounts();
    for (const call of calls) {
      if (!call.schema || call.query) continue;
      const base = filler(call.schema);
      for (const path of leaves(call.schema, 'string')) {
        const { status, json } = await send(call, setAt(base, path, LONE));
        checked++;
        const named = `参数 ${path.join('.')} 含有不完整的字符（如被截断的表情符号），请删除后重试`;
        // a route's own rate limit may answer first (429); anything else must be the refusal
        if (status !== 429 && (json?.code !== 'BAD_INPUT' || json?.msg !== named))
          wrong.push(`${call.path} ${path.join('.')}: ${status} ${json?.msg}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(checked).toBeGreaterThan(300);
    expect(await rowCounts()).toEqual(before);
    // the query-string form of GET calls: kept as literal text by the parser, it must break nothing
    for (const call of calls) {
      if (!call.schema || !call.query) continue;
      const base = filler(call.schema);
      for (const path of leaves(call.schema, 'string'))
        if (path.length === 1) await send(call, setAt(base, path, undefined), `&${encodeURIComponent(path[0])}=${LONE_IN_QUERY}`);
    }
    expect(serverErrors).toEqual([]);
  });

  it('answers integers past every range with a message, not a 500', async () => {
    for (const call of calls) {
      if (!call.schema) continue;
      const numeric = [...leaves(call.schema, 'integer'), ...leaves(call.schema, 'number')];
      if (!numeric.length) continue;
      const base = filler(call.schema);
      for (const value of HUGE) {
        // all at once, then each alone beside plausible values (so no other field is refused first)
        let body = base;
        for (const path of numeric) body = setAt(body, path, value);
        await send(call, body);
        if (numeric.length > 1) for (const path of numeric) await send(call, setAt(base, path, value));
      }
    }
    expect(serverErrors).toEqual([]);
  });

  it('answers a number past an integer column as bad input and writes nothing', async () => {
    const corp = await t.login('corpadmin');
    const before = await rowCounts();
    for (const [path, body] of [
      ['/Api/User/user_org/AddOrg', { orgName: '超大上级', pId: 2 ** 31 }],
      ['/Api/SysConfig/sys_message/SendMessage', { userIds: [2 ** 31], title: '超大收件人', content: 'x', templeteType: 1 }],
      ['/Api/Exam_Manage/ex_question/GetPageList', { qType: Number.MAX_SAFE_INTEGER }],
    ] as const) {
      const res = await t.post(path, body, corp);
      expect(res, path).toMatchObject({ success: false, code: 'BAD_INPUT', msg: '请求参数中的数值超出允许范围，请检查后重试' });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('answers fields of the wrong type and bodies that are no object with a message, not a 500', async () => {
    const wrongType = (s: Schema): unknown =>
      accepts(s, 'string') ? { not: 'text' } : accepts(s, 'array') ? 'not-a-list' : accepts(s, 'object') ? 42 : '不是数字';
    for (const call of calls) {
      if (call.schema?.properties)
        await send(call, Object.fromEntries(Object.entries(call.schema.properties).map(([k, v]) => [k, wrongType(v)])));
      // LoginOut reads no input and would end the walk's session
      if (!call.query && !SESSION_ENDING.has(call.path))
        for (const body of [[1, 2], 'text', 12, null, { '': 1, __proto__x: {} }]) await send(call, body);
    }
    expect(serverErrors).toEqual([]);
  });

  it('answers junk on the file, media and upload paths (outside the JSON walk) without a 5xx', async () => {
    const headers = { ydAuthorization: `Bearer ${token}` };
    const requests: { method: 'GET' | 'POST' | 'PATCH' | 'HEAD' | 'DELETE'; url: string; headers?: Record<string, string> }[] = [
      { method: 'GET', url: `/prod-api/files/${LONE_IN_QUERY}` },
      { method: 'GET', url: '/prod-api/files/..%2F..%2Fetc%2Fpasswd' },
      { method: 'GET', url: `/prod-api/media/play/${LONE_IN_QUERY}?t=${LONE_IN_QUERY}` },
      { method: 'GET', url: `/prod-api/media/play/x/y.m3u8?t=${'a'.repeat(3000)}` },
      { method: 'POST', url: '/prod-api/media/upload', headers: { 'tus-resumable': '1.0.0', 'upload-length': '-1' } },
      { method: 'PATCH', url: '/prod-api/media/upload/nope', headers: { 'tus-resumable': '1.0.0', 'upload-offset': 'x' } },
      { method: 'HEAD', url: `/prod-api/media/upload/${LONE_IN_QUERY}`, headers: { 'tus-resumable': '1.0.0' } },
      { method: 'DELETE', url: '/prod-api/media/upload/nope', headers: { 'tus-resumable': '1.0.0' } },
    ];
    const answers: string[] = [];
    for (const r of requests) {
      const res = await t.inject({ method: r.method, url: r.url, headers: { ...headers, ...r.headers } });
      answers.push(`${r.method} ${r.url.slice(0, 60)} → ${res.statusCode}`);
    }
    expect(answers.filter((a) => / → 5\d\d$/.test(a))).toEqual([]);
  });

  it('ran signed in throughout and met no 5xx', () => {
    // the administrator may call every route: a 401 would mean the walk lost its session
    expect(unauthorised).toEqual([]);
    expect(serverErrors).toEqual([]);
    expect(calls.length).toBeGreaterThan(200);
    console.info(`bad-input walk: ${calls.length} calls, answers by status ${JSON.stringify(Object.fromEntries(statuses))}`);
  });
});
