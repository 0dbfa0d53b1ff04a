import { answer, defineGroup, endpoint, getAndPost } from '../../endpoint.ts';
import type { OrgNode } from './people.schemas.ts';
import { orgBody, orgDeleteBody, orgTreeQuery } from './people.schemas.ts';

// the original system's controllers these paths are under
const userOrg = '/Api/User/user_org';

/** The orgs calls (ADR 0039). */
export const orgsApi = /* @__PURE__ */ defineGroup('directory', 'orgs', {
  getOrgTree: endpoint({ ...getAndPost('GET'), path: `${userOrg}/GetOrgTree`, input: orgTreeQuery, output: answer<OrgNode[]>() }),
  addOrg: endpoint({ path: `${userOrg}/AddOrg`, input: orgBody, output: answer<OrgNode>() }),
  editOrg: endpoint({ path: `${userOrg}/EditOrg`, input: orgBody, output: answer<OrgNode>() }),
  deleteOrg: endpoint({ path: `${userOrg}/DeleteOrg`, input: orgDeleteBody, output: answer<{ deleted: number }>() }),
});
