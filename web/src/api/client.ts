// The typed client of the contract's endpoints (ADR 0039): method, URL and answer type come from
// the endpoint, so no call site types a URL or an answer by hand. Everything else (envelope
// checks, toasts, re-login, duplicate cancellation, prefetched answers) is request.ts's.
import type { AnyEndpoint, Envelope, HttpMethod, InputOf, OutputOf } from '@xuetu/contract';
import type { RequestConfig } from './http';
import { download, request, requestEnvelope } from './request';

type LowerKeys<T> = T extends object ? { [K in keyof T as K extends string ? Lowercase<K> : K]: T[K] } : never;

/**
 * What a caller may send to an endpoint whose schema reads `T`: its fields, names matched
 * case-insensitively as the server matches them (`KeyWord` is `keyWord`), each of the schema's
 * input type. A field the schema does not know fails the type check. (Required fields are not
 * enforced here: the server's schema answers a missing one.)
 */
export type Wire<I, T> = string extends keyof I
  ? I
  : { [K in keyof I]: K extends string ? (Lowercase<K> extends keyof LowerKeys<T> ? LowerKeys<T>[Lowercase<K>] : never) : never };

/** The input argument of `call(endpoint, …)`: nothing (or an empty object) when the endpoint reads none. */
export type CallInput<E extends AnyEndpoint, I> =
  InputOf<E> extends undefined ? undefined | Record<string, never> : I & Wire<I, NonNullable<InputOf<E>>>;

function configOf(endpoint: AnyEndpoint, input: unknown, config: RequestConfig | undefined): RequestConfig {
  const method = endpoint.method.toLowerCase();
  return { ...config, method, url: endpoint.path, ...(method === 'get' ? { params: input } : { data: input }) };
}

/** Calls an endpoint; resolves with the envelope's `data`, typed as the contract says. */
export function call<E extends AnyEndpoint, I = undefined>(
  endpoint: E,
  input?: CallInput<E, I>,
  config?: RequestConfig,
): Promise<OutputOf<E>> {
  return request<OutputOf<E>>(configOf(endpoint, input, config));
}

/** The whole envelope (for callers that show the server's msg on success). */
export function callEnvelope<E extends AnyEndpoint, I = undefined>(
  endpoint: E,
  input?: CallInput<E, I>,
  config?: RequestConfig,
): Promise<Envelope<OutputOf<E>>> {
  return requestEnvelope<OutputOf<E>>(configOf(endpoint, input, config));
}

/** A multipart upload of one file (field `file` unless told) to an `upload` endpoint. */
export function callUpload<E extends AnyEndpoint>(
  endpoint: E,
  file: Blob,
  opts: { field?: string; fields?: Record<string, string> } & RequestConfig = {},
): Promise<OutputOf<E>> {
  const { field = 'file', fields = {}, ...config } = opts;
  const form = new FormData();
  form.append(field, file);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return request<OutputOf<E>>({ ...config, method: endpoint.method.toLowerCase(), url: endpoint.path, data: form });
}

/**
 * Downloads a `file` endpoint's answer (see request.ts `download`); resolves with the file name
 * used. `sendAs` picks another of the methods the endpoint answers (a POST body where it declares
 * GET, as the results workbook is asked for).
 */
export function callDownload<E extends AnyEndpoint, I = undefined>(
  endpoint: E,
  input?: CallInput<E, I>,
  opts: { fileName?: string; sendAs?: HttpMethod } & RequestConfig = {},
): Promise<string> {
  const { sendAs = endpoint.method, ...rest } = opts;
  if (!(endpoint.methods ?? [endpoint.method]).includes(sendAs)) throw new Error(`${endpoint.path} does not answer ${sendAs}`);
  return download(endpoint.path, input, { ...rest, method: sendAs === 'GET' ? 'get' : 'post' });
}
