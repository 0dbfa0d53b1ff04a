import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getOrgTree } from '../../api/orgs';
import { participantKeys } from '../../api/participants.keys';
import { getPostListPage } from '../../api/posts';

/** The company's organisation tree (shared by the 学员 and 部门 tabs: one request). */
export const useOrgTree = (companySysCode: string) =>
  useQuery({
    queryKey: participantKeys.orgTree(companySysCode),
    queryFn: () => getOrgTree({ showTop: 0, companySysCode }),
  });

/** One page of the company's posts. */
export const usePostPage = (companySysCode: string, page: { pageIndex: number; pageSize: number }) =>
  useQuery({
    queryKey: participantKeys.posts(companySysCode, page),
    queryFn: () => getPostListPage({ ...page, companySysCode }),
    placeholderData: keepPreviousData,
  });
