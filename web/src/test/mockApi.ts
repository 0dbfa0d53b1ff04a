// Test double for the outside world: the adapter of the one transport (api/http.ts), in place of fetch.
import type { Envelope } from '@xuetu/contract';
import { CanceledError, HttpError, type HttpResponse, type SentConfig, transport } from '../api/http';
import '../api/request';

export const ok = <T>(data: T, msg = ''): Envelope<T> => ({ success: true, msg, data, errorCode: 0 });
export const fail = (msg: string, errorCode = 0): Envelope<null> => ({ success: false, msg, data: null, errorCode });

export class HttpFailure {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export class RawResponse {
  constructor(
    readonly data: unknown,
    readonly headers: Record<string, string> = {},
  ) {}
}

export type Handler = (config: SentConfig, body: unknown) => unknown;

export interface MockApi {
  calls: { url: string; method: string; body: unknown; headers: Record<string, unknown> }[];
  /** route: path after /prod-api, e.g. '/Api/User/user_user/Login' */
  on(path: string, handler: Handler | unknown): MockApi;
}

/** Replaces the adapter; unknown paths answer HTTP 404 with an envelope. */
export function mockApi(): MockApi {
  const routes = new Map<string, Handler | unknown>();
  const api: MockApi = {
    calls: [],
    on(path, handler) {
      routes.set(path.toLowerCase(), handler);
      return api;
    },
  };
  transport.adapter = async (config) => {
    const url = (config.url ?? '').split('?')[0];
    let body: unknown = config.data;
    if (typeof body === 'string') {
      try {
        body = JSON.parse(body);
      } catch {
        /* keep text */
      }
    }
    api.calls.push({ url, method: config.method ?? 'get', body, headers: { ...config.headers } });
    const route = routes.get(url.toLowerCase());
    const result = typeof route === 'function' ? await (route as Handler)(config, body) : route;
    if (config.signal?.aborted) throw new CanceledError();
    const respond = (status: number, data: unknown, headers: Record<string, string> = {}): HttpResponse => ({ data, status, headers });
    if (route === undefined)
      throw new HttpError('Request failed with status code 404', 'ERR_BAD_RESPONSE', respond(404, fail('接口不存在')));
    if (result instanceof HttpFailure)
      throw new HttpError(`Request failed with status code ${result.status}`, 'ERR_BAD_RESPONSE', respond(result.status, result.body));
    if (result instanceof RawResponse) return respond(200, result.data, result.headers);
    return respond(200, result);
  };
  return api;
}

/** A handler that waits until released, honouring the abort signal like a real adapter. */
export function deferred(value: unknown) {
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const handler: Handler = (config) =>
    new Promise((resolve, reject) => {
      config.signal?.addEventListener?.('abort', () => reject(new CanceledError()));
      void gate.then(() => resolve(value));
    });
  return { handler, release };
}
