import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { orgsApi, postsApi } from '@xuetu/contract';
import { call } from '../../api/client';
import { callKey, useCall } from '../../api/hooks';

/**
 * A company's department tree (showTop 1: under the company as its root; 0: without it), one
 * request for every picker of it. spec: `date` (a random id) defeats HTTP caches, so it is sent
 * but not part of the key.
 */
export function useOrgTree(companySysCode: string, opts: { showTop?: 0 | 1; enabled?: boolean } = {}) {
  const input = { ShowTop: opts.showTop ?? 0, companySysCode };
  return useQuery({
    queryKey: callKey(orgsApi.getOrgTree, input),
    queryFn: () => call(orgsApi.getOrgTree, { date: Date.now(), ...input }),
    enabled: opts.enabled ?? true,
  });
}

/** One page of the company's posts. */
export const usePostPage = (companySysCode: string, page: { pageIndex: number; pageSize: number }) =>
  useCall(postsApi.getPostListPage, { KeyWord: '', ...page, companySysCode }, { placeholderData: keepPreviousData });
