import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { post, resetRequestState } from '../api/request';
import { fail, mockApi, ok } from '../test/mockApi';
import { createQueryClient, Providers } from '../test/providers';
import { feedback } from './feedback';
import { useAppMutation } from './useAppMutation';

const wrapper = ({ children }: { children: ReactNode }) => <Providers queryClient={createQueryClient()}>{children}</Providers>;

let errorSpy: ReturnType<typeof vi.spyOn>;
let successSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  resetRequestState();
  errorSpy = vi.spyOn(feedback, 'error').mockImplementation(() => {});
  successSpy = vi.spyOn(feedback, 'success').mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe('useAppMutation', () => {
  it('shows the success message and reports loading while the call runs', async () => {
    mockApi().on('/Api/x/Save', ok(1));
    const { result } = renderHook(() => useAppMutation({ mutationFn: () => post<number>('/Api/x/Save'), success: '保存成功' }), {
      wrapper,
    });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(successSpy).toHaveBeenCalledWith('保存成功');
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('a server failure toasts exactly once (the wrapper), with no unhandled rejection', async () => {
    mockApi().on('/Api/x/Save', fail('名称已存在'));
    const { result } = renderHook(() => useAppMutation({ mutationFn: () => post('/Api/x/Save'), success: '保存成功' }), { wrapper });
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(errorSpy.mock.calls.map((c: unknown[]) => c[0])).toEqual(['名称已存在']);
    expect(successSpy).not.toHaveBeenCalled();
  });

  it('hands the failure of a silent call to onError, which alone decides what the user sees', async () => {
    mockApi().on('/Api/x/Check', fail('验证码错误'));
    const seen: string[] = [];
    const { result } = renderHook(
      () =>
        useAppMutation({
          mutationFn: () => post('/Api/x/Check', undefined, { silent: true }),
          onError: (err) => seen.push((err as Error).message),
        }),
      { wrapper },
    );
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(seen).toEqual(['验证码错误']);
    expect(errorSpy).not.toHaveBeenCalled();
  });

  it('a form validation failure and a cancelled call show no toast; another error shows once', async () => {
    const errors = [
      { errorFields: [{ name: ['x'], errors: ['请输入'] }] },
      Object.assign(new Error('canceled'), { name: 'CanceledError' }),
    ];
    const { result } = renderHook(
      () =>
        useAppMutation({
          mutationFn: async () => {
            throw errors.shift() ?? new Error('读取文件失败');
          },
        }),
      { wrapper },
    );
    for (let i = 0; i < 3; i++) {
      act(() => result.current.mutate());
      await waitFor(() => expect(result.current.isError).toBe(true));
      act(() => result.current.reset());
    }
    expect(errorSpy.mock.calls.map((c: unknown[]) => c[0])).toEqual(['读取文件失败']);
  });
});
