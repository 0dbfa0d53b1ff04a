/**
 * Checked by `tsc -p server --noEmit`, never run: a repository write of company-owned rows
 * without the caller's tenant scope does not compile (ADR 0023). Each write is called once with
 * the scope (which must compile) and once without it under `@ts-expect-error` (which fails the
 * typecheck if that call ever compiles).
 */
import type { DbOrTx } from '../db/client.ts';
import * as certificates from '../modules/certificates/certificates.repository.ts';
import * as notices from '../modules/content/notices/notices.repository.ts';
import * as content from '../modules/content/site/site.repository.ts';
import * as trainresDirs from '../modules/courses/dirs/dirs.repository.ts';
import * as trainresMedia from '../modules/courses/media/media.repository.ts';
import * as trainres from '../modules/courses/resources/resources.repository.ts';
import * as study from '../modules/courses/study/study.repository.ts';
import * as companies from '../modules/directory/companies/companies.repository.ts';
import * as orgs from '../modules/directory/orgs/orgs.repository.ts';
import * as posts from '../modules/directory/posts/posts.repository.ts';
import * as roles from '../modules/directory/roles/roles.repository.ts';
import * as users from '../modules/directory/users/users.repository.ts';
import * as userexam from '../modules/exam-taking/exam-taking.repository.ts';
import * as practice from '../modules/exam-taking/practice/practice.repository.ts';
import * as roster from '../modules/exam-taking/roster/roster.repository.ts';
import * as exams from '../modules/exams/exams/exams.repository.ts';
import * as papers from '../modules/exams/papers/papers.repository.ts';
import * as questions from '../modules/exams/questions/questions.repository.ts';
import * as projects from '../modules/projects/projects.repository.ts';
import type { TenantScope } from './scope.ts';

const newUser = { accountCode: 'x', chnName: 'x', companySysCode: 'C' };
const newOrg = { orgCode: 'O', orgName: 'x', pId: 0, sortOrder: 1, companySysCode: 'C' };
const newPost = { postCode: 'P', postName: 'x', importance: 1, companySysCode: 'C' };
const newCompany = {
  companySysCode: 'C',
  companyCode: 'c',
  companyName: 'x',
  contactName: 'x',
  contactPhone: 'x',
  status: 1,
  createdAt: new Date(),
};
const newDoc = { docCode: 'D', title: 'x', fileName: 'x.pdf', fileKey: 'k', companySysCode: 'C' };
const newProject = { projectCode: 'P', projectName: 'x', companySysCode: 'C', startDate: '2026-01-01', endDate: '2026-01-02' };
const newPlan = { projectId: 1, planCode: 'PP', planName: 'x' };
// the exam rows have many required columns; their shape is not what this file checks
const newExam = {} as exams.ExamInsert;
const newPaper = {} as papers.PaperInsert;
const newDir = {} as Parameters<typeof questions.insertDir>[2];
const newRes = {} as trainres.ResInsert;
const newResDir = { dCode: 'D', dName: 'x', dNo: '0001', dpNo: '00', companySysCode: 'C' };
const newResAudit = { resId: 1, action: 'submit', fromStatus: 0, toStatus: 10, createdAt: new Date() };
const newMedia = {} as Parameters<typeof trainresMedia.insertMedia>[2];
const newMark = { scoreGot: 5, isPass: 1, comment: 'x', markedBy: 1, markedAt: new Date() };
const newPractice = {} as Parameters<typeof practice.insertPractice>[2];
const newRole = { code: 'R', roleName: 'x', sysRoleEnum: 0, companySysCode: 'C' };
const newCertDefinition = {
  name: 'x',
  template: 'classic',
  prefix: 'X',
  validityMonths: 0,
  enabled: true,
  companySysCode: 'C',
  createdBy: null,
  now: new Date(),
};
const newCert = {} as certificates.IssuedValues;
const certRevoke = { reason: 'x', kind: 'manual' as const, by: null, now: new Date() };

export function writesTakeTheScope(db: DbOrTx, scope: TenantScope) {
  return [
    notices.updateNotice(db, scope, 1, { noticeTitle: 'x', updatedAt: new Date() }),
    notices.deleteNotice(db, scope, 1),
    notices.replaceEnclosures(db, scope, 1, []),
    users.updateUser(db, scope, 1, { status: 0 }),
    users.insertUser(db, scope, newUser),
    users.dropCompanyRoles(db, scope, 1),
    users.updateImportedUsers(db, scope, [], new Date()),
    users.insertImportedUsers(db, scope, [], new Date()),
    roles.insertRole(db, scope, newRole, []),
    roles.updateRole(db, scope, 1, newRole, null),
    roles.replaceUserRoles(db, scope, 1, []),
    orgs.insertOrg(db, scope, newOrg),
    orgs.updateOrg(db, scope, 1, newOrg),
    orgs.deleteOrgs(db, scope, [1]),
    posts.insertPost(db, scope, newPost),
    posts.updatePost(db, scope, 1, newPost),
    posts.deletePost(db, scope, 1),
    posts.setPostOrgs(db, scope, 1, [2]),
    posts.linkPostToOrg(db, scope, 1, 2),
    posts.unlinkPostFromOrg(db, scope, 1, 2),
    companies.insertCompany(db, scope, newCompany, { orgCode: 'O' }),
    companies.updateCompany(db, scope, 1, { status: 0 }),
    content.insertRegulation(db, scope, newDoc),
    content.updateRegulation(db, scope, 1, { title: 'x' }),
    content.deleteRegulation(db, scope, 1),
    projects.insertProject(db, scope, newProject),
    projects.updateProject(db, scope, 1, { projectName: 'x' }),
    projects.deleteProject(db, scope, 1),
    projects.insertPlan(db, scope, newPlan),
    projects.updatePlan(db, scope, 1, { planName: 'x' }),
    projects.deletePlans(db, scope, [1]),
    projects.replaceResources(db, scope, 1, []),
    projects.replaceExams(db, scope, 1, []),
    projects.replaceParticipants(db, scope, 1, []),
    projects.updateEnrolment(db, scope, 1, 2, { certNo: 'x' }),
    exams.insertExam(db, scope, newExam),
    exams.updateExam(db, scope, 1, { examName: 'x' }),
    exams.deleteExam(db, scope, 1),
    exams.replaceParticipants(db, scope, 1, []),
    practice.insertPractice(db, scope, newPractice),
    practice.updatePractice(db, scope, 1, { practiceName: 'x' }),
    practice.deletePractice(db, scope, 1),
    practice.replaceParticipants(db, scope, 1, []),
    papers.insertPaper(db, scope, newPaper),
    papers.updatePaper(db, scope, 1, { paperName: 'x' }),
    papers.deletePaper(db, scope, 1),
    papers.replacePaperContent(db, scope, 1, [], []),
    questions.insertDir(db, scope, newDir),
    questions.updateDir(db, scope, 1, { dirName: 'x' }),
    questions.deleteDir(db, scope, 1),
    questions.insertQuestions(db, scope, []),
    questions.updateQuestion(db, scope, 1, { version: 2 }),
    questions.markQuestionsDeleted(db, scope, [1], new Date()),
    trainres.insertRes(db, scope, newRes),
    trainres.updateRes(db, scope, 1, { sort: 10 }),
    trainres.insertAudit(db, scope, newResAudit),
    trainresDirs.insertDir(db, scope, newResDir),
    trainresDirs.updateDir(db, scope, 1, { dName: 'x' }),
    trainresDirs.deleteDir(db, scope, 1),
    trainresMedia.insertMedia(db, scope, newMedia),
    trainresMedia.updateMedia(db, scope, 1, { progress: 50 }),
    trainresMedia.setResourceDuration(db, scope, 'M', 60),
    study.addView(db, scope, 1),
    userexam.writeMark(db, scope, 1, 'Q', newMark),
    userexam.updateMarkedAttempt(db, scope, 1, { score: 5, delayMarkingPapers: 0, isPass: 1 }),
    roster.updateBestScore(db, scope, 1, 2, 5),
    certificates.insertDefinition(db, scope, newCertDefinition),
    certificates.updateDefinition(db, scope, 1, newCertDefinition),
    certificates.insertIssued(db, scope, newCert),
    certificates.revokeIssued(db, scope, 1, certRevoke),
    certificates.restoreIssued(db, scope, 1),
    certificates.replaceRules(db, scope, 1, []),
  ];
}

export function writesWithoutTheScopeDoNotCompile(db: DbOrTx) {
  return [
    // @ts-expect-error the scope is required
    notices.updateNotice(db, 1, { noticeTitle: 'x' }),
    // @ts-expect-error the scope is required
    notices.deleteNotice(db, 1),
    // @ts-expect-error the scope is required
    notices.replaceEnclosures(db, 1, []),
    // @ts-expect-error the scope is required
    users.updateUser(db, 1, { status: 0 }),
    // @ts-expect-error the scope is required
    users.insertUser(db, newUser),
    // @ts-expect-error the scope is required
    users.dropCompanyRoles(db, 1),
    // @ts-expect-error the scope is required
    users.updateImportedUsers(db, [], new Date()),
    // @ts-expect-error the scope is required
    users.insertImportedUsers(db, []),
    // @ts-expect-error the scope is required
    roles.insertRole(db, newRole, []),
    // @ts-expect-error the scope is required
    roles.updateRole(db, 1, newRole, null),
    // @ts-expect-error the scope is required
    roles.replaceUserRoles(db, 1, []),
    // @ts-expect-error the scope is required
    orgs.insertOrg(db, newOrg),
    // @ts-expect-error the scope is required
    orgs.updateOrg(db, 1, newOrg),
    // @ts-expect-error the scope is required
    orgs.deleteOrgs(db, [1]),
    // @ts-expect-error the scope is required
    posts.insertPost(db, newPost),
    // @ts-expect-error the scope is required
    posts.updatePost(db, 1, newPost),
    // @ts-expect-error the scope is required
    posts.deletePost(db, 1),
    // @ts-expect-error the scope is required
    posts.setPostOrgs(db, 1, [2]),
    // @ts-expect-error the scope is required
    posts.linkPostToOrg(db, 1, 2),
    // @ts-expect-error the scope is required
    posts.unlinkPostFromOrg(db, 1, 2),
    // @ts-expect-error the scope is required
    companies.insertCompany(db, newCompany, { orgCode: 'O' }),
    // @ts-expect-error the scope is required
    companies.updateCompany(db, 1, { status: 0 }),
    // @ts-expect-error the scope is required
    content.insertRegulation(db, newDoc),
    // @ts-expect-error the scope is required
    content.updateRegulation(db, 1, { title: 'x' }),
    // @ts-expect-error the scope is required
    content.deleteRegulation(db, 1),
    // @ts-expect-error the scope is required
    projects.insertProject(db, newProject),
    // @ts-expect-error the scope is required
    projects.updateProject(db, 1, { projectName: 'x' }),
    // @ts-expect-error the scope is required
    projects.deleteProject(db, 1),
    // @ts-expect-error the scope is required
    projects.insertPlan(db, newPlan),
    // @ts-expect-error the scope is required
    projects.updatePlan(db, 1, { planName: 'x' }),
    // @ts-expect-error the scope is required
    projects.deletePlans(db, [1]),
    // @ts-expect-error the scope is required
    projects.replaceResources(db, 1, []),
    // @ts-expect-error the scope is required
    projects.replaceExams(db, 1, []),
    // @ts-expect-error the scope is required
    projects.replaceParticipants(db, 1, []),
    // @ts-expect-error the scope is required
    projects.updateEnrolment(db, 1, 2, { certNo: 'x' }),
    // @ts-expect-error the scope is required
    exams.insertExam(db, newExam),
    // @ts-expect-error the scope is required
    exams.updateExam(db, 1, { examName: 'x' }),
    // @ts-expect-error the scope is required
    exams.deleteExam(db, 1),
    // @ts-expect-error the scope is required
    exams.replaceParticipants(db, 1, []),
    // @ts-expect-error the scope is required
    papers.insertPaper(db, newPaper),
    // @ts-expect-error the scope is required
    papers.updatePaper(db, 1, { paperName: 'x' }),
    // @ts-expect-error the scope is required
    papers.deletePaper(db, 1),
    // @ts-expect-error the scope is required
    papers.replacePaperContent(db, 1, [], []),
    // @ts-expect-error the scope is required
    questions.insertDir(db, newDir),
    // @ts-expect-error the scope is required
    questions.updateDir(db, 1, { dirName: 'x' }),
    // @ts-expect-error the scope is required
    questions.deleteDir(db, 1),
    // @ts-expect-error the scope is required
    questions.insertQuestions(db, []),
    // @ts-expect-error the scope is required
    questions.updateQuestion(db, 1, { version: 2 }),
    // @ts-expect-error the scope is required
    questions.markQuestionsDeleted(db, [1], new Date()),
    // @ts-expect-error the scope is required
    trainres.insertRes(db, newRes),
    // @ts-expect-error the scope is required
    trainres.updateRes(db, 1, { sort: 10 }),
    // @ts-expect-error the scope is required
    trainres.insertAudit(db, newResAudit),
    // @ts-expect-error the scope is required
    trainresDirs.insertDir(db, newResDir),
    // @ts-expect-error the scope is required
    trainresDirs.updateDir(db, 1, { dName: 'x' }),
    // @ts-expect-error the scope is required
    trainresDirs.deleteDir(db, 1),
    // @ts-expect-error the scope is required
    trainresMedia.insertMedia(db, newMedia),
    // @ts-expect-error the scope is required
    trainresMedia.updateMedia(db, 1, { progress: 50 }),
    // @ts-expect-error the scope is required
    trainresMedia.setResourceDuration(db, 'M', 60),
    // @ts-expect-error the scope is required
    study.addView(db, 1),
    // @ts-expect-error the scope is required
    userexam.writeMark(db, 1, 'Q', newMark),
    // @ts-expect-error the scope is required
    userexam.updateMarkedAttempt(db, 1, { score: 5, delayMarkingPapers: 0, isPass: 1 }),
    // @ts-expect-error the scope is required
    roster.updateBestScore(db, 1, 2, 5),
    // @ts-expect-error the scope is required
    practice.insertPractice(db, newPractice),
    // @ts-expect-error the scope is required
    practice.updatePractice(db, 1, { practiceName: 'x' }),
    // @ts-expect-error the scope is required
    practice.deletePractice(db, 1),
    // @ts-expect-error the scope is required
    practice.replaceParticipants(db, 1, []),
    // @ts-expect-error the scope is required
    certificates.insertDefinition(db, newCertDefinition),
    // @ts-expect-error the scope is required
    certificates.updateDefinition(db, 1, newCertDefinition),
    // @ts-expect-error the scope is required
    certificates.insertIssued(db, newCert),
    // @ts-expect-error the scope is required
    certificates.revokeIssued(db, 1, certRevoke),
    // @ts-expect-error the scope is required
    certificates.restoreIssued(db, 1),
    // @ts-expect-error the scope is required
    certificates.replaceRules(db, 1, []),
  ];
}
