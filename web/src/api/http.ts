// The transport under request.ts: one call over the browser's fetch, with what the app used from
// axios and nothing more (issue 23 item 11: axios was a tenth of every page's start-up
// JavaScript). Query parameters as axios wrote them, a JSON or multipart body, a timeout, an
// abort signal, the answer read as JSON (or text, or a Blob when asked), a status outside 2xx as
// an HttpError that carries the answer. Tests replace `transport.adapter` (test/mockApi.ts).

export type Method = 'get' | 'post' | 'put' | 'delete' | 'patch' | 'head';

/** One call as the app describes it. */
export interface RequestConfig {
  method?: Method | string;
  /** path after the base, e.g. /Api/User/user_user/Login */
  url?: string;
  /** query parameters (flat: scalars, or arrays of them) */
  params?: unknown;
  /** the body: an object (sent as JSON), FormData or a string */
  data?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** ms; 0: none. Default: the transport's */
  timeout?: number;
  /** 'blob': the answer as a Blob (downloads) */
  responseType?: 'json' | 'blob';
  /** no toast and no re-login prompt on failure; the promise still rejects (request.ts) */
  silent?: boolean;
  /** cancel an identical request still in flight (default true; off for uploads; request.ts) */
  dedupe?: boolean;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** lower-case names */
  headers: Record<string, string>;
}

export type HttpErrorCode = 'ERR_NETWORK' | 'ECONNABORTED' | 'ERR_BAD_RESPONSE';

/** A call that got no usable answer: no connection, out of time, or a status outside 2xx (with the answer). */
export class HttpError extends Error {
  constructor(
    message: string,
    readonly code: HttpErrorCode,
    readonly response?: HttpResponse,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** A call given up on purpose (its signal aborted): never a failure to report. */
export class CanceledError extends Error {
  constructor() {
    super('canceled');
    this.name = 'CanceledError';
  }
}

/** What the adapter receives: the call with its headers made and its timeout decided. */
export type SentConfig = RequestConfig & { headers: Record<string, string>; timeout: number };
export type Adapter = (config: SentConfig) => Promise<HttpResponse>;

function encode(key: string, value: unknown): string {
  const text = value instanceof Date ? value.toISOString() : typeof value === 'object' ? JSON.stringify(value) : String(value);
  return `${encodeURIComponent(key)}=${encodeURIComponent(text)}`;
}

/** Query string as axios wrote it: null and undefined left out, arrays as `key[]=…` repeated. */
export function queryString(params: unknown): string {
  if (!params || typeof params !== 'object') return '';
  const parts: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const v of value) parts.push(encode(`${key}[]`, v));
    else parts.push(encode(key, value));
  }
  return parts.join('&');
}

function bodyOf(data: unknown, headers: Record<string, string>): BodyInit | undefined {
  if (data === undefined || data === null) return undefined;
  if (typeof FormData !== 'undefined' && data instanceof FormData) return data;
  if (typeof data === 'string') return data;
  headers['content-type'] ??= 'application/json';
  return JSON.stringify(data);
}

/** JSON when it parses (the server answers JSON), else the text. */
function parse(text: string): unknown {
  if (!text) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The real adapter: fetch. */
const fetchAdapter: Adapter = async (config) => {
  const query = queryString(config.params);
  const url = `${transport.baseURL}${config.url ?? ''}${query ? `${config.url?.includes('?') ? '&' : '?'}${query}` : ''}`;
  const headers = { accept: 'application/json, text/plain, */*', ...config.headers };
  const body = bodyOf(config.data, headers);
  // one signal for the caller's abort and the timeout; which one fired decides the error
  const controller = new AbortController();
  let timedOut = false;
  const timer =
    config.timeout > 0
      ? setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, config.timeout)
      : undefined;
  const onAbort = () => controller.abort();
  if (config.signal?.aborted) controller.abort();
  else config.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const res = await fetch(url, {
      method: (config.method ?? 'get').toUpperCase(),
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const answer: HttpResponse = {
      data: config.responseType === 'blob' && res.ok ? await res.blob() : parse(await res.text()),
      status: res.status,
      headers: Object.fromEntries([...res.headers].map(([k, v]) => [k.toLowerCase(), v])),
    };
    if (!res.ok) throw new HttpError(`Request failed with status code ${res.status}`, 'ERR_BAD_RESPONSE', answer);
    return answer;
  } catch (err) {
    if (err instanceof HttpError) throw err;
    if (timedOut) throw new HttpError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED');
    if (controller.signal.aborted) throw new CanceledError();
    throw new HttpError('Network Error', 'ERR_NETWORK');
  } finally {
    clearTimeout(timer);
    config.signal?.removeEventListener('abort', onAbort);
  }
};

/** The base, the default timeout and the adapter every call goes through. */
export const transport: { baseURL: string; timeout: number; adapter: Adapter } = {
  baseURL: '',
  timeout: 0,
  adapter: fetchAdapter,
};

/** Sends one call: the transport's base and timeout unless the call says otherwise. */
export function send(config: RequestConfig): Promise<HttpResponse> {
  return transport.adapter({ ...config, headers: { ...config.headers }, timeout: config.timeout ?? transport.timeout });
}
