import { AUTH_HEADER, MESSAGE_DURATION_MS, REQUEST_TIMEOUT_MS, TOKEN_COOKIE_KEY } from '@xuetu/contract';
import Cookies from 'js-cookie';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { feedback } from '../app/feedback';
import { deferred, fail, HttpFailure, mockApi, ok, RawResponse } from '../test/mockApi';
import { HttpError, transport } from './http';
import {
  ApiError,
  download,
  fileNameFromDisposition,
  get,
  NETWORK_TEXT,
  post,
  postEnvelope,
  RELOGIN_CANCEL,
  RELOGIN_OK,
  RELOGIN_TEXT,
  resetRequestState,
  TIMEOUT_TEXT,
} from './request';

let errorSpy: ReturnType<typeof vi.spyOn>;
let confirmSpy: ReturnType<typeof vi.spyOn>;
let reloadSpy: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  resetRequestState();
  Cookies.remove(TOKEN_COOKIE_KEY);
  errorSpy = vi.spyOn(feedback, 'error').mockImplementation(() => {});
  confirmSpy = vi.spyOn(feedback, 'confirm').mockResolvedValue(false);
  reloadSpy = vi.spyOn(feedback, 'reload').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('request wrapper', () => {
  it('uses /prod-api, a 30 s timeout and sends the cookie token as ydAuthorization: Bearer', async () => {
    expect(transport.baseURL).toBe('/prod-api');
    expect(transport.timeout).toBe(REQUEST_TIMEOUT_MS);
    Cookies.set(TOKEN_COOKIE_KEY, 'tok123');
    const api = mockApi().on('/Api/x', ok(42));
    await expect(post<number>('/Api/x', { a: 1 })).resolves.toBe(42);
    expect(api.calls[0].headers[AUTH_HEADER]).toBe('Bearer tok123');
    expect(api.calls[0].body).toEqual({ a: 1 });
  });

  it('sends no auth header without a token', async () => {
    const api = mockApi().on('/Api/x', ok(1));
    await get('/Api/x', { q: 1 });
    expect(api.calls[0].headers[AUTH_HEADER]).toBeUndefined();
    expect(api.calls[0].method).toBe('get');
  });

  it('success false: shows msg for 5 s and rejects', async () => {
    mockApi().on('/Api/x', fail('用户名或密码错误'));
    const err = (await post('/Api/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.message).toBe('用户名或密码错误');
    expect(errorSpy).toHaveBeenCalledWith('用户名或密码错误', MESSAGE_DURATION_MS);
    expect(confirmSpy).not.toHaveBeenCalled();
  });

  it('a nonzero errorCode fails even with success true; no msg shows "Error"', async () => {
    mockApi().on('/Api/x', { success: true, msg: '', data: 1, errorCode: 500 });
    await expect(post('/Api/x')).rejects.toThrow('Error');
    expect(errorSpy).toHaveBeenCalledWith('Error', 5000);
  });

  it('errorCode 401 asks to log in again once, however many calls fail', async () => {
    let answer!: (v: boolean) => void;
    confirmSpy.mockImplementation(() => new Promise<boolean>((r) => (answer = r)));
    Cookies.set(TOKEN_COOKIE_KEY, 'old');
    mockApi().on('/Api/a', fail('登录状态已过期，请重新登录', 401)).on('/Api/b', fail('登录状态已过期，请重新登录', 401));
    await Promise.allSettled([post('/Api/a'), post('/Api/b')]);
    expect(confirmSpy).toHaveBeenCalledTimes(1);
    expect(confirmSpy.mock.calls[0][0]).toMatchObject({ content: RELOGIN_TEXT, okText: RELOGIN_OK, cancelText: RELOGIN_CANCEL });
    expect(errorSpy).toHaveBeenCalledWith('登录状态已过期，请重新登录', 5000);
    answer(true);
    await vi.waitFor(() => expect(reloadSpy).toHaveBeenCalled());
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBeUndefined();
  });

  it('暂不 keeps the token and the page', async () => {
    Cookies.set(TOKEN_COOKIE_KEY, 'old');
    mockApi().on('/Api/a', fail('expired', 401));
    await post('/Api/a').catch(() => {});
    await Promise.resolve();
    expect(reloadSpy).not.toHaveBeenCalled();
    expect(Cookies.get(TOKEN_COOKIE_KEY)).toBe('old');
  });

  it('HTTP errors show the envelope msg from the body', async () => {
    mockApi().on('/Api/x', new HttpFailure(429, fail('请求过于频繁，请稍后再试')));
    const err = (await post('/Api/x').catch((e) => e)) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.status).toBe(429);
    expect(errorSpy).toHaveBeenCalledWith('请求过于频繁，请稍后再试', 5000);
  });

  it('unknown routes (404) show the server msg', async () => {
    mockApi();
    await expect(post('/Api/nope')).rejects.toThrow('接口不存在');
    expect(errorSpy).toHaveBeenCalledWith('接口不存在', 5000);
  });

  it('network failures and timeouts show a message for 5 s', async () => {
    mockApi()
      .on('/Api/down', () => {
        throw new HttpError('Network Error', 'ERR_NETWORK');
      })
      .on('/Api/slow', () => {
        throw new HttpError('timeout of 30000ms exceeded', 'ECONNABORTED');
      });
    await expect(post('/Api/down')).rejects.toThrow(NETWORK_TEXT);
    await expect(post('/Api/slow')).rejects.toThrow(TIMEOUT_TEXT);
    expect(errorSpy).toHaveBeenNthCalledWith(1, NETWORK_TEXT, 5000);
    expect(errorSpy).toHaveBeenNthCalledWith(2, TIMEOUT_TEXT, 5000);
  });

  it('an identical request in flight is cancelled by the new one, quietly', async () => {
    const slow = deferred(ok('late'));
    mockApi().on('/Api/list', slow.handler);
    const first = post('/Api/list', { page: 1 });
    const second = post('/Api/list', { page: 1 });
    slow.release();
    const [a, b] = await Promise.allSettled([first, second]);
    expect(a.status).toBe('rejected');
    expect((a as PromiseRejectedResult).reason.name).toBe('CanceledError');
    expect(b).toEqual({ status: 'fulfilled', value: 'late' });
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('requests that differ in body or params both complete', async () => {
    const slow = deferred(ok('x'));
    mockApi().on('/Api/list', slow.handler);
    const p = Promise.allSettled([post('/Api/list', { page: 1 }), post('/Api/list', { page: 2 }), get('/Api/list', { page: 1 })]);
    slow.release();
    expect((await p).map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
  });

  it('silent calls reject without a toast or prompt', async () => {
    mockApi().on('/Api/x', fail('nope', 401));
    await expect(post('/Api/x', undefined, { silent: true })).rejects.toThrow('nope');
    expect(errorSpy).not.toHaveBeenCalled();
    expect(confirmSpy).not.toHaveBeenCalled();
  });

  it('postEnvelope gives the whole envelope (msg included)', async () => {
    mockApi().on('/Api/code', ok(null, '138****0001'));
    await expect(postEnvelope('/Api/code')).resolves.toEqual(ok(null, '138****0001'));
  });
});

describe('download', () => {
  it('saves the blob under the Content-Disposition name', async () => {
    const created: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      created.push(this.download);
    });
    mockApi().on(
      '/Api/export',
      new RawResponse(new Blob(['xlsx']), {
        'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('员工数据[列表]-20260101.xlsx')}`,
      }),
    );
    await expect(download('/Api/export', { key: '' })).resolves.toBe('员工数据[列表]-20260101.xlsx');
    expect(click).toHaveBeenCalled();
    expect(created).toEqual(['员工数据[列表]-20260101.xlsx']);
  });

  it('a JSON failure envelope instead of a file shows its msg', async () => {
    mockApi().on(
      '/Api/export',
      new RawResponse(new Blob([JSON.stringify(fail('没有可导出的数据'))], { type: 'application/json' }), {
        'content-type': 'application/json',
      }),
    );
    await expect(download('/Api/export')).rejects.toThrow('没有可导出的数据');
    expect(errorSpy).toHaveBeenCalledWith('没有可导出的数据', 5000);
  });

  it('reads plain and RFC 5987 file names', () => {
    expect(fileNameFromDisposition('attachment; filename="a.xlsx"')).toBe('a.xlsx');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''%E6%88%90%E7%BB%A9.pdf")).toBe('成绩.pdf');
    expect(fileNameFromDisposition(undefined)).toBeUndefined();
  });
});
