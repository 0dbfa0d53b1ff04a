import { type OrgBody, type OrgNode, orgsApi } from '@xuetu/contract';
import { call, callEnvelope } from './client';

/** spec: `date` (a random id) defeats caches; ShowTop=0 leaves out the virtual root -1 */
export const getOrgTree = (opts: { showTop?: 0 | 1; companySysCode?: string } = {}) =>
  call(orgsApi.getOrgTree, { date: Date.now(), ShowTop: opts.showTop ?? 1, companySysCode: opts.companySysCode ?? '' });
export const addOrg = (body: OrgBody) => callEnvelope(orgsApi.addOrg, body);
export const editOrg = (body: OrgBody) => callEnvelope(orgsApi.editOrg, body);
export const deleteOrg = (org: Pick<OrgNode, 'id' | 'orgCode'>) => callEnvelope(orgsApi.deleteOrg, org);
