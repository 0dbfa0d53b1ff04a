import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { OrgNode } from './people.schemas.ts';
import { orgBody, orgDeleteBody, orgTreeQuery } from './people.schemas.ts';

/** The orgs calls (ADR 0039). */
export const orgsApi = /* @__PURE__ */ defineGroup('directory', 'orgs', {
  getOrgTree: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_org/GetOrgTree',
    input: orgTreeQuery,
    output: answer<OrgNode[]>(),
  }),
  addOrg: endpoint({ path: '/Api/User/user_org/AddOrg', input: orgBody, output: answer<OrgNode>() }),
  editOrg: endpoint({ path: '/Api/User/user_org/EditOrg', input: orgBody, output: answer<OrgNode>() }),
  deleteOrg: endpoint({ path: '/Api/User/user_org/DeleteOrg', input: orgDeleteBody, output: answer<{ deleted: number }>() }),
});
