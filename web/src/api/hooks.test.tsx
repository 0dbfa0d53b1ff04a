import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { answer, defineGroup, endpoint, TOKEN_COOKIE_KEY } from '@xuetu/contract';
import Cookies from 'js-cookie';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { feedback } from '../app/feedback';
import { mockApi, ok } from '../test/mockApi';
import {
  callKey,
  endpointKey,
  groupKey,
  invalidateCalls,
  useCall,
  useCallEnvelope,
  useCallEnvelopeMutation,
  useCallMutation,
} from './hooks';
import { prefetchKey } from './prefetch';
import { resetRequestState } from './request';

const postsApi = defineGroup('directory', 'posts', {
  list: endpoint({ method: 'POST', path: '/Test/posts/List', input: z.object({ keyword: z.string() }), output: answer<string[]>() }),
  save: endpoint({
    method: 'POST',
    path: '/Test/posts/Save',
    input: z.object({ postName: z.string() }),
    output: answer<{ postCode: string }>(),
  }),
  site: endpoint({ method: 'POST', path: '/Test/posts/Site', output: answer<{ siteName: string }>() }),
});
const rolesApi = defineGroup('directory', 'roles', {
  list: endpoint({ method: 'GET', path: '/Test/roles/List', output: answer<string[]>() }),
});
const examsApi = defineGroup('exams', 'exams', {
  list: endpoint({ method: 'POST', path: '/Test/exams/List', output: answer<string[]>() }),
});

let qc: QueryClient;
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={qc}>{children}</QueryClientProvider>;

beforeEach(() => {
  resetRequestState();
  Cookies.remove(TOKEN_COOKIE_KEY);
  window.__xtPrefetch = undefined;
  vi.spyOn(feedback, 'error').mockImplementation(() => {});
  qc = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
});
afterEach(() => {
  qc.clear();
  vi.restoreAllMocks();
});

describe('keys derived from the endpoint', () => {
  it('stamps module, group and name when the group is built', () => {
    expect(postsApi.list).toMatchObject({ module: 'directory', group: 'posts', name: 'list' });
    expect(endpointKey(rolesApi.list)).toEqual(['directory', 'roles', 'list']);
    expect(groupKey(postsApi)).toEqual(['directory', 'posts']);
  });

  it('keys a read by module, group, name and input', () => {
    expect(callKey(postsApi.list, { keyword: 'a' })).toEqual(['directory', 'posts', 'list', { keyword: 'a' }]);
    expect(callKey(postsApi.site)).toEqual(['directory', 'posts', 'site']);
  });

  it('refuses an endpoint stamped into a second place', () => {
    expect(() => defineGroup('content', 'other', { list: postsApi.list })).toThrow('directory.posts.list');
  });
});

describe('useCall', () => {
  it('reads the endpoint with its input under the derived key', async () => {
    const api = mockApi().on('/Test/posts/List', ok(['岗位']));
    const { result } = renderHook(() => useCall(postsApi.list, { keyword: '岗' }), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(['岗位']));
    expect(api.calls).toMatchObject([{ url: '/Test/posts/List', method: 'post', body: { keyword: '岗' } }]);
    expect(qc.getQueryData(['directory', 'posts', 'list', { keyword: '岗' }])).toEqual(['岗位']);
  });

  it('passes the query options through (enabled, select)', async () => {
    const api = mockApi().on('/Test/roles/List', ok(['a', 'b']));
    const { result, rerender } = renderHook(({ on }) => useCall(rolesApi.list, undefined, { enabled: on, select: (d) => d.length }), {
      wrapper,
      initialProps: { on: false },
    });
    expect(api.calls).toEqual([]);
    rerender({ on: true });
    await waitFor(() => expect(result.current.data).toBe(2));
    expect(api.calls).toMatchObject([{ url: '/Test/roles/List', method: 'get' }]);
  });

  it('takes an answer prefetched by the page’s inline script instead of asking', async () => {
    const api = mockApi();
    window.__xtPrefetch = {
      [prefetchKey({ url: '/Test/posts/Site', body: {} })]: {
        at: performance.now(),
        answer: Promise.resolve({ status: 200, data: ok({ siteName: '学途' }) }),
      },
    };
    const { result } = renderHook(() => useCall(postsApi.site, {}), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual({ siteName: '学途' }));
    expect(api.calls).toEqual([]);
  });
});

describe('useCallEnvelope', () => {
  it('reads the whole envelope under a key of its own', async () => {
    mockApi().on('/Test/posts/List', ok(['岗位'], '共 1 条'));
    const { result } = renderHook(() => useCallEnvelope(postsApi.list, { keyword: '' }), { wrapper });
    await waitFor(() => expect(result.current.data).toMatchObject({ msg: '共 1 条', data: ['岗位'] }));
    expect(qc.getQueryData([...callKey(postsApi.list, { keyword: '' }), 'envelope'])).toMatchObject({ msg: '共 1 条' });
    expect(qc.getQueryData(callKey(postsApi.list, { keyword: '' }))).toBeUndefined();
  });
});

describe('useCallMutation', () => {
  const seed = () => {
    qc.setQueryData(callKey(postsApi.list, { keyword: '' }), ['old']);
    qc.setQueryData(callKey(rolesApi.list), ['old']);
    qc.setQueryData(callKey(examsApi.list), ['old']);
  };
  const stale = () => ({
    posts: qc.getQueryState(callKey(postsApi.list, { keyword: '' }))?.isInvalidated,
    roles: qc.getQueryState(callKey(rolesApi.list))?.isInvalidated,
    exams: qc.getQueryState(callKey(examsApi.list))?.isInvalidated,
  });

  it('sends the input and invalidates the reads of its module, not the others', async () => {
    const api = mockApi().on('/Test/posts/Save', ok({ postCode: 'P1' }));
    seed();
    const onSuccess = vi.fn();
    const { result } = renderHook(() => useCallMutation(postsApi.save, { onSuccess }), { wrapper });
    await act(() => result.current.mutateAsync({ postName: '岗位' }));
    expect(api.calls).toMatchObject([{ url: '/Test/posts/Save', body: { postName: '岗位' } }]);
    expect(onSuccess.mock.calls[0][0]).toEqual({ postCode: 'P1' });
    expect(stale()).toEqual({ posts: true, roles: true, exams: false });
  });

  it('invalidates what it is told instead: another module, one endpoint, or nothing', async () => {
    mockApi().on('/Test/posts/Save', ok({ postCode: 'P1' }));
    seed();
    const told = renderHook(() => useCallMutation(postsApi.save, { invalidates: ['exams', rolesApi.list] }), { wrapper });
    await act(() => told.result.current.mutateAsync({ postName: 'a' }));
    expect(stale()).toEqual({ posts: false, roles: true, exams: true });

    seed();
    const none = renderHook(() => useCallMutation(postsApi.save, { invalidates: [] }), { wrapper });
    await act(() => none.result.current.mutateAsync({ postName: 'a' }));
    expect(stale()).toEqual({ posts: false, roles: false, exams: false });
  });

  it('invalidates nothing when the write fails', async () => {
    mockApi().on('/Test/posts/Save', { success: false, msg: '名称重复', data: null, errorCode: 0 });
    seed();
    const { result } = renderHook(() => useCallMutation(postsApi.save), { wrapper });
    await act(() => expect(result.current.mutateAsync({ postName: 'a' })).rejects.toThrow('名称重复'));
    expect(stale()).toEqual({ posts: false, roles: false, exams: false });
  });

  it('resolves with the whole envelope when the page shows the server’s msg', async () => {
    mockApi().on('/Test/posts/Save', ok({ postCode: 'P1' }, '保存成功'));
    const { result } = renderHook(() => useCallEnvelopeMutation(postsApi.save), { wrapper });
    const env = await act(() => result.current.mutateAsync({ postName: 'a' }));
    expect(env).toMatchObject({ msg: '保存成功', data: { postCode: 'P1' } });
  });
});

describe('invalidateCalls', () => {
  it('invalidates by module, by endpoint and by key prefix', async () => {
    qc.setQueryData(callKey(postsApi.list, { keyword: 'x' }), ['old']);
    qc.setQueryData(callKey(rolesApi.list), ['old']);
    qc.setQueryData(callKey(examsApi.list), ['old']);
    await invalidateCalls(qc, postsApi.list);
    expect(qc.getQueryState(callKey(postsApi.list, { keyword: 'x' }))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(callKey(rolesApi.list))?.isInvalidated).toBe(false);
    await invalidateCalls(qc, { key: ['directory', 'roles'] }, 'exams');
    expect(qc.getQueryState(callKey(rolesApi.list))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(callKey(examsApi.list))?.isInvalidated).toBe(true);
  });
});
