import {
  dropTags,
  ExamLimits,
  ExamMsg,
  QUESTION_FORMAT_LABELS,
  QUESTION_IMPORT_MAX_ROWS,
  type QuestionImportCheck,
  type QuestionImportError,
} from '@xuetu/contract';
import { recordAudit } from '../../../platform/audit.ts';
import { requireActor } from '../../../platform/caller.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import { fileUrl, markFilesAttached, storeUpload } from '../../../platform/files/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { checkContent } from '../../../platform/uploads.ts';
import { type Caller, ownerCompany, scopeOf } from '../exams.policy.ts';
import type { ParsedBank, ReadFile } from './interchange/index.ts';
import * as repo from './questions.repository.ts';
import { checkQuestion, type QuestionProblem, questionColumns } from './rules.ts';

// ImportCheck / Import of a question bank file (Moodle XML, GIFT, Aiken, QTI 2.1; ADR 0042): each
// question the bank can hold is checked against the editor's rules (the same ones as the xlsx
// rows), the ones it cannot hold are listed with their reason and left out, and the file's
// categories become directories below the chosen one. Images are stored on Import only.

const FIELD_LABEL: Record<QuestionProblem['field'], string> = {
  qType: '题型',
  qName: '题干',
  options: '选项',
  answer: '答案',
  difficulty: '难度',
  score: '分值',
};
/** what an image reference becomes until Import stores the image (passes the sanitiser: a site path) */
const PENDING = '/xuetu-import-image/';

interface Planned {
  index: number;
  values: Omit<repo.QuestionInsert, 'qCode' | 'companySysCode' | 'dirCode'>;
  /** directory path below the chosen directory */
  path: string[];
}

export interface BankPlan {
  company: string;
  parent: string;
  planned: Planned[];
  images: { token: string; name: string; data: Buffer }[];
  check: QuestionImportCheck;
}

const pathKey = (path: string[]) => path.join('/');

export async function planBankImport(
  caller: Caller,
  file: Extract<ReadFile, { bank: ParsedBank }>,
  input: { dirCode: string; companySysCode: string },
): Promise<BankPlan> {
  const { bank } = file;
  if (bank.questions.length + bank.refused.length > QUESTION_IMPORT_MAX_ROWS) throw appError('QUESTION_IMPORT_TOO_MANY');
  const db = caller.ctx.db;
  const scope = scopeOf(caller);
  const company = await ownerCompany(db, caller, input.companySysCode);
  const dirs = await repo.listDirs(db, scope, company);
  if (input.dirCode && !dirs.some((d) => d.dirCode === input.dirCode)) throw appError('EXAM_DIR_NOT_FOUND');
  const childOf = new Map(dirs.map((d) => [`${d.pCode}\u0000${d.dirName}`, d.dirCode]));
  const newDirs = new Set<string>();
  const images: BankPlan['images'] = [];
  const tokens = new Map<string, string>();
  const tokenOf = (ref: string) => {
    let token = tokens.get(ref);
    if (!token) {
      const img = bank.images.get(ref);
      if (!img) return undefined;
      token = `${PENDING}${images.length}`;
      tokens.set(ref, token);
      images.push({ token, name: img.name, data: img.data });
    }
    return token;
  };
  const withTokens = (html: string) =>
    dropTags(html, (tag) =>
      /^<img\b/i.test(tag)
        ? tag.replace(/(\bsrc=")([^"]+)"/i, (m, head: string, src: string) => {
            const token = tokenOf(src.replace(/&amp;/g, '&'));
            return token ? `${head}${token}"` : m;
          })
        : tag,
    );

  const errors: QuestionImportError[] = [];
  const planned: Planned[] = [];
  const userId = requireActor(caller).userId;
  // let other requests in between questions: every 100 questions or 200,000 characters of them
  let done = 0;
  let chars = 0;
  for (const q of bank.questions) {
    chars += q.qName.length + q.analysis.length + q.answer.length;
    if (++done % 100 === 0 || chars > 200_000) {
      chars = 0;
      await new Promise((r) => setImmediate(r));
    }
    const add = (column: string, message: string) => errors.push({ row: q.index, column, message });
    const before = errors.length;
    const qName = withTokens(q.qName);
    const analysis = withTokens(q.analysis);
    if (qName.length > ExamLimits.stemMax) add('题干', `题干超过 ${ExamLimits.stemMax} 字`);
    if (analysis.length > ExamLimits.analysisMax) add('解析', `解析超过 ${ExamLimits.analysisMax} 字`);
    if (q.answer.length > ExamLimits.answerMax) add('答案', `答案超过 ${ExamLimits.answerMax} 字`);
    if (q.options.some((o) => o.length > ExamLimits.optionMax)) add('选项', `选项超过 ${ExamLimits.optionMax} 字`);
    // over-long text is refused before the rules (and the sanitiser) read it
    if (errors.length !== before) continue;
    const score = q.score !== undefined && q.score >= 0.5 && q.score <= ExamLimits.scoreMax ? q.score : 2;
    const checked = checkQuestion({
      qType: q.qType,
      qName,
      options: Object.fromEntries(q.options.map((o, i) => ['abcdefghi'[i], o])),
      answer: q.answer,
      analysis,
      difficulty: q.difficulty ?? 3,
      score,
    });
    if (!checked.ok) for (const p of checked.problems) add(FIELD_LABEL[p.field], p.message);
    if (errors.length !== before || !checked.ok) continue;
    // categories: existing directories by name below the chosen one, the rest created on Import
    let parent = input.dirCode;
    for (let i = 0; i < q.category.length; i++) {
      const found = childOf.get(`${parent}\u0000${q.category[i]}`);
      if (found) parent = found;
      else {
        for (let j = i; j < q.category.length; j++) newDirs.add(pathKey(q.category.slice(0, j + 1)));
        break;
      }
    }
    const v = checked.value;
    planned.push({
      index: q.index,
      path: q.category,
      values: { ...questionColumns(v), createdBy: userId },
    });
  }
  return {
    company,
    parent: input.dirCode,
    planned,
    images,
    check: {
      format: file.format,
      rows: bank.questions.length + bank.refused.length,
      valid: planned.length,
      errors,
      refused: bank.refused,
      narrowed: bank.narrowed,
      newDirs: [...newDirs].sort(),
    },
  };
}

export function bankCheckMessage(check: QuestionImportCheck, valid = check.valid): string {
  const label = QUESTION_FORMAT_LABELS[check.format ?? 'xlsx'];
  const refused = check.refused ?? [];
  const unreadable = refused.filter((r) => r.unreadable).length;
  return ExamMsg.bankChecked(label, check.rows, valid, refused.length - unreadable, new Set(check.errors.map((e) => e.row)).size, {
    unreadable,
    narrowed: check.narrowed?.length ?? 0,
  });
}

/** Stores the images the planned questions use; the ones that are not real images are dropped. */
async function storeImages(caller: Caller, plan: BankPlan): Promise<Map<string, string>> {
  const used = plan.images.filter((img) =>
    plan.planned.some((p) => p.values.qName.includes(img.token) || (p.values.analysis ?? '').includes(img.token)),
  );
  const urls = new Map<string, string>();
  for (const img of used) {
    const name = img.name.replace(/[^\w.\u4e00-\u9fa5-]/g, '_').slice(-80) || 'image.png';
    const content = await checkContent(img.data, name, { kinds: ['image'], typeMessage: '' }).catch(() => null);
    if (!content) continue;
    const stored = await storeUpload(caller, { ...content, filename: name }, { prefix: 'upload', purpose: 'upload' });
    urls.set(img.token, fileUrl(stored.key));
  }
  return urls;
}

/**
 * Import: the questions that passed go in all together or not at all (refused kinds are always
 * left out; questions with errors refuse the file unless `skipInvalid`). Answers the count and
 * how many of the file's questions were left out.
 */
export async function importBank(
  caller: Caller,
  plan: BankPlan,
  opts: { skipInvalid?: boolean } = {},
): Promise<{ count: number; skipped: number }> {
  const bad = new Set(plan.check.errors.map((e) => e.row)).size;
  if ((bad && !opts.skipInvalid) || plan.planned.length === 0)
    throw appErrorMsg('QUESTION_IMPORT_INVALID', bankCheckMessage(plan.check, plan.planned.length), plan.check);
  const urls = await storeImages(caller, plan);
  const swap = (html: string) => html.replace(/\/xuetu-import-image\/\d+/g, (t) => urls.get(t) ?? '');
  const scope = scopeOf(caller);
  await inTransaction(caller, async (tx) => {
    const dirs = await repo.listDirs(tx, scope, plan.company);
    const childOf = new Map(dirs.map((d) => [`${d.pCode}\u0000${d.dirName}`, d.dirCode]));
    const dirFor = async (path: string[]) => {
      let parent = plan.parent;
      for (const name of path) {
        let code = childOf.get(`${parent}\u0000${name}`);
        if (!code) {
          const row = await repo.insertDir(tx, caller.scope, {
            dirCode: newCode('QD'),
            dirName: name,
            pCode: parent,
            sortOrder: 0,
            companySysCode: plan.company,
            createdAt: caller.now,
          });
          code = row.dirCode;
          childOf.set(`${parent}\u0000${name}`, code);
        }
        parent = code;
      }
      return parent;
    };
    const rows: repo.QuestionInsert[] = [];
    for (const p of plan.planned)
      rows.push({
        ...p.values,
        qName: swap(p.values.qName),
        analysis: swap(p.values.analysis ?? ''),
        qCode: newCode('Q'),
        dirCode: await dirFor(p.path),
        companySysCode: plan.company,
        createdAt: caller.now,
        updatedAt: caller.now,
      });
    await repo.insertQuestions(tx, caller.scope, rows);
    await markFilesAttached(
      tx,
      [...urls.values()].map((u) => u.replace(/^\/prod-api\/files\//, '')),
      caller.now,
    );
    await recordAudit(tx, caller, {
      action: 'question.import',
      target: plan.company,
      detail: { count: rows.length, format: plan.check.format, refused: plan.check.refused?.length ?? 0, invalid: bad },
    });
  });
  return { count: plan.planned.length, skipped: plan.check.rows - plan.planned.length };
}
