// The one request wrapper: envelope checks, error toasts, 401 re-login prompt,
// duplicate in-flight cancellation and the 30 s timeout (spec portal-and-learner §7, §8).
import { API_BASE, AUTH_HEADER, type Envelope, MESSAGE_DURATION_MS, REQUEST_TIMEOUT_MS } from '@xuetu/contract';
import { getToken, removeToken } from '../app/auth';
import { feedback } from '../app/feedback';
import { CanceledError, HttpError, type HttpResponse, type RequestConfig, send as sendHttp, transport } from './http';
import { takePrefetched } from './prefetch';

export type { RequestConfig } from './http';

export const RELOGIN_TITLE = '系统提示';
export const RELOGIN_TEXT = '登录状态已过期，您可以继续留在该页面，或者重新登录';
export const RELOGIN_OK = '重新登录';
export const RELOGIN_CANCEL = '暂不';
export const TIMEOUT_TEXT = '请求超时，请稍后重试';
export const NETWORK_TEXT = '网络连接异常，请检查网络后重试';
export const EXPORT_FAILED_TEXT = '导出失败';

/** A failed call: the envelope's msg (or 'Error') and, when the server answered, the envelope. */
export class ApiError extends Error {
  readonly errorCode: number;
  readonly envelope?: Envelope<unknown>;
  readonly status?: number;
  constructor(message: string, opts: { errorCode?: number; envelope?: Envelope<unknown>; status?: number } = {}) {
    super(message);
    this.name = 'ApiError';
    this.errorCode = opts.errorCode ?? 0;
    this.envelope = opts.envelope;
    this.status = opts.status;
  }
}

/** A call cancelled on purpose (superseded duplicate, unmounted caller): never a failure to report. */
export function isCancelled(err: unknown): boolean {
  return err instanceof Error && (err.name === 'CanceledError' || err.name === 'AbortError');
}

transport.baseURL = API_BASE;
transport.timeout = REQUEST_TIMEOUT_MS;

/** One call with the session's header, straight to the transport (no envelope rules: downloads read the answer themselves). */
export function sendRaw<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>> {
  const token = getToken();
  const headers = token ? { ...config.headers, [AUTH_HEADER]: `Bearer ${token}` } : config.headers;
  return sendHttp({ ...config, headers }) as Promise<HttpResponse<T>>;
}

const inflight = new Map<string, AbortController>();

function serialise(value: unknown): string {
  if (value === undefined || value === null) return '';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

export function requestKey(config: RequestConfig): string {
  return [(config.method ?? 'get').toLowerCase(), config.url, serialise(config.params), serialise(config.data)].join('|');
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return typeof body === 'object' && body !== null && 'success' in body;
}

let reloginOpen = false;

/** Only one expired-session prompt at a time; re-login clears the token and reloads. */
function promptRelogin(): void {
  if (reloginOpen) return;
  reloginOpen = true;
  void feedback.confirm({ title: RELOGIN_TITLE, content: RELOGIN_TEXT, okText: RELOGIN_OK, cancelText: RELOGIN_CANCEL }).then((ok) => {
    reloginOpen = false;
    if (ok) {
      removeToken();
      feedback.reload();
    }
  });
}

/** Throws ApiError (after the toast / prompt) when the envelope reports a failure. */
export const PASSWORD_CHANGE_REQUIRED = 'PASSWORD_CHANGE_REQUIRED';
let passwordChangeRequired: () => void = () => {};
/** Who restricts the app to the password change when the server says a temporary password is in use. */
export function onPasswordChangeRequired(fn: () => void): void {
  passwordChangeRequired = fn;
}

function checkEnvelope<T>(body: Envelope<T>, config: RequestConfig, status?: number): Envelope<T> {
  const code = body.errorCode === undefined || body.errorCode === null ? 0 : Number(body.errorCode);
  if (code === 0 && body.success !== false) return body;
  const msg = body.msg || 'Error';
  if (body.code === PASSWORD_CHANGE_REQUIRED) {
    // the password dialog says why; a toast per refused call would only repeat it
    passwordChangeRequired();
    throw new ApiError(msg, { errorCode: code, envelope: body as Envelope<unknown>, status });
  }
  if (!config.silent) {
    feedback.error(msg, MESSAGE_DURATION_MS);
    if (code === 401) promptRelogin();
  }
  throw new ApiError(msg, { errorCode: code, envelope: body as Envelope<unknown>, status });
}

async function blobToText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

async function readErrorBody(data: unknown): Promise<unknown> {
  if (typeof Blob !== 'undefined' && data instanceof Blob) {
    try {
      return JSON.parse(await blobToText(data));
    } catch {
      return undefined;
    }
  }
  return data;
}

/** Transport failures: prefer the server's Chinese msg from the error body; cancelled calls stay quiet. */
async function transportError(err: unknown, config: RequestConfig): Promise<unknown> {
  if (err instanceof ApiError || err instanceof CanceledError) return err;
  if (!(err instanceof HttpError)) return err;
  const body = await readErrorBody(err.response?.data);
  if (isEnvelope(body) && (body.errorCode === 401 || body.msg)) {
    try {
      checkEnvelope({ ...body, success: false }, config, err.response?.status);
    } catch (apiErr) {
      return apiErr;
    }
  }
  let msg = err.message || 'Error';
  if (err.code === 'ECONNABORTED') msg = TIMEOUT_TEXT;
  else if (err.code === 'ERR_NETWORK') msg = NETWORK_TEXT;
  if (!config.silent) feedback.error(msg, MESSAGE_DURATION_MS);
  return new ApiError(msg, { status: err.response?.status });
}

/** Sends one call through the shared rules; resolves with the raw response. */
async function send<T>(config: RequestConfig): Promise<HttpResponse<T>> {
  const dedupe = config.dedupe ?? !(typeof FormData !== 'undefined' && config.data instanceof FormData);
  const key = dedupe ? requestKey(config) : undefined;
  const controller = new AbortController();
  if (key) {
    // spec: a duplicate identical request in flight cancels the earlier one
    inflight.get(key)?.abort();
    inflight.set(key, controller);
  }
  try {
    // the page's inline script may have asked already (public pages' first data, the session's
    // calls; prefetch.ts), also for a call that is not deduplicated (the session load)
    const early =
      !config.signal && !(typeof FormData !== 'undefined' && config.data instanceof FormData)
        ? takePrefetched(key ?? requestKey(config), getToken() ?? '')
        : undefined;
    const answer = early ? await early : null;
    if (answer) {
      // superseded while its prefetched answer was awaited: quiet, like an aborted request
      if (controller.signal.aborted) throw new CanceledError();
      return { data: answer.data as T, status: answer.status, headers: {} };
    }
    return await sendRaw<T>({ ...config, signal: config.signal ?? controller.signal });
  } catch (err) {
    throw await transportError(err, config);
  } finally {
    if (key && inflight.get(key) === controller) inflight.delete(key);
  }
}

/** The whole envelope (for callers that show the server's msg on success). */
export async function requestEnvelope<T>(config: RequestConfig): Promise<Envelope<T>> {
  const res = await send<Envelope<T>>(config);
  if (!isEnvelope(res.data)) return { success: true, msg: '', data: res.data as T, errorCode: 0 };
  return checkEnvelope(res.data, config, res.status);
}

export async function request<T>(config: RequestConfig): Promise<T> {
  return (await requestEnvelope<T>(config)).data;
}

export function post<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<T> {
  return request<T>({ ...config, method: 'post', url, data });
}

export function get<T = unknown>(url: string, params?: unknown, config?: RequestConfig): Promise<T> {
  return request<T>({ ...config, method: 'get', url, params });
}

export function postEnvelope<T = unknown>(url: string, data?: unknown, config?: RequestConfig): Promise<Envelope<T>> {
  return requestEnvelope<T>({ ...config, method: 'post', url, data });
}

export function getEnvelope<T = unknown>(url: string, params?: unknown, config?: RequestConfig): Promise<Envelope<T>> {
  return requestEnvelope<T>({ ...config, method: 'get', url, params });
}

/** Multipart upload of one file (field name `file` unless told). */
export function upload<T = unknown>(
  url: string,
  file: Blob,
  opts: { field?: string; fields?: Record<string, string> } & RequestConfig = {},
): Promise<T> {
  const { field = 'file', fields = {}, ...config } = opts;
  const form = new FormData();
  form.append(field, file);
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return request<T>({ ...config, method: 'post', url, data: form });
}

/** File name from Content-Disposition (RFC 5987 filename* first). */
export function fileNameFromDisposition(header: string | undefined | null): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(header);
  if (star) return decodeURIComponent(star[1].trim().replace(/^"|"$/g, ''));
  const plain = /filename\s*=\s*"?([^";]+)"?/i.exec(header);
  return plain ? decodeURIComponent(plain[1].trim()) : undefined;
}

export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
}

/**
 * Downloads a file (exports). A JSON answer is an envelope: its failure is shown like any other
 * call (msg, or 导出失败). Resolves with the file name used.
 */
export async function download(
  url: string,
  data?: unknown,
  opts: { method?: 'get' | 'post'; fileName?: string } & RequestConfig = {},
): Promise<string> {
  const { method = 'post', fileName, ...config } = opts;
  const res = await send<Blob>({
    ...config,
    method,
    url,
    responseType: 'blob',
    ...(method === 'get' ? { params: data } : { data }),
  });
  const blob = res.data;
  const type = String(res.headers['content-type'] ?? (blob as Blob | undefined)?.type ?? '');
  if (type.includes('application/json')) {
    const body = await readErrorBody(blob);
    if (!isEnvelope(body)) throw new ApiError(EXPORT_FAILED_TEXT);
    checkEnvelope({ ...body, msg: body.msg || EXPORT_FAILED_TEXT }, config, res.status);
    // a JSON success answer is not a file
    if (!config.silent) feedback.error(EXPORT_FAILED_TEXT, MESSAGE_DURATION_MS);
    throw new ApiError(EXPORT_FAILED_TEXT);
  }
  const name = fileNameFromDisposition(res.headers['content-disposition']) ?? fileName ?? 'download';
  saveBlob(blob, name);
  return name;
}

/** Test hook: forget in-flight calls and an open prompt. */
export function resetRequestState(): void {
  for (const c of inflight.values()) c.abort();
  inflight.clear();
  reloginOpen = false;
}
