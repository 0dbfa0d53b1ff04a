// What other modules may use of departments (orgs): reading them in a scope and walking the tree.
export { descendantIds, findOrgInScope, findOrgsByIds, idPath, listOrgs, type OrgRow } from './repository.ts';
