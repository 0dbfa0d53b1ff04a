import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';
import { localCache } from '../../../platform/local-cache.ts';
import { inScope, type TenantScope } from '../../../platform/scope.ts';
import { bankGeneration } from '../questions/bank-generation.ts';
import { type BankQuestion, bankQuestions, type PracticeSourceQuestions, practiceSourceQuestions } from './practice-source.ts';

// The questions of a practice's source as every learner call reads them (issue 39 item 1: a
// whole company practising at once read the directories and every question of the source on
// each next question and each answer), under the bank's generation
// (questions/bank-generation.ts): the generation is read first, so an edit committing meanwhile
// leaves an entry no later read uses. Two levels: this process keeps the source parsed (a source
// of hundreds of questions parsed from JSON on every call cost more than the rest of the call),
// the shared cache keeps it for the other nodes; each is used only under the generation the
// shared cache holds now, so an edit on any node is seen everywhere at once. The lifetimes only
// bound the space. Callers share the parsed object and must not change it.

const TTL_SECONDS = 300;
interface Entry {
  generation: number;
  name: string;
  qCodes: string[];
  questions: BankQuestion[];
}
type Parsed = { generation: number; source: PracticeSourceQuestions };
const keyOf = (company: string, kind: number, code: string) => `practice:source:${company}:${kind}:${code}`;

/** practiceSourceQuestions, from the caches while the bank has not changed. */
export async function cachedPracticeSource(
  ctx: Pick<AppContext, 'cache' | 'db' | 'clock' | 'locals'>,
  db: DbOrTx,
  scope: TenantScope,
  company: string,
  kind: number,
  code: string,
): Promise<Readonly<PracticeSourceQuestions> | undefined> {
  const key = keyOf(company, kind, code);
  const local = localCache<string, Parsed>(ctx, 'practice-source', { max: 500, ttlMs: TTL_SECONDS * 1000 });
  const now = await bankGeneration(ctx);
  const parsed = local.get(key);
  if (parsed?.generation === now) return parsed.source;
  const hit = await ctx.cache.get<Entry>(key);
  if (hit?.generation === now) {
    const source = { name: hit.name, qCodes: hit.qCodes, questions: new Map(hit.questions.map((q) => [q.qCode, q])) };
    local.set(key, { generation: now, source });
    return source;
  }
  const source = await practiceSourceQuestions(db, scope, company, kind, code);
  if (source) {
    const entry: Entry = { generation: now, name: source.name, qCodes: source.qCodes, questions: [...source.questions.values()] };
    await ctx.cache.set(key, entry, TTL_SECONDS);
    local.set(key, { generation: now, source });
  }
  return source;
}

/**
 * bankQuestions, each question kept parsed in this process while the bank's generation stands
 * (the 错题本 reads the questions of every entry on each load and each answer): one small read of
 * the shared cache, and the database only for what this process has not seen under it.
 */
export async function cachedBankQuestions(
  ctx: Pick<AppContext, 'cache' | 'clock' | 'locals'>,
  db: DbOrTx,
  scope: TenantScope,
  qCodes: string[],
): Promise<Map<string, BankQuestion>> {
  const now = await bankGeneration(ctx);
  const local = localCache<string, { generation: number; q: BankQuestion }>(ctx, 'bank-questions', {
    max: 20_000,
    ttlMs: TTL_SECONDS * 1000,
  });
  const out = new Map<string, BankQuestion>();
  const missing: string[] = [];
  for (const qCode of new Set(qCodes)) {
    const hit = local.get(qCode);
    if (hit?.generation !== now) missing.push(qCode);
    else if (inScope(scope, hit.q.companySysCode)) out.set(qCode, hit.q);
  }
  for (const [qCode, q] of await bankQuestions(db, scope, missing)) {
    local.set(qCode, { generation: now, q });
    out.set(qCode, q);
  }
  return out;
}
