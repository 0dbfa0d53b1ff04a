// The public surface of the directory module (ADR 0027): what other modules may use of it.

// The account rows identity signs in, recovers and changes (the user table is the directory's).
export {
  type AccountRow,
  activateDirectoryAccount,
  findAccountById,
  findAccountsByIdentifier,
  findAccountsByPhone,
  findDirectoryAccount,
  findEmployees,
  findUserByAccount,
  findUserWithLabels,
  insertDirectoryAccount,
  type UserLabels,
  type UserRow,
  updateOwnAccount,
} from './accounts/accounts.repository.ts';
// What access checks know of a person (identity loads and caches the request's actor from it).
export { companyActive, readActorData } from './accounts/actor.repository.ts';
// Which company a write goes to or a list is filtered to, and whether a company exists.
export { companyExists } from './companies/companies.repository.ts';
export { filterCompany, targetCompany } from './companies/target.ts';
// The slot every workbook import runs in (one per company).
export { withImportSlot } from './imports/gate.ts';
// Where a person stands in their company (department chain, posts): which picks name them.
export { placeOfPerson, placesOfPeople } from './participants/participants.repository.ts';
// The participant model of exams and training projects (ADR 0007): checking and showing picks of
// people, departments and posts, and the people they stand for.
export {
  checkPicks,
  type ParticipantKind,
  peopleOfPicks,
  pickSource,
  presentPicks,
  userCompany,
} from './participants/participants.service.ts';
// People, departments, posts and companies as other modules read them (ADR 0039): views to join
// for names, names by ids or codes in one query, and the reads of whom to message or count.
export {
  activatedPeopleOf,
  activePeopleView,
  companyNamesByCode,
  companyNameView,
  countCompanyAccounts,
  findPeopleByAccount,
  groupsInScope,
  type NamedKind,
  namesByCode,
  peopleView,
  receiversInScope,
  receiversOfGroups,
  searchReceivers,
  topDepartmentOf,
} from './people/people.repository.ts';
// The platform administrators, for the first administrator's set-up (identity) and the start log.
export {
  findAccountCodeHolder,
  findPlatformAdmins,
  insertPlatformAdmin,
  type PlatformAdminRow,
  updatePendingAdmin,
} from './users/platform-admins.repository.ts';
