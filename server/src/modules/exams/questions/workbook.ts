import {
  AnswerMsg,
  ExamLimits,
  ExamMsg,
  formatDateTime,
  OPTION_KEYS,
  Q_TYPE_LABELS,
  QUESTION_COLUMNS,
  QUESTION_IMPORT_MAX_ROWS,
  type QuestionImportCheck,
  type QuestionImportError,
  stemText,
} from '@xuetu/contract';
import ExcelJS from 'exceljs';
import { recordAudit } from '../../../platform/audit.ts';
import { requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import type { SheetRow } from '../../../platform/workbook/index.ts';
import { type Caller, ownerCompany, scopeOf } from '../exams.policy.ts';
import { importAnswer, importAnswerMessage } from './import-answers.ts';
import * as repo from './questions.repository.ts';
import { exportSelection } from './questions.service.ts';
import { checkQuestion, type QuestionProblem, questionColumns } from './rules.ts';

const [TYPE, STEM, , , , , , , , , , ANSWER, ANALYSIS, DIFFICULTY, SCORE, DIR] = QUESTION_COLUMNS;
const OPTION_COLUMNS = QUESTION_COLUMNS.slice(2, 11);
const COLUMN_OF: Record<QuestionProblem['field'], string> = {
  qType: TYPE,
  qName: STEM,
  options: '选项',
  answer: ANSWER,
  difficulty: DIFFICULTY,
  score: SCORE,
};
const TYPE_BY_NAME = new Map<string, number>([
  ...Object.entries(Q_TYPE_LABELS).flatMap(([k, v]) => [
    [v, Number(k)] as [string, number],
    [v.replace('题', ''), Number(k)] as [string, number],
    [k, Number(k)] as [string, number],
  ]),
  ['判断', 3],
  ['是非题', 3],
  ['问答题', 5],
]);

const cellLimits: [string, number][] = [
  [STEM, ExamLimits.stemMax],
  [ANSWER, ExamLimits.answerMax],
  [ANALYSIS, ExamLimits.analysisMax],
  [DIR, 1000],
  ...OPTION_COLUMNS.map((h): [string, number] => [h, ExamLimits.optionMax]),
];

interface PlannedQuestion {
  rowNumber: number;
  values: Omit<repo.QuestionInsert, 'qCode' | 'companySysCode'>;
}

/** Directory of a row: its 目录 cell by name or path 'A/B', else the directory the dialog chose. */
function dirResolver(dirs: repo.DirRow[]) {
  const byId = new Map(dirs.map((d) => [d.dirCode, d]));
  const byPath = new Map<string, string | null>();
  for (const d of dirs) {
    const names: string[] = [];
    for (let cur: repo.DirRow | undefined = d, i = 0; cur && i < 50; cur = byId.get(cur.pCode), i++) names.unshift(cur.dirName);
    byPath.set(names.join('/'), d.dirCode);
    // a bare name works while it is unique
    byPath.set(d.dirName, byPath.has(d.dirName) && byPath.get(d.dirName) !== d.dirCode ? null : d.dirCode);
  }
  // split and trim, not /\s*\/\s*/g: that pattern rescans a long run of spaces from each of them
  return (text: string) =>
    byPath.get(
      text
        .split('/')
        .map((p) => p.trim())
        .join('/'),
    );
}

/**
 * ImportCheck / Import: validates every row against the same rules as the editor and lists each
 * problem with its row number and column; nothing is written here.
 */
export async function planQuestionImport(
  caller: Caller,
  sheet: { headers: string[]; rows: SheetRow[] },
  input: { dirCode: string; companySysCode: string },
): Promise<{ company: string; planned: PlannedQuestion[]; check: QuestionImportCheck }> {
  const missing = [TYPE, STEM, ANSWER].filter((h) => !sheet.headers.includes(h));
  if (missing.length) throw appErrorMsg('QUESTION_IMPORT_HEADER', ExamMsg.importHeader(missing.join('、')));
  if (sheet.rows.length === 0) throw appError('QUESTION_IMPORT_EMPTY');
  if (sheet.rows.length > QUESTION_IMPORT_MAX_ROWS) throw appError('QUESTION_IMPORT_TOO_MANY');
  const db = caller.ctx.db;
  const scope = scopeOf(caller);
  const company = await ownerCompany(db, caller, input.companySysCode);
  const dirs = await repo.listDirs(db, scope, company);
  if (input.dirCode && !dirs.some((d) => d.dirCode === input.dirCode)) throw appError('EXAM_DIR_NOT_FOUND');
  const dirOf = dirResolver(dirs);

  const errors: QuestionImportError[] = [];
  const planned: PlannedQuestion[] = [];
  const seen = new Map<string, number>();
  let done = 0;
  for (const row of sheet.rows) {
    // thousands of rows: let other requests in now and then
    if (++done % 500 === 0) await new Promise((r) => setImmediate(r));
    const cell = (h: string) => row.cells.get(h) ?? '';
    const add = (column: string, message: string) => errors.push({ row: row.rowNumber, column, message });
    const before = errors.length;
    const typeText = cell(TYPE);
    const qType = TYPE_BY_NAME.get(typeText) ?? 0;
    if (!typeText) add(TYPE, '请填写题型');
    else if (!qType) add(TYPE, AnswerMsg.typeInvalid);
    let dirCode = input.dirCode;
    if (cell(DIR)) {
      const found = dirOf(cell(DIR));
      if (found) dirCode = found;
      else add(DIR, found === null ? `目录名称「${cell(DIR)}」不唯一，请填写完整路径` : `目录「${cell(DIR)}」不存在`);
    }
    const difficulty = cell(DIFFICULTY) ? Number(cell(DIFFICULTY)) : 3;
    const score = cell(SCORE) ? Number(cell(SCORE)) : 2;
    // over-long cells are refused before any rule reads them (the sanitiser included)
    const tooLong = cellLimits.filter(([h, max]) => cell(h).length > max);
    for (const [h, max] of tooLong) add(h, `内容超过 ${max} 字`);
    if (qType && !tooLong.length) {
      const checked = checkQuestion({
        qType,
        qName: cell(STEM),
        options: Object.fromEntries(OPTION_KEYS.map((k, i) => [k, cell(OPTION_COLUMNS[i])])),
        // 对/错, 答案1|备选；第二空 … in the stored form (issue 23 item 8)
        answer: importAnswer(qType, cell(ANSWER)),
        analysis: cell(ANALYSIS),
        difficulty,
        score,
      });
      if (!checked.ok)
        for (const p of checked.problems) add(COLUMN_OF[p.field], p.field === 'answer' ? importAnswerMessage(qType, p.message) : p.message);
      else {
        // the same question twice in one file is almost always a copy-paste slip
        const key = `${qType}|${stemText(checked.value.qName).replace(/\s+/g, '')}`;
        const first = seen.get(key);
        if (first) add(STEM, `与第 ${first} 行的试题重复`);
        else seen.set(key, row.rowNumber);
        const v = checked.value;
        if (errors.length === before)
          planned.push({
            rowNumber: row.rowNumber,
            values: { ...questionColumns(v), dirCode, createdBy: requireActor(caller).userId },
          });
      }
    }
  }
  return { company, planned, check: { rows: sheet.rows.length, valid: planned.length, errors } };
}

export function checkMessage(check: QuestionImportCheck): string {
  if (!check.errors.length) return ExamMsg.importChecked(check.rows);
  return ExamMsg.importErrors(check.rows, new Set(check.errors.map((e) => e.row)).size, check.valid);
}

/**
 * All or nothing: any bad row refuses the whole file with the same list the check gives — unless
 * `skipInvalid`, when the rows that passed are imported (all of them or none) and the refused ones
 * are left for the administrator to fix (ImportRefused gives them back with their reasons).
 */
export async function importQuestions(
  caller: Caller,
  plan: Awaited<ReturnType<typeof planQuestionImport>>,
  opts: { skipInvalid?: boolean } = {},
): Promise<number> {
  if (plan.check.errors.length && (!opts.skipInvalid || plan.planned.length === 0))
    throw appErrorMsg('QUESTION_IMPORT_INVALID', checkMessage(plan.check), plan.check);
  await inTransaction(caller, async (tx) => {
    await repo.insertQuestions(
      tx,
      caller.scope,
      plan.planned.map((p) => ({
        ...p.values,
        qCode: newCode('Q'),
        companySysCode: plan.company,
        createdAt: caller.now,
        updatedAt: caller.now,
      })),
    );
    await recordAudit(tx, caller, {
      action: 'question.import',
      target: plan.company,
      detail: { count: plan.planned.length, skipped: new Set(plan.check.errors.map((e) => e.row)).size },
    });
  });
  return plan.planned.length;
}

function styleHeader(sheet: ExcelJS.Worksheet) {
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.eachCell((c) => {
    c.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9ECFF' } };
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
}

const columnsSpec = () =>
  QUESTION_COLUMNS.map((h) => ({
    header: h,
    key: h,
    width: h === STEM ? 48 : h === ANSWER || h === ANALYSIS ? 26 : h.startsWith('选项') ? 14 : 10,
    style: { numFmt: '@' },
  }));

/** GetTemplate: the header row the import reads, one example per type and a notes sheet. */
export async function buildQuestionTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '学途';
  const sheet = wb.addWorksheet('试题');
  sheet.columns = columnsSpec();
  styleHeader(sheet);
  const ex = (o: Record<string, string>) => sheet.addRow(o);
  ex({
    题型: '单选题',
    题干: '我国的首都是哪座城市？',
    选项A: '上海',
    选项B: '北京',
    选项C: '广州',
    选项D: '深圳',
    答案: 'B',
    解析: '北京是首都。',
    难度: '1',
    分值: '2',
  });
  ex({
    题型: '多选题',
    题干: '以下哪些属于办公软件？',
    选项A: '文字处理',
    选项B: '电子表格',
    选项C: '杀毒软件',
    选项D: '演示文稿',
    答案: 'ABD',
    难度: '2',
    分值: '4',
  });
  ex({ 题型: '判断题', 题干: '安全生产人人有责。', 答案: '对', 解析: '填 对 或 错（也可填 正确/错误、√/×）。', 难度: '1', 分值: '2' });
  ex({ 题型: '填空题', 题干: '中华人民共和国的首都是（），成立于___年。', 答案: '北京|北京市；1949', 难度: '2', 分值: '4' });
  ex({ 题型: '简答题', 题干: '请简述岗位安全操作的要点。', 答案: '参考答案：……', 难度: '3', 分值: '10' });
  const notes = wb.addWorksheet('填写说明');
  notes.columns = [{ width: 100 }];
  for (const line of [
    '1. 题型填写：单选题、多选题、判断题、填空题、简答题（或 1-5）。题型、题干、答案必填。',
    '2. 单选、多选题从选项A起连续填写，至少 2 个选项，最多到选项I；判断题不填选项。',
    '3. 答案：单选填一个字母（A）；多选填多个字母（ABD）；判断填 对 或 错（也可填 正确/错误、√/×、A/B、T/F）；简答填参考答案。',
    '4. 填空题在题干中用（）或 ___ 标出每一空。答案按空的顺序填写，各空之间用 ； 分隔，同一空可接受的几种写法用 | 分隔，如 北京|北京市；1949（第一空填 北京 或 北京市 都算对，第二空 1949）。答案的空数须与题干一致。原来的 JSON 写法 ["北京|北京市","1949"] 仍然可用。',
    '5. 难度 1-5（默认 3），分值默认 2；目录填写题库目录名称，重名时写完整路径（如 安全/消防），留空则导入到所选目录。',
    '6. 先“数据检查”：全部通过即可“导入”。有未通过的行时，可以选择“导入有效的行”（只导入通过检查的行），并“下载未通过的行”：下载的表格带“原因”列，改正后可直接再次导入。请删除示例行后再填写。',
  ])
    notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Export: the filtered questions in the import template's columns (an export re-imports as is). */
export async function exportQuestions(
  caller: Caller,
  q: { dirCode: string; qType?: number; difficulty?: number; keyword: string; companySysCode: string },
): Promise<{ buffer: Buffer; name: string }> {
  const db = caller.ctx.db;
  const selection = await exportSelection(caller, q);
  const rows = selection.rows;
  const pathOf = (code: string) => selection.pathOf(code).join('/');
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('试题');
  sheet.columns = columnsSpec();
  styleHeader(sheet);
  for (const r of rows)
    sheet.addRow([
      Q_TYPE_LABELS[r.qType],
      r.qName,
      ...(r.qType === 3 ? OPTION_KEYS.map(() => '') : OPTION_KEYS.map((k) => r[k])),
      r.answer,
      r.analysis,
      String(r.difficulty),
      String(r.score),
      pathOf(r.dirCode),
    ]);
  await recordAudit(db, caller, {
    action: 'question.export',
    target: q.dirCode,
    detail: { count: rows.length },
  });
  return { buffer: Buffer.from(await wb.xlsx.writeBuffer()), name: `试题-${formatDateTime(caller.now).replace(/[-: ]/g, '')}.xlsx` };
}
