// What other modules may use of users: who may pick people, which people an actor may not
// manage, the user rows the workbook import reads and writes, and the user policy.
export { PICKER_ACCESS } from './access.ts';
export { platformRoleHolders, UNMANAGEABLE_REASON, unmanageableUserIds } from './manage.ts';
export { authorize as authorizeUser } from './policy.ts';
export { presentUserRow } from './presenter.ts';
export { insertImportedUsers, listUsers, rolesOfUsers, updateImportedUsers } from './repository.ts';
