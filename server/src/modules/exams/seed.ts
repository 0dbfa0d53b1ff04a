import { AnswerReview, ExamStatus, OPTION_KEYS, PaperType, paperTotals } from '@xuetu/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../db/seed/demo.ts';
import { newCode } from '../../platform/codes.ts';
import type { AppContext } from '../../platform/context.ts';
import { PLATFORM_WIDE } from '../../platform/scope.ts';
import { findPeopleByAccount } from '../directory/public.ts';
import * as examRepo from './exams/exams.repository.ts';
import * as paperRepo from './papers/papers.repository.ts';
import { DEMO_PRACTICE_DIR } from './papers/practice-source.ts';
import * as repo from './questions/questions.repository.ts';
import { checkQuestion } from './questions/rules.ts';
import { exams } from './schema.ts';

type Q = [type: number, stem: string, options: string[], answer: string | string[], analysis?: string, difficulty?: number];

const GENERAL: Q[] = [
  [1, '发生火灾时，首先应该拨打的报警电话是？', ['110', '119', '120', '122'], 'B', '火警电话是 119。', 1],
  [1, '使用灭火器时，喷嘴应对准火焰的哪个部位？', ['火焰顶部', '火焰中部', '火焰根部', '任意部位'], 'C', '对准火焰根部才能有效灭火。', 2],
  [1, '办公电脑长时间离开时，正确的做法是？', ['保持登录', '锁定屏幕', '拔掉网线', '关闭显示器即可'], 'B', '离开时锁屏可防止信息泄露。', 1],
  [1, '下列哪种密码最安全？', ['123456', 'password', 'Xt#2026mq!', '生日'], 'C', '', 1],
  [2, '以下哪些属于个人防护用品？', ['安全帽', '防护手套', '护目镜', '办公椅'], 'ABC', '办公椅不是防护用品。', 2],
  [2, '发现同事触电时，正确的做法有？', ['立即切断电源', '用干燥木棍挑开电线', '直接用手拉开', '拨打急救电话'], 'ABD', '', 3],
  [3, '安全出口可以临时堆放物品。', [], 'B', '安全出口必须保持畅通。', 1],
  [3, '公司内部资料未经批准不得外传。', [], 'A', '', 1],
  [4, '我国的安全生产方针是“安全第一、（）为主、综合治理”。', [], ['预防'], '安全生产方针。', 2],
  [4, '中华人民共和国的首都是（），成立于___年。', [], ['北京|北京市', '1949'], '两个空分别判分。', 1],
  [5, '请简述发生火灾时的疏散要点。', [], '保持冷静；用湿毛巾捂住口鼻；低姿沿安全出口方向撤离；不乘电梯；到达集合点后清点人数。', '', 3],
  [5, '结合本岗位，谈谈你如何落实信息安全要求。', [], '参考要点：账号密码管理、锁屏、文件分级、外发审批、异常上报。', '', 4],
];

const LOGISTICS: Q[] = [
  [1, '叉车作业时，货叉离地高度一般应保持在？', ['10-20 厘米', '50 厘米', '1 米', '越高越好'], 'A', '', 2],
  [1, '仓库内严禁的行为是？', ['佩戴安全帽', '吸烟', '按线路行驶', '定期盘点'], 'B', '', 1],
  [2, '货物码放应做到？', ['重下轻上', '大不压小', '堵住通道', '标识朝外'], 'ABD', '', 2],
  [3, '装卸危险品时必须持证上岗。', [], 'A', '', 1],
  [4, '先进先出的英文缩写是（）。', [], ['FIFO'], '', 2],
  [5, '简述出库复核的流程。', [], '核对单据、核对品名规格数量、检查包装、签字确认。', '', 3],
];

/** The other company's practice bank (ADR 0043): in no paper, so practice shows its keys at once. */
const DAILY: Q[] = [
  [
    1,
    '搬运重物时，正确的姿势是？',
    ['弯腰直接提起', '屈膝下蹲、腰背挺直后起身', '单手提起', '快速猛拉'],
    'B',
    '屈膝下蹲、保持腰背挺直，用腿部力量起身。',
    1,
  ],
  [3, '托盘破损后仍可继续使用。', [], 'B', '破损托盘应及时更换，防止货物倒塌。', 1],
  [1, '仓库消防通道的最小宽度一般不小于？', ['0.5 米', '1 米', '4 米', '没有要求'], 'C', '消防车通道净宽一般不小于 4 米。', 2],
];

async function addDir(db: DbOrTx, company: string, name: string, pCode = '', sortOrder = 0) {
  return (await repo.insertDir(db, PLATFORM_WIDE, { dirCode: newCode('QD'), dirName: name, pCode, companySysCode: company, sortOrder }))
    .dirCode;
}

async function addQuestions(db: DbOrTx, company: string, dirCode: string, list: Q[]) {
  const values = list.map(([qType, qName, options, answer, analysis = '', difficulty = 2]) => {
    const checked = checkQuestion({
      qType,
      qName,
      options: Object.fromEntries(OPTION_KEYS.map((k, i) => [k, options[i] ?? ''])),
      answer,
      analysis,
      difficulty,
      score: qType === 5 ? 10 : qType === 2 || qType === 4 ? 4 : 2,
    });
    if (!checked.ok) throw new Error(`demo question ${qName}: ${checked.problems[0].message}`);
    const v = checked.value;
    return {
      ...v.options,
      qType: v.qType,
      qName: v.qName,
      answer: v.answer,
      analysis: v.analysis,
      difficulty: v.difficulty,
      score: v.score,
    };
  });
  const codes = values.map(() => newCode('Q'));
  await repo.insertQuestions(
    db,
    PLATFORM_WIDE,
    values.map((v, i) => ({ ...v, qCode: codes[i], companySysCode: company, dirCode })),
  );
  return values.map((v, i) => ({ qCode: codes[i], qType: v.qType }));
}

async function addFixedPaper(db: DbOrTx, company: string, name: string, items: { qCode: string; qType: number }[]) {
  // every type scored so the paper totals 100: 1 → 6, 2 → 8, 3 → 5, 4 → 8, 5 → 15 (adjusted on the last question)
  const base: Record<number, number> = { 1: 6, 2: 8, 3: 5, 4: 8, 5: 15 };
  const scored = items.map((q) => ({ qCode: q.qCode, qType: q.qType, score: base[q.qType] }));
  const sum = scored.reduce((s, q) => s + q.score, 0);
  scored[scored.length - 1].score += 100 - sum;
  const paper = await paperRepo.insertPaper(db, PLATFORM_WIDE, {
    paperCode: newCode('P'),
    companySysCode: company,
    paperName: name,
    paperIntrduce: '涵盖单选、多选、判断、填空和简答五种题型。',
    paperType: PaperType.Fixed,
    ...paperTotals(scored),
  });
  await paperRepo.replacePaperContent(db, PLATFORM_WIDE, paper.id, scored, []);
  return paper;
}

async function addRandomPaper(
  db: DbOrTx,
  company: string,
  name: string,
  dirCode: string,
  rules: { qType: number; count: number; score: number }[],
) {
  const full = rules.map((r) => ({ ...r, dirCode }));
  const paper = await paperRepo.insertPaper(db, PLATFORM_WIDE, {
    paperCode: newCode('P'),
    companySysCode: company,
    paperName: name,
    paperIntrduce: '每次考试从题库随机抽题。',
    paperType: PaperType.Random,
    ...paperTotals(full),
  });
  await paperRepo.replacePaperContent(db, PLATFORM_WIDE, paper.id, [], full);
  return paper;
}

const DAY = 24 * 60 * 60 * 1000;

async function addExam(
  db: DbOrTx,
  company: string,
  paperId: number,
  e: { name: string; intro: string; start: Date; end: Date; userIds: number[]; status: number; now: Date } & Partial<examRepo.ExamInsert>,
) {
  const { name, intro, start, end, userIds, now, ...rest } = e;
  const exam = await examRepo.insertExam(db, PLATFORM_WIDE, {
    examCode: newCode('E'),
    companySysCode: company,
    examName: name,
    examIntrduce: intro,
    paperId,
    time: 30,
    examStartTime: start,
    examEndTime: end,
    passScore: 60,
    publishedAt: rest.status ? start : null,
    ...rest,
  });
  await examRepo.replaceParticipants(
    db,
    PLATFORM_WIDE,
    exam.id,
    userIds.map((refId) => ({ kind: 'user', refId })),
  );
  // the people are assigned by exam taking's seed (the roster is its, ADR 0052)
  return exam;
}

/** The demo exams published or closed, whose people exam taking's seed assigns (ADR 0052). */
export function demoExamsToAssign(db: DbOrTx): Promise<examRepo.ExamRow[]> {
  return db.select().from(exams).where(ne(exams.status, ExamStatus.Draft)).orderBy(exams.id);
}

/** The closed demo exam (its history of finished attempts is exam taking's seed, ADR 0049). */
export const DEMO_HISTORY_EXAM = '2025年度消防安全考试';

/** The demo company's closed exam whose history exam taking seeds. */
export async function demoHistoryExam(db: DbOrTx): Promise<examRepo.ExamRow | undefined> {
  const [row] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.companySysCode, DEMO_COMPANY.companySysCode), eq(exams.examName, DEMO_HISTORY_EXAM)))
    .limit(1);
  return row;
}

/**
 * Demo exams (issue 12 "Demo data"): both companies get a bank with every type, a fixed and a
 * random paper; the demo company gets the open demo exam for learner01–20 (2 attempts), a closed
 * exam with history, a confidential exam and a must-complete-before-study exam for learner20.
 */
export async function seedDemoExams(ctx: AppContext): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now().getTime();
    const demo = DEMO_COMPANY.companySysCode;
    const general = await addDir(tx, demo, '通用知识', '', 1);
    const safety = await addDir(tx, demo, '安全生产', '', 2);
    const fire = await addDir(tx, demo, '消防安全', safety, 1);
    const qs = [
      ...(await addQuestions(tx, demo, fire, GENERAL.slice(0, 2))),
      ...(await addQuestions(tx, demo, general, GENERAL.slice(2, 4))),
      ...(await addQuestions(tx, demo, safety, GENERAL.slice(4))),
    ];
    const fixed = await addFixedPaper(tx, demo, '安全生产知识测试卷（固定）', qs);
    const random = await addRandomPaper(tx, demo, '安全生产随机练习卷', '', [
      { qType: 1, count: 3, score: 10 },
      { qType: 2, count: 2, score: 10 },
      { qType: 3, count: 2, score: 10 },
      { qType: 4, count: 1, score: 15 },
      { qType: 5, count: 1, score: 15 },
    ]);

    const learners = await findPeopleByAccount(tx, { company: demo, prefix: 'learner' });
    const ids = learners.map((l) => l.id);
    await addExam(tx, demo, fixed.id, {
      now: new Date(now),
      name: '2026年度安全生产知识考试',
      intro: '全体员工必考，考试时长 30 分钟，满分 100 分，60 分及格，可考两次，取最高分。',
      start: new Date(now - DAY),
      end: new Date(now + 60 * DAY),
      userIds: ids,
      status: ExamStatus.Published,
      isAllow: 1,
      isAllowCount: 2,
      answerReview: AnswerReview.AfterLast,
    });
    await addExam(tx, demo, fixed.id, {
      now: new Date(now),
      name: DEMO_HISTORY_EXAM,
      intro: '已结束的考试，可查看历史成绩。',
      start: new Date(now - 40 * DAY),
      end: new Date(now - 30 * DAY),
      userIds: ids.slice(0, 10),
      status: ExamStatus.Closed,
      closedAt: new Date(now - 30 * DAY),
      answerReview: AnswerReview.AfterLast,
    });
    await addExam(tx, demo, random.id, {
      now: new Date(now),
      name: '岗位能力测评（成绩保密）',
      intro: '成绩仅管理员可见。',
      start: new Date(now - DAY),
      end: new Date(now + 30 * DAY),
      userIds: ids,
      status: ExamStatus.Published,
      isConfidential: 1,
      isShuffleQuestion: 1,
      isShuffleOption: 1,
    });
    const [l20] = learners.filter((l) => l.accountCode === 'learner20').map((l) => l.id);
    await addExam(tx, demo, fixed.id, {
      now: new Date(now),
      name: '新员工入职必考',
      intro: '完成本考试后才能开始学习课程。',
      start: new Date(now - DAY),
      end: new Date(now + 30 * DAY),
      userIds: [l20],
      status: ExamStatus.Published,
      mustCompleteBeforeStudy: 1,
      isAllow: 1,
      isAllowCount: 3,
    });

    // the second company: its own bank, papers and one open exam
    const other = OTHER_COMPANY.companySysCode;
    const logi = await addDir(tx, other, '仓储物流', '', 1);
    const oq = await addQuestions(tx, other, logi, LOGISTICS);
    const ofixed = await addFixedPaper(tx, other, '仓储安全测试卷（固定）', oq);
    await addRandomPaper(tx, other, '仓储安全随机卷', logi, [
      { qType: 1, count: 2, score: 20 },
      { qType: 3, count: 1, score: 20 },
      { qType: 5, count: 1, score: 40 },
    ]);
    await addQuestions(tx, other, await addDir(tx, other, DEMO_PRACTICE_DIR, '', 2), DAILY);
    const otherPeople = await findPeopleByAccount(tx, { company: other, codes: ['other01', 'sl_learner01'] });
    await addExam(tx, other, ofixed.id, {
      now: new Date(now),
      name: '仓储安全考试',
      intro: '示例物流有限公司的考试。',
      start: new Date(now - DAY),
      end: new Date(now + 30 * DAY),
      userIds: otherPeople.map((p) => p.id),
      status: ExamStatus.Published,
    });
  });
}
