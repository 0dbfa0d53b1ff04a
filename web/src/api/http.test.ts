// @vitest-environment node
// The fetch transport against a real HTTP server on loopback (the other web tests replace its
// adapter with test/mockApi.ts): what goes out, what comes back, and each way a call fails.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { CanceledError, HttpError, queryString, send, transport } from './http';

let server: Server;
let origin = '';
let seen: { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      const path = (req.url ?? '').split('?')[0];
      if (path === '/prod-api/ok') {
        res.setHeader('content-type', 'application/json');
        res.setHeader('Content-Disposition', 'attachment; filename="a.txt"');
        res.end(JSON.stringify({ success: true, msg: '', data: 7, errorCode: 0 }));
      } else if (path === '/prod-api/text') res.end('plain words');
      else if (path === '/prod-api/refused') {
        res.statusCode = 403;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ success: false, msg: '无权访问', data: null, errorCode: 403 }));
      } else if (path === '/prod-api/slow') setTimeout(() => res.end('{}'), 1000);
      else if (path === '/prod-api/file') {
        res.setHeader('content-type', 'application/pdf');
        res.end(Buffer.from('%PDF-1.7'));
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
beforeEach(() => {
  seen = [];
  transport.baseURL = `${origin}/prod-api`;
  transport.timeout = 30_000;
});

describe('the fetch transport', () => {
  it('writes query parameters as axios did: nulls left out, arrays as key[]', () => {
    expect(queryString({ a: 1, b: 'x y', c: null, d: undefined, e: [1, 2], f: true })).toBe('a=1&b=x%20y&e%5B%5D=1&e%5B%5D=2&f=true');
    expect(queryString(undefined)).toBe('');
  });

  it('sends a JSON body with its headers and reads the JSON answer and its headers', async () => {
    const res = await send({
      method: 'post',
      url: '/ok',
      params: { page: 2 },
      data: { name: '张三' },
      headers: { ydAuthorization: 'Bearer t' },
    });
    expect(res.status).toBe(200);
    expect(res.data).toEqual({ success: true, msg: '', data: 7, errorCode: 0 });
    expect(res.headers['content-disposition']).toBe('attachment; filename="a.txt"');
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/prod-api/ok?page=2', body: '{"name":"张三"}' });
    expect(seen[0].headers['content-type']).toBe('application/json');
    expect(seen[0].headers.ydauthorization).toBe('Bearer t');
  });

  it('sends multipart as the browser makes it, and a GET without a body', async () => {
    const form = new FormData();
    form.append('file', new Blob(['abc']), 'a.txt');
    await send({ method: 'post', url: '/ok', data: form });
    expect(seen[0].headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen[0].body).toContain('abc');
    await send({ url: '/ok' });
    expect(seen[1]).toMatchObject({ method: 'GET', body: '' });
  });

  it('gives text that is not JSON as text, and a file as a Blob when asked', async () => {
    expect((await send({ url: '/text' })).data).toBe('plain words');
    const file = await send({ url: '/file', responseType: 'blob' });
    expect(file.data).toBeInstanceOf(Blob);
    expect(await (file.data as Blob).text()).toBe('%PDF-1.7');
  });

  it('a status outside 2xx is an HttpError that carries the parsed answer', async () => {
    const err = (await send({ url: '/refused', responseType: 'blob' }).catch((e) => e)) as HttpError;
    expect(err).toBeInstanceOf(HttpError);
    expect(err.code).toBe('ERR_BAD_RESPONSE');
    expect(err.response?.status).toBe(403);
    expect(err.response?.data).toMatchObject({ msg: '无权访问' });
  });

  it('out of time is ECONNABORTED; an aborted signal is a CanceledError; no server is ERR_NETWORK', async () => {
    const late = (await send({ url: '/slow', timeout: 100 }).catch((e) => e)) as HttpError;
    expect(late).toBeInstanceOf(HttpError);
    expect(late.code).toBe('ECONNABORTED');

    const controller = new AbortController();
    const pending = send({ url: '/slow', signal: controller.signal }).catch((e) => e);
    setTimeout(() => controller.abort(), 50);
    expect(await pending).toBeInstanceOf(CanceledError);
    expect(await send({ url: '/ok', signal: AbortSignal.abort() }).catch((e) => e)).toBeInstanceOf(CanceledError);

    transport.baseURL = 'http://127.0.0.1:1/prod-api';
    const down = (await send({ url: '/ok' }).catch((e) => e)) as HttpError;
    expect(down).toBeInstanceOf(HttpError);
    expect(down.code).toBe('ERR_NETWORK');
  });
});
