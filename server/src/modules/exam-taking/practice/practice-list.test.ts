import { type PageResult, PracticeSource, type PracticeView } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION_DIR as D, PRACTICE_ADMIN as P, QUESTION as Q } from '../../../../test/api-paths.ts';
import { buildCompany, buildUser, type CompanyRow } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { statementsDuring } from '../../../../test/statements.ts';
import type { TenantScope } from '../../../platform/scope.ts';
import { practiceSourceQuestions } from '../../exams/public.ts';

// Issue 39 item 6: 练习管理 counts each practice's questions without reading them, in a number
// of statements that does not grow with the page, and shows what reading them would show.
let t: TestApp;
let company: CompanyRow;
let boss: string;
let learner: number;
const dirs: Record<string, string> = {};

const ok = <T>(path: string, body: unknown) => t.ok<T>(path, body, boss);

beforeAll(async () => {
  t = await buildTestApp();
  company = await buildCompany(t);
  boss = await (await buildUser(t, { company, roles: ['corpadmin'] })).signIn();
  learner = (await buildUser(t, { company })).id;
  dirs.top = (await ok<{ dirCode: string }>(`${D}/SaveData`, { dirName: '安全生产' })).dirCode;
  dirs.child = (await ok<{ dirCode: string }>(`${D}/SaveData`, { dirName: '消防', pCode: dirs.top })).dirCode;
  dirs.other = (await ok<{ dirCode: string }>(`${D}/SaveData`, { dirName: '通用' })).dirCode;
  const add = async (dirCode: string, n: number) =>
    (await ok<{ qCode: string }>(`${Q}/AddData`, { dirCode, qType: 3, qName: `判断题 ${dirCode} ${n}`, answer: 'A' })).qCode;
  for (let i = 0; i < 3; i++) await add(dirs.top, i);
  for (let i = 0; i < 2; i++) await add(dirs.child, i);
  for (let i = 0; i < 4; i++) await add(dirs.other, i);
  // a deleted question counts nowhere
  await ok(`${Q}/Delete`, { qCode: await add(dirs.child, 9) });
  const cycle = [dirs.top, dirs.child, dirs.other];
  for (let i = 0; i < 12; i++)
    await ok(`${P}/AddData`, {
      practiceName: `练习 ${i}`,
      sourceKind: PracticeSource.Dir,
      sourceCode: cycle[i % 3],
      participants: { users: [learner] },
    });
});
afterAll(() => t.close());

const page = (pageRows: number) => ok<PageResult<PracticeView>>(`${P}/GetPageList`, { keyword: '', pageIndex: 1, pageRows });

describe('练习管理 list', () => {
  it('shows each source’s name and live question count (a directory with those below it), as reading the questions gives', async () => {
    const list = await page(20);
    expect(list.totalCount).toBe(12);
    expect(list.models).toHaveLength(12);
    const scope: TenantScope = { all: false, companySysCode: company.companySysCode };
    for (const m of list.models) {
      const read = await practiceSourceQuestions(t.ctx.db, scope, company.companySysCode, m.sourceKind, m.sourceCode);
      expect(m).toMatchObject({ sourceName: read?.name, questionCount: read?.qCodes.length });
    }
    const byDir = Object.fromEntries(list.models.map((m) => [m.sourceCode, [m.sourceName, m.questionCount]]));
    expect(byDir).toEqual({ [dirs.top]: ['安全生产', 5], [dirs.child]: ['消防', 2], [dirs.other]: ['通用', 4] });
  });

  it('reads a page of 12 in as many statements as a page of 2', async () => {
    const two = await statementsDuring(() => page(2));
    expect(await statementsDuring(() => page(12))).toBe(two);
  });
});
