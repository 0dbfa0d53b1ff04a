import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { TenantScope } from '../../../platform/scope.ts';
import { BANK_GENERATION_KEY } from '../questions/bank-generation.ts';
import { type BankQuestion, type PracticeSourceQuestions, practiceSourceQuestions } from './practice-source.ts';

// The questions of a practice's source as every learner call reads them (issue 39 item 1: a
// whole company practising at once read the directories and every question of the source on
// each next question and each answer): from the shared cache, under the bank's generation
// (questions/bank-generation.ts) read in the same round trip. The generation is read before the
// bank, so an edit committing meanwhile leaves an entry no later read uses. The lifetime only
// bounds the space.

const TTL_SECONDS = 300;
interface Entry {
  generation: number;
  name: string;
  qCodes: string[];
  questions: BankQuestion[];
}
const keyOf = (company: string, kind: number, code: string) => `practice:source:${company}:${kind}:${code}`;

/** practiceSourceQuestions, from the cache while the bank has not changed. */
export async function cachedPracticeSource(
  ctx: Pick<AppContext, 'cache' | 'db'>,
  db: DbOrTx,
  scope: TenantScope,
  company: string,
  kind: number,
  code: string,
): Promise<PracticeSourceQuestions | undefined> {
  const key = keyOf(company, kind, code);
  const [generation, hit] = (await ctx.cache.getMany(BANK_GENERATION_KEY, key)) as [number | undefined, Entry | undefined];
  const now = Number(generation ?? 0);
  if (hit && hit.generation === now)
    return { name: hit.name, qCodes: hit.qCodes, questions: new Map(hit.questions.map((q) => [q.qCode, q])) };
  const source = await practiceSourceQuestions(db, scope, company, kind, code);
  if (source) {
    const entry: Entry = { generation: now, name: source.name, qCodes: source.qCodes, questions: [...source.questions.values()] };
    await ctx.cache.set(key, entry, TTL_SECONDS);
  }
  return source;
}
