import type { OrgPostView, PostView } from '@xuetu/contract';
import type { OrgRow } from '../orgs/orgs.repository.ts';
import { idPath } from '../orgs/orgs.repository.ts';
import type { PostRow } from './posts.repository.ts';

export function presentPost(
  row: PostRow,
  links: { orgId: number; orgName: string }[],
  orgById: Map<number, Pick<OrgRow, 'id' | 'pId'>>,
): PostView {
  return {
    id: row.id,
    postCode: row.postCode,
    postName: row.postName,
    importance: row.importance,
    companySysCode: row.companySysCode,
    orgNameStr: links.map((l) => l.orgName).join('、'),
    // spec: paths separated by '|', each comma-separated ids from top to leaf
    orgNamePathsStr: links.map((l) => idPath(orgById, l.orgId).join(',')).join('|'),
    orgIds: links.map((l) => l.orgId),
  };
}

export function presentOrgPost(row: { post: PostRow; org: { id: number; orgCode: string; orgName: string } }): OrgPostView {
  return {
    postCode: row.post.postCode,
    postName: row.post.postName,
    importance: row.post.importance,
    orgCode: row.org.orgCode,
    orgName: row.org.orgName,
    orgId: row.org.id,
    postId: row.post.id,
  };
}
