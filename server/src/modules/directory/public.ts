// The public surface of the directory module (ADR 0027): what other modules may use of it.

// Which company a write goes to or a list is filtered to, and whether a company exists.
export { companyExists } from './companies/companies.repository.ts';
export { filterCompany, targetCompany } from './companies/target.ts';
// The slot every workbook import runs in (one per company).
export { withImportSlot } from './imports/gate.ts';
// The participant model of exams and training projects (ADR 0007): checking and showing picks of
// people, departments and posts, and the people they stand for.
export {
  checkPicks,
  type ParticipantKind,
  peopleOfPicks,
  presentPicks,
  userCompany,
} from './participants/participants.service.ts';
