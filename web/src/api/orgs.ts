import type { OrgBody, OrgNode } from '@xuetu/contract';
import { get, postEnvelope } from './request';

const base = '/Api/User/user_org';

/** spec: `date` (a random id) defeats caches; ShowTop=0 leaves out the virtual root -1 */
export const getOrgTree = (opts: { showTop?: 0 | 1; companySysCode?: string } = {}) =>
  get<OrgNode[]>(`${base}/GetOrgTree`, { date: Date.now(), ShowTop: opts.showTop ?? 1, companySysCode: opts.companySysCode ?? '' });
export const addOrg = (body: OrgBody) => postEnvelope<OrgNode>(`${base}/AddOrg`, body);
export const editOrg = (body: OrgBody) => postEnvelope<OrgNode>(`${base}/EditOrg`, body);
export const deleteOrg = (org: Pick<OrgNode, 'id' | 'orgCode'>) => postEnvelope<{ deleted: number }>(`${base}/DeleteOrg`, org);
