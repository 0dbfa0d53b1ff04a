import type {
  BeginExamResult,
  CertDefinitionView,
  CertIssuedView,
  CertVerifyView,
  MyCertView,
  PageResult,
  SaveAnswerResult,
} from '@xuetu/contract';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USER_EXAM as U } from '../../../test/api-paths.ts';
import { publishExam, userIdsOf } from '../../../test/exam-kit.ts';
import { buildUser } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { pdfText } from '../../../test/pdf-text.ts';
import { OTHER_COMPANY } from '../../db/seed/demo.ts';
import { ManualClock } from '../../platform/clock.ts';
import { PLATFORM_WIDE } from '../../platform/scope.ts';
import { inTransaction } from '../../platform/tx.ts';
import { projects, projectUsers } from '../projects/schema.ts';
import * as repo from './certificates.repository.ts';
import { issueCertificate } from './issue.ts';
import { certIssued } from './schema.ts';

// Certificates (issue 42): definitions and rules, issue on a pass by a durable job enqueued with
// the result, exactly once under re-marking, revoke when a re-mark takes the pass away, manual
// issue, numbering under concurrency, the learner's list and PDF, the public verification.
const clock = new ManualClock(Date.parse('2026-06-01T02:00:00Z'));
let t: TestApp;
let corp = '';
let admin = '';
let otherBoss = '';
const tok: Record<string, string> = {};
const A = '/Api/Certificate/cert_manage';
const MINE = '/Api/UserCert/my_cert';
const VERIFY = '/Api/Certificate/cert_verify/Verify';
const M = '/Api/Exam_Manage/ex_marking';
const q: Record<string, string> = {};
let essayExam = '';
let quickExam = '';
let otherExam = '';

beforeAll(async () => {
  t = await buildTestApp({ clock });
  // this file counts certificates and numbers from an empty start: the demo's (the seed's
  // 消防安全合格证 of the closed demo exam) are removed from its copy of the database
  await t.ctx.db.execute(sql`truncate cert_issued, cert_rule, cert_definition, cert_sequence restart identity`);
  [corp, admin] = await Promise.all([t.login('corpadmin'), t.login('admin')]);
  otherBoss = await (await buildUser(t, { company: OTHER_COMPANY.companySysCode, roles: ['corpadmin'] })).signIn();
  for (const a of ['learner01', 'learner02', 'learner03', 'learner04']) tok[a] = await t.login(a);
  const Q = '/Api/Exam_Manage/ex_question';
  const add = async (body: Record<string, unknown>, token = corp) => (await t.ok<{ qCode: string }>(`${Q}/AddData`, body, token)).qCode;
  q.single = await add({ qType: 1, qName: '火警电话是？', a: '110', b: '119', answer: 'B' });
  q.essay = await add({ qType: 5, qName: '简述疏散要点。', answer: '冷静、低姿' });
  const paper = async (name: string, questions: { qCode: string; score: number }[], token = corp, companySysCode?: string) =>
    (
      await t.ok<{ paperCode: string }>(
        '/Api/Exam_Manage/ex_paper/AddData',
        { paperName: name, paperType: 1, questions, companySysCode },
        token,
      )
    ).paperCode;
  const withEssay = await paper('证书卷（含简答）', [
    { qCode: q.single, score: 50 },
    { qCode: q.essay, score: 50 },
  ]);
  const quick = await paper('证书卷', [{ qCode: q.single, score: 100 }]);
  essayExam = await publishExam(t, corp, { examName: '安全员考试', paperCode: withEssay, people: ['learner01'], passScore: 60 });
  quickExam = await publishExam(t, corp, {
    examName: '电工上岗考试',
    paperCode: quick,
    people: ['learner02', 'learner03'],
    isAllow: 1,
    isAllowCount: 3,
  });
  const oq = await add({ qType: 3, qName: '叉车可以载人。', answer: 'B', companySysCode: OTHER_COMPANY.companySysCode }, admin);
  const op = await paper('他司卷', [{ qCode: oq, score: 100 }], admin, OTHER_COMPANY.companySysCode);
  otherExam = await publishExam(t, admin, {
    examName: '他司考试',
    paperCode: op,
    people: ['other01'],
    companySysCode: OTHER_COMPANY.companySysCode,
  });
});
afterAll(() => t.close());

/** Takes the exam: answers the single choice (right or wrong) and, when given, the short answer; submits. */
async function sit(examCode: string, who: string, right: boolean, essay?: string): Promise<number> {
  const begun = await t.ok<BeginExamResult>(`${U}/BeginExam`, { examCode }, tok[who]);
  const id = begun.userpaperId;
  await t.ok<SaveAnswerResult>(`${U}/SaveAnswer`, { userpaperId: id, qCode: q.single, answer: right ? 'B' : 'A', seq: 1 }, tok[who]);
  if (essay) await t.ok<SaveAnswerResult>(`${U}/SaveAnswer`, { userpaperId: id, qCode: q.essay, answer: essay, seq: 2 }, tok[who]);
  await t.ok(`${U}/SubmitExam`, { userpaperId: id }, tok[who]);
  return id;
}

const save = (body: Record<string, unknown>, token = corp) => t.post<CertDefinitionView>(`${A}/SaveCertDefinition`, body, token);
const issuedList = (body: Record<string, unknown>, token = corp) => t.ok<PageResult<CertIssuedView>>(`${A}/GetIssuedCertList`, body, token);
const mine = (who: string) => t.ok<MyCertView[]>(`${MINE}/GetMyCerts`, {}, tok[who]);
const verify = async (code: string) => (await t.get<CertVerifyView>(VERIFY, { code })).data;
const countIssued = async () => Number((await t.ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from cert_issued`)).rows[0]!.n);

let safety = 0;
let electric = 0;

describe('certificates and their rules (证书管理)', () => {
  it('needs a session and the certificate actions', async () => {
    expect((await t.post(`${A}/GetCertDefinitionList`, {})).errorCode).toBe(401);
    expect((await t.post(`${A}/SaveCertDefinition`, {}, tok.learner01)).errorCode).toBe(403);
    expect((await t.post(`${A}/RevokeCert`, { id: 1, reason: 'x' }, tok.learner01)).errorCode).toBe(403);
    expect((await t.post(`${MINE}/GetMyCerts`, {})).errorCode).toBe(401);
  });

  it('refuses bad input with a clear Chinese message and changes nothing', async () => {
    const before = await t.ok<PageResult<CertDefinitionView>>(`${A}/GetCertDefinitionList`, {}, corp);
    expect((await save({ prefix: 'AQ' })).msg).toBe('请输入证书名称');
    expect((await save({ name: '安全员证', prefix: 'aq-1' })).msg).toBe('编号前缀须为 1 到 10 位大写字母或数字');
    expect((await save({ name: '安全员证', prefix: 'AQ', validityMonths: 601 })).msg).toBe('有效期须为 0（永久有效）到 600 个月');
    const foreign = await save({ name: '安全员证', prefix: 'AQ', rules: [{ kind: 'exam', refCode: otherExam }] });
    expect(foreign.code).toBe('CERT_RULE_EXAM_NOT_FOUND');
    expect(foreign.msg).toBe('发放规则中的考试不存在（须为本公司的考试）');
    const twice = await save({
      name: '安全员证',
      prefix: 'AQ',
      rules: [
        { kind: 'exam', refCode: quickExam },
        { kind: 'exam', refCode: quickExam },
      ],
    });
    expect(twice.code).toBe('CERT_RULE_DUPLICATE');
    expect((await t.ok<PageResult<CertDefinitionView>>(`${A}/GetCertDefinitionList`, {}, corp)).totalCount).toBe(before.totalCount);
  });

  it('saves a certificate with its exam rules; the name is unique in the company', async () => {
    const saved = await save({
      name: '安全员证',
      prefix: 'AQ',
      validityMonths: 24,
      rules: [{ kind: 'exam', refCode: essayExam, minScore: 60 }],
    });
    expect(saved.success, saved.msg).toBe(true);
    safety = saved.data.id;
    expect(saved.data.rules).toEqual([{ kind: 'exam', refCode: essayExam, refName: '安全员考试', minScore: 60 }]);
    const el = await t.ok<CertDefinitionView>(
      `${A}/SaveCertDefinition`,
      { name: '电工证', prefix: 'DG', validityMonths: 1, rules: [{ kind: 'exam', refCode: quickExam }] },
      corp,
    );
    electric = el.id;
    expect((await save({ name: '安全员证', prefix: 'AQX' })).code).toBe('CERT_NAME_TAKEN');
  });

  it("keeps companies apart: another company's administrator neither sees nor changes them", async () => {
    const theirs = await t.ok<PageResult<CertDefinitionView>>(`${A}/GetCertDefinitionList`, {}, otherBoss);
    expect(theirs.models.map((d) => d.id)).not.toContain(safety);
    expect((await t.post(`${A}/GetCertDefinition`, { id: safety }, otherBoss)).code).toBe('CERT_DEFINITION_NOT_FOUND');
    expect((await save({ id: safety, name: '改名', prefix: 'AQ' }, otherBoss)).code).toBe('CERT_DEFINITION_NOT_FOUND');
    expect((await t.post(`${A}/IssueCertManually`, { definitionId: safety, participants: { users: [] } }, otherBoss)).code).toBe(
      'CERT_DEFINITION_NOT_FOUND',
    );
    // the platform administrator sees every company's
    const all = await t.ok<PageResult<CertDefinitionView>>(`${A}/GetCertDefinitionList`, {}, admin);
    expect(all.models.map((d) => d.id)).toContain(safety);
  });
});

describe('issue on a pass, exactly once, revoked when a re-mark takes the pass away', () => {
  let attempt = 0;
  let number = '';
  let code = '';

  it('a pass that waits for marking issues nothing until it is marked, then the job issues one certificate', async () => {
    attempt = await sit(essayExam, 'learner01', true, '低姿前进，不乘电梯');
    await t.ctx.jobs.drain();
    expect(await mine('learner01')).toEqual([]);
    await t.ok(`${M}/Mark`, { userpaperId: attempt, qCode: q.essay, score: 40 }, corp);
    // the job was enqueued in the marking's transaction
    const queued = await t.ctx.db.execute<{ n: number }>(
      sql`select count(*)::int as n from platform_job where kind = 'certificates.examResult' and status = 'queued'`,
    );
    expect(Number(queued.rows[0]!.n)).toBeGreaterThan(0);
    await t.ctx.jobs.drain();
    const [cert] = await mine('learner01');
    expect(cert).toMatchObject({
      certName: '安全员证',
      status: 'valid',
      statusText: '有效',
      number: 'AQ2026000001',
      issuedAt: '2026-06-01',
      expiresAt: '2028-06-01',
    });
    expect(cert!.code).toMatch(/^[A-Za-z0-9_-]{22}$/);
    number = cert!.number;
    code = cert!.code;
  });

  it('re-marking again and again (jobs run twice, at once) keeps exactly one certificate', async () => {
    for (const score of [45, 50, 41]) await t.ok(`${M}/Mark`, { userpaperId: attempt, qCode: q.essay, score }, corp);
    const [learner] = await userIdsOf(t, ['learner01']);
    const { examResultJob } = await import('./jobs.ts');
    const examId = Number((await t.ctx.db.execute<{ id: number }>(sql`select id from ex_exam where exam_code = ${essayExam}`)).rows[0]!.id);
    const tools = { ctx: t.ctx, progress: async () => {}, log: t.app.log, signal: new AbortController().signal };
    const job = { id: 0, kind: examResultJob.kind, payload: { examId, userId: learner! }, attempt: 1, maxAttempts: 1 };
    await Promise.all([examResultJob.run(job, tools), examResultJob.run(job, tools), t.ctx.jobs.drain()]);
    const rows = await t.ctx.db.select().from(certIssued).where(eq(certIssued.userId, learner!));
    expect(rows.map((r) => [r.number, r.status])).toEqual([[number, 1]]);
  });

  it('a re-mark that takes the pass away revokes it with the reason kept; the public page says 已撤销', async () => {
    await t.ok(`${M}/Mark`, { userpaperId: attempt, qCode: q.essay, score: 5 }, corp);
    await t.ctx.jobs.drain();
    const [cert] = await mine('learner01');
    expect(cert).toMatchObject({ number, status: 'revoked', statusText: '已撤销', revokeReason: '重新阅卷后未通过考试「安全员考试」' });
    expect(await verify(code)).toMatchObject({ found: true, status: 'revoked', statusText: '已撤销' });
    const listed = await issuedList({ status: 'revoked', definitionId: safety });
    expect(listed.models.map((m) => [m.number, m.revokeReason])).toEqual([[number, '重新阅卷后未通过考试「安全员考试」']]);
  });

  it('the pass regained gives the same certificate back (no second number)', async () => {
    await t.ok(`${M}/Mark`, { userpaperId: attempt, qCode: q.essay, score: 30 }, corp);
    await t.ctx.jobs.drain();
    const list = await mine('learner01');
    expect(list.map((c) => [c.number, c.status, c.revokeReason])).toEqual([[number, 'valid', '']]);
  });

  it('a failed attempt issues nothing; a later pass issues; passing again issues nothing more', async () => {
    await sit(quickExam, 'learner02', false);
    await t.ctx.jobs.drain();
    expect(await mine('learner02')).toEqual([]);
    await sit(quickExam, 'learner02', true);
    await t.ctx.jobs.drain();
    await sit(quickExam, 'learner02', true);
    await t.ctx.jobs.drain();
    const list = await mine('learner02');
    expect(list.map((c) => [c.certName, c.number, c.status])).toEqual([['电工证', 'DG2026000001', 'valid']]);
  });
});

describe('the public verification page', () => {
  it('shows the masked holder, certificate, company, dates and status, and nothing else', async () => {
    const [cert] = await mine('learner02');
    const res = await t.inject({ method: 'GET', url: `/prod-api${VERIFY}?code=${cert!.code}` });
    expect(res.statusCode).toBe(200);
    const data = res.json().data as CertVerifyView;
    expect(Object.keys(data).sort()).toEqual([
      'certName',
      'companyName',
      'expiresAt',
      'found',
      'holderName',
      'issuedAt',
      'status',
      'statusText',
    ]);
    expect(data).toMatchObject({ found: true, certName: '电工证', companyName: '演示科技有限公司', status: 'valid', statusText: '有效' });
    const name = (await t.ctx.db.execute<{ chn_name: string }>(sql`select chn_name from app_user where account_code = 'learner02'`))
      .rows[0]!.chn_name;
    expect(data.found && data.holderName).toBe(
      name.length === 2 ? `${name[0]}*` : `${name[0]}${'*'.repeat(name.length - 2)}${name.at(-1)}`,
    );
    expect(JSON.stringify(data)).not.toContain(cert!.number);
  });

  it('an unknown code says so plainly; a malformed one is refused', async () => {
    expect(await verify('AAAAAAAAAAAAAAAAAAAAAA')).toEqual({ found: false, message: '未找到该证书：查验码不存在，请核对后重试' });
    expect((await t.get(VERIFY, { code: 'abc' })).msg).toBe('证书查验码格式不正确');
  });

  it('expires on the clock: 已过期 on the page, the expired filter and counts', async () => {
    const [cert] = await mine('learner02');
    expect((await issuedList({ expiringWithinDays: 40 })).models.map((m) => m.number)).toContain(cert!.number);
    expect((await issuedList({ expiringWithinDays: 10 })).models.map((m) => m.number)).not.toContain(cert!.number);
    clock.advance(31 * 86_400_000);
    // the sessions of this file have gone idle a month later: a fresh one, the others left untouched
    const later = await t.login('corpadmin');
    try {
      expect(await verify(cert!.code)).toMatchObject({ status: 'expired', statusText: '已过期' });
      expect((await issuedList({ status: 'expired' }, later)).models.map((m) => m.number)).toEqual([cert!.number]);
      const def = await t.ok<CertDefinitionView>(`${A}/GetCertDefinition`, { id: electric }, later);
      expect([def.validCount, def.expiredCount]).toEqual([0, 1]);
    } finally {
      clock.advance(-31 * 86_400_000);
    }
  });
});

describe('manual issue, revoke, export, PDF', () => {
  it('issues to the picked people, once each; another company’s person is refused', async () => {
    const [l3, l4, other] = await userIdsOf(t, ['learner03', 'learner04', 'other01']);
    const bad = await t.post(`${A}/IssueCertManually`, { definitionId: safety, participants: { users: [other] } }, corp);
    expect(bad.success).toBe(false);
    const first = await t.post<{ issued: number; skipped: number }>(
      `${A}/IssueCertManually`,
      { definitionId: safety, participants: { users: [l3, l4] } },
      corp,
    );
    expect([first.data, first.msg]).toEqual([{ issued: 2, skipped: 0 }, '已发放 2 张证书']);
    const again = await t.post(`${A}/IssueCertManually`, { definitionId: safety, participants: { users: [l3] } }, corp);
    expect(again.msg).toBe('已发放 0 张证书，1 人已持有有效证书未重复发放');
    expect((await mine('learner03')).map((c) => c.certName)).toEqual(['安全员证']);
  });

  it('revokes with a reason (required); another company cannot; twice is refused', async () => {
    const [cert] = await mine('learner04');
    expect((await t.post(`${A}/RevokeCert`, { id: cert!.id, reason: '' }, corp)).msg).toBe('请填写撤销原因');
    expect((await t.post(`${A}/RevokeCert`, { id: cert!.id, reason: '他司撤销' }, otherBoss)).code).toBe('CERT_NOT_FOUND');
    expect((await mine('learner04'))[0]!.status).toBe('valid');
    const done = await t.ok<CertIssuedView>(`${A}/RevokeCert`, { id: cert!.id, reason: '证件信息有误' }, corp);
    expect([done.status, done.revokeReason]).toEqual(['revoked', '证件信息有误']);
    expect((await t.post(`${A}/RevokeCert`, { id: cert!.id, reason: '再撤' }, corp)).code).toBe('CERT_ALREADY_REVOKED');
    // another company's list does not hold it
    expect((await issuedList({}, otherBoss)).models.map((m) => m.id)).not.toContain(cert!.id);
  });

  it('exports the filtered list as a real workbook', async () => {
    const res = await t.postRaw(`${A}/ExportIssuedCertList`, { definitionId: safety }, corp);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const rows = wb.worksheets[0]!.getSheetValues()
      .filter(Boolean)
      .map((r) => (r as unknown[]).slice(1, 4));
    expect(rows[0]).toEqual(['证书编号', '证书名称', '持证人']);
    expect(rows.map((r) => r[0])).toContain('AQ2026000001');
    expect(rows.length).toBe(4);
  });

  it("downloads one's own certificate as a PDF holding the name and number; not someone else's", async () => {
    const [cert] = await mine('learner01');
    const res = await t.postRaw(`${MINE}/DownloadMyCertPdf`, { id: cert!.id }, tok.learner01);
    expect(res.headers['content-type']).toBe('application/pdf');
    const text = pdfText(res.rawPayload);
    const name = (await t.ctx.db.execute<{ chn_name: string }>(sql`select chn_name from app_user where account_code = 'learner01'`))
      .rows[0]!.chn_name;
    expect(text).toContain(name);
    expect(text).toContain(cert!.number);
    expect(text).toContain('安全员证');
    expect((await t.post(`${MINE}/DownloadMyCertPdf`, { id: cert!.id }, tok.learner02)).code).toBe('CERT_NOT_FOUND');
  });
});

describe('issue on completing a training project', () => {
  it('refuses another company’s project; issues once to the enrolled people who completed it, not to the others', async () => {
    const P = '/Api/Project_Manage/project_project';
    const project = async (name: string, checkHrs: number, token = corp) =>
      (
        await t.ok<{ projectCode: string }>(
          `${P}/SaveData`,
          { projectName: name, startDate: '2026-05-01', endDate: '2026-07-31', checkHrs, reachRule: 1, allowedSpeeds: [1] },
          token,
        )
      ).projectCode;
    const done = await project('证书项目（已完成）', 0);
    const notYet = await project('证书项目（未完成）', 5);
    const theirs = await project('他司项目', 0, otherBoss);
    const [l3, l4] = await userIdsOf(t, ['learner03', 'learner04']);
    for (const code of [done, notYet]) {
      const [row] = await t.ctx.db.update(projects).set({ status: 1 }).where(eq(projects.projectCode, code)).returning({ id: projects.id });
      await t.ctx.db
        .insert(projectUsers)
        .values([l3, l4].map((userId) => ({ projectId: row!.id, userId: userId!, joinedAt: clock.now() })));
    }
    const refused = await save({ name: '项目结业证', prefix: 'PX', rules: [{ kind: 'project', refCode: theirs }] });
    expect([refused.code, refused.msg]).toEqual(['CERT_RULE_PROJECT_NOT_FOUND', '发放规则中的培训项目不存在（须为本公司的项目）']);
    const def = await t.ok<CertDefinitionView>(
      `${A}/SaveCertDefinition`,
      {
        name: '项目结业证',
        prefix: 'PX',
        rules: [
          { kind: 'project', refCode: done },
          { kind: 'project', refCode: notYet },
        ],
      },
      corp,
    );
    expect(def.rules.map((r) => [r.kind, r.refCode, r.refName])).toEqual([
      ['project', done, '证书项目（已完成）'],
      ['project', notYet, '证书项目（未完成）'],
    ]);
    const { projectSweepJob } = await import('./jobs.ts');
    const tools = { ctx: t.ctx, progress: async () => {}, log: t.app.log, signal: new AbortController().signal };
    const job = { id: 0, kind: projectSweepJob.kind, payload: {}, attempt: 1, maxAttempts: 1 };
    await projectSweepJob.run(job, tools);
    await projectSweepJob.run(job, tools);
    const listed = await issuedList({ definitionId: def.id });
    // learner03 and learner04 both completed the project of 0 hours; neither reached the one of 5 hours
    expect(listed.models.map((m) => [m.holderName !== '', m.source, m.number.slice(0, 6)]).sort()).toEqual([
      [true, '完成培训项目「证书项目（已完成）」', 'PX2026'],
      [true, '完成培训项目「证书项目（已完成）」', 'PX2026'],
    ]);
    expect(new Set(listed.models.map((m) => m.userId))).toEqual(new Set([l3, l4]));
  });
});

describe('numbering', () => {
  it('50 issues at once get 50 distinct numbers of one sequence, none reused', async () => {
    const definition = (await repo.findDefinitionInScope(t.ctx.db, PLATFORM_WIDE, safety))!;
    const [learner] = await userIdsOf(t, ['learner05']);
    const before = await countIssued();
    const rows = await Promise.all(
      Array.from({ length: 50 }, () =>
        inTransaction(t.ctx, (tx) =>
          issueCertificate(tx, PLATFORM_WIDE, {
            definition,
            userId: learner!,
            holderName: '并发',
            source: (n) => `manual:${n}`,
            score: null,
            issuedBy: null,
            now: clock.now(),
          }),
        ),
      ),
    );
    const numbers = rows.map((r) => r!.number).sort();
    expect(new Set(numbers).size).toBe(50);
    expect(await countIssued()).toBe(before + 50);
    // AQ2026000001 went to learner01, 02 and 03 to the manual issue: the 50 follow without gaps
    expect(numbers[0]).toBe('AQ2026000004');
    expect(numbers[49]).toBe('AQ2026000053');
  });
});

describe('rate limit', () => {
  it('the public verification is limited per address', async () => {
    const answers: number[] = [];
    for (let i = 0; i < 35; i++)
      answers.push(
        (await t.inject({ method: 'GET', url: `/prod-api${VERIFY}?code=BBBBBBBBBBBBBBBBBBBBBB`, remoteAddress: '203.0.113.9' })).statusCode,
      );
    expect(answers.filter((s) => s === 200).length).toBe(30);
    expect(answers.at(-1)).toBe(429);
  });
});
