import { type QueryKey, type UseMutationResult, useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_DURATION_MS } from '@xuetu/contract';
import { type Invalidation, invalidateCalls } from '../api/hooks';
import { ApiError, isCancelled } from '../api/request';
import { feedback } from './feedback';

export interface AppMutationOptions<TData, TVars> {
  mutationFn: (vars: TVars) => Promise<TData>;
  /** shown on success (e.g. 保存成功); a function may use the answer */
  success?: string | ((data: TData) => string | undefined);
  /** what to refresh after success: a module's reads, an endpoint's reads (api/hooks.ts), or a key */
  invalidate?: (Invalidation | QueryKey)[];
  onSuccess?: (data: TData, vars: TVars) => void;
  /** extra handling of a failure (e.g. of a `silent` call, whose message nobody has shown yet) */
  onError?: (err: unknown, vars: TVars) => void;
}

/** A form's validateFields() rejection: the form shows its own messages. */
function isFormValidation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && 'errorFields' in err;
}

/**
 * The one mutation shape of the admin pages: loading state (`isPending`), a success message,
 * refreshed queries, and exactly one error toast (spec §8): a server failure was already shown
 * by the request wrapper, a form validation failure is shown by the form, a cancelled call is
 * not a failure; anything else is shown once here. `mutate` never leaves an unhandled rejection.
 */
export function useAppMutation<TData = unknown, TVars = void>(
  opts: AppMutationOptions<TData, TVars>,
): UseMutationResult<TData, unknown, TVars> {
  const qc = useQueryClient();
  return useMutation<TData, unknown, TVars>({
    mutationFn: opts.mutationFn,
    onSuccess: (data, vars) => {
      const msg = typeof opts.success === 'function' ? opts.success(data) : opts.success;
      if (msg) feedback.success(msg);
      const targets = (opts.invalidate ?? []).map((t) => (Array.isArray(t) ? { key: t as QueryKey } : (t as Invalidation)));
      void invalidateCalls(qc, ...targets);
      opts.onSuccess?.(data, vars);
    },
    onError: (err, vars) => {
      if (isFormValidation(err) || isCancelled(err)) return;
      if (opts.onError) return opts.onError(err, vars);
      if (err instanceof ApiError) return;
      feedback.error(err instanceof Error && err.message ? err.message : 'Error', MESSAGE_DURATION_MS);
    },
  });
}
