// The public surface of the directory module (ADR 0027): what other modules may use of it.

// What other modules may use of companies: which company a write goes to or a list is filtered to.
export { companyExists } from './companies/companies.repository.ts';
export { filterCompany, targetCompany } from './companies/target.ts';
// What other modules may use of imports: the slot every workbook import runs in (one per company).
export { withImportSlot } from './imports/gate.ts';
// What other modules may use of departments (orgs): reading them in a scope and walking the tree.
export { descendantIds, findOrgInScope, findOrgsByIds, idPath, listOrgs, type OrgRow } from './orgs/orgs.repository.ts';
// What other modules may use of posts.
export { findPostInScope } from './posts/posts.repository.ts';
// What other modules may use of roles.
export { isPlatformAdmin } from './roles/rules.ts';
// What other modules may use of users: who may pick people, which people an actor may not
// manage, the user rows the workbook import reads and writes, and the user policy.
export { PICKER_ACCESS } from './users/access.ts';
export { platformRoleHolders, UNMANAGEABLE_REASON, unmanageableUserIds } from './users/manage.ts';
export { authorize as authorizeUser } from './users/users.policy.ts';
export { presentUserRow } from './users/users.presenter.ts';
export { insertImportedUsers, listUsers, rolesOfUsers, updateImportedUsers } from './users/users.repository.ts';
