import { and, asc, count, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { likeContains } from '../../platform/like.ts';
import { assertOwnerInScope } from '../../platform/policy.ts';
import { scopeWhere, type TenantScope } from '../../platform/scope.ts';
import { insertInScope } from '../../platform/table-writes.ts';
import { companyNameView, peopleView } from '../directory/public.ts';
import { examView } from '../exams/public.ts';
import { certDefinitions, certIssued, certRules, certSequences } from './schema.ts';

export type DefinitionRow = typeof certDefinitions.$inferSelect;
export type RuleRow = typeof certRules.$inferSelect;
export type IssuedRow = typeof certIssued.$inferSelect;

/** status column: 1 valid (expiry read from expires_at), 2 revoked */
export const IssuedStatus = { Valid: 1, Revoked: 2 } as const;

// ---- definitions -------------------------------------------------------------------------------

export async function listDefinitions(
  db: DbOrTx,
  scope: TenantScope,
  f: { company: string | undefined; keyword: string },
  window: { limit: number; offset: number },
): Promise<{ rows: DefinitionRow[]; total: number }> {
  const where = and(
    scopeWhere(scope, certDefinitions.companySysCode),
    f.company === undefined ? undefined : eq(certDefinitions.companySysCode, f.company),
    f.keyword ? ilike(certDefinitions.name, likeContains(f.keyword)) : undefined,
  );
  const [rows, [{ total }]] = await Promise.all([
    db.select().from(certDefinitions).where(where).orderBy(desc(certDefinitions.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(certDefinitions).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** One definition the scope sees (another company's answers like a missing one); `lock` for issuing. */
export async function findDefinitionInScope(db: DbOrTx, scope: TenantScope, id: number, lock = false): Promise<DefinitionRow | undefined> {
  const q = db
    .select()
    .from(certDefinitions)
    .where(and(eq(certDefinitions.id, id), scopeWhere(scope, certDefinitions.companySysCode)))
    .limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function definitionNameTaken(db: DbOrTx, company: string, name: string, exceptId: number | undefined): Promise<boolean> {
  const [row] = await db
    .select({ id: certDefinitions.id })
    .from(certDefinitions)
    .where(
      and(
        eq(certDefinitions.companySysCode, company),
        eq(certDefinitions.name, name),
        exceptId === undefined ? undefined : sql`${certDefinitions.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  return Boolean(row);
}

type DefinitionValues = Pick<DefinitionRow, 'name' | 'template' | 'prefix' | 'validityMonths' | 'enabled'>;

export async function insertDefinition(
  tx: DbOrTx,
  scope: TenantScope,
  values: DefinitionValues & { companySysCode: string; createdBy: number | null; now: Date },
): Promise<DefinitionRow> {
  const { now, ...rest } = values;
  return insertInScope(tx, scope, certDefinitions, { ...rest, createdAt: now, updatedAt: now });
}

/** Changes a definition the scope sees; its company never changes. */
export async function updateDefinition(
  tx: DbOrTx,
  scope: TenantScope,
  id: number,
  values: DefinitionValues & { now: Date },
): Promise<DefinitionRow | undefined> {
  const { now, ...rest } = values;
  const [row] = await tx
    .update(certDefinitions)
    .set({ ...rest, updatedAt: now })
    .where(and(eq(certDefinitions.id, id), scopeWhere(scope, certDefinitions.companySysCode)))
    .returning();
  return row;
}

/** Replaces a definition's rules (rows under a company-owned parent: through the parent's scope). */
export async function replaceRules(
  tx: DbOrTx,
  scope: TenantScope,
  definitionId: number,
  rules: { kind: string; examId: number | null; projectId: number | null; minScore: number | null }[],
): Promise<void> {
  const [parent] = await tx
    .select({ id: certDefinitions.id })
    .from(certDefinitions)
    .where(and(eq(certDefinitions.id, definitionId), scopeWhere(scope, certDefinitions.companySysCode)));
  if (!parent) return;
  await tx.delete(certRules).where(eq(certRules.definitionId, definitionId));
  if (rules.length) await tx.insert(certRules).values(rules.map((r) => ({ ...r, definitionId })));
}

/** The rules of these definitions with their exams' code and name. */
export async function rulesOf(db: DbOrTx, definitionIds: number[]) {
  if (!definitionIds.length) return [];
  return db
    .select({
      definitionId: certRules.definitionId,
      kind: certRules.kind,
      examId: certRules.examId,
      projectId: certRules.projectId,
      minScore: certRules.minScore,
      examCode: examView.examCode,
      examName: examView.examName,
    })
    .from(certRules)
    .leftJoin(examView, eq(examView.id, certRules.examId))
    .where(inArray(certRules.definitionId, definitionIds))
    .orderBy(asc(certRules.id));
}

/** Exams of a company by code (drafts too: a certificate may be defined before its exam opens). */
export async function companyExamsByCode(db: DbOrTx, company: string, codes: string[]) {
  if (!codes.length) return new Map<string, { id: number; examName: string }>();
  const rows = await db
    .select({ id: examView.id, examCode: examView.examCode, examName: examView.examName })
    .from(examView)
    .where(and(eq(examView.companySysCode, company), inArray(examView.examCode, codes)));
  return new Map(rows.map((r) => [r.examCode, { id: r.id, examName: r.examName }]));
}

/** The enabled definitions with a rule on this exam, and the rule's minimum score (the issue job's question). */
export async function examRulesOf(db: DbOrTx, examId: number) {
  return db
    .select({ definition: certDefinitions, minScore: certRules.minScore, examName: examView.examName })
    .from(certRules)
    .innerJoin(certDefinitions, eq(certDefinitions.id, certRules.definitionId))
    .innerJoin(examView, eq(examView.id, certRules.examId))
    .where(and(eq(certRules.kind, 'exam'), eq(certRules.examId, examId), eq(certDefinitions.enabled, true)));
}

/** Whether any definition has a rule on this exam (the hook enqueues nothing otherwise). */
export async function examHasRules(db: DbOrTx, examId: number): Promise<boolean> {
  const [row] = await db.select({ id: certRules.id }).from(certRules).where(eq(certRules.examId, examId)).limit(1);
  return Boolean(row);
}

/** valid / expiring within `soon` / expired counts per definition at `now`. */
export async function countsOf(db: DbOrTx, definitionIds: number[], now: Date, soon: Date) {
  if (!definitionIds.length) return new Map<number, { valid: number; expiring: number; expired: number }>();
  const valid = eq(certIssued.status, IssuedStatus.Valid);
  const rows = await db
    .select({
      definitionId: certIssued.definitionId,
      valid: sql<number>`count(*) filter (where ${valid} and (${certIssued.expiresAt} is null or ${certIssued.expiresAt} > ${now}))`,
      expiring: sql<number>`count(*) filter (where ${valid} and ${certIssued.expiresAt} > ${now} and ${certIssued.expiresAt} <= ${soon})`,
      expired: sql<number>`count(*) filter (where ${valid} and ${certIssued.expiresAt} <= ${now})`,
    })
    .from(certIssued)
    .where(inArray(certIssued.definitionId, definitionIds))
    .groupBy(certIssued.definitionId);
  return new Map(rows.map((r) => [r.definitionId, { valid: Number(r.valid), expiring: Number(r.expiring), expired: Number(r.expired) }]));
}

// ---- numbering -------------------------------------------------------------------------------

/**
 * The next sequence number of a prefix and year, platform-wide. One upsert: the row lock it takes
 * makes concurrent issues wait for each other's commit, so no number is given twice; a number
 * taken by a transaction that rolls back was never issued (a gap, never a reuse).
 */
export async function nextSequence(tx: DbOrTx, prefix: string, year: number): Promise<number> {
  const [row] = await tx
    .insert(certSequences)
    .values({ prefix, year, last: 1 })
    .onConflictDoUpdate({ target: [certSequences.prefix, certSequences.year], set: { last: sql`${certSequences.last} + 1` } })
    .returning({ last: certSequences.last });
  return row!.last;
}

// ---- issued certificates ---------------------------------------------------------------------

export type IssuedValues = Pick<
  IssuedRow,
  | 'definitionId'
  | 'companySysCode'
  | 'userId'
  | 'holderName'
  | 'number'
  | 'code'
  | 'source'
  | 'score'
  | 'issuedAt'
  | 'expiresAt'
  | 'issuedBy'
>;

/** Inserts a certificate unless one of the same definition, holder and source exists (then undefined; so not insertInScope). */
export async function insertIssued(tx: DbOrTx, scope: TenantScope, values: IssuedValues): Promise<IssuedRow | undefined> {
  assertOwnerInScope(scope, values.companySysCode);
  const [row] = await tx
    .insert(certIssued)
    .values(values)
    .onConflictDoNothing({ target: [certIssued.definitionId, certIssued.userId, certIssued.source] })
    .returning();
  return row;
}

/** The certificate of a definition, holder and source, locked for the issue job. */
export async function findBySource(tx: DbOrTx, definitionId: number, userId: number, source: string): Promise<IssuedRow | undefined> {
  const [row] = await tx
    .select()
    .from(certIssued)
    .where(and(eq(certIssued.definitionId, definitionId), eq(certIssued.userId, userId), eq(certIssued.source, source)))
    .for('update');
  return row;
}

/** Holders among `userIds` with a valid, unexpired certificate of the definition (manual issue skips them). */
export async function validHolders(db: DbOrTx, definitionId: number, userIds: number[], now: Date): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .selectDistinct({ userId: certIssued.userId })
    .from(certIssued)
    .where(
      and(
        eq(certIssued.definitionId, definitionId),
        inArray(certIssued.userId, userIds),
        eq(certIssued.status, IssuedStatus.Valid),
        or(isNull(certIssued.expiresAt), gt(certIssued.expiresAt, now)),
      ),
    );
  return new Set(rows.map((r) => r.userId));
}

export async function revokeIssued(
  tx: DbOrTx,
  scope: TenantScope,
  id: number,
  v: { reason: string; kind: 'auto' | 'manual'; by: number | null; now: Date },
): Promise<IssuedRow | undefined> {
  const [row] = await tx
    .update(certIssued)
    .set({ status: IssuedStatus.Revoked, revokeReason: v.reason, revokeKind: v.kind, revokedBy: v.by, revokedAt: v.now })
    .where(and(eq(certIssued.id, id), eq(certIssued.status, IssuedStatus.Valid), scopeWhere(scope, certIssued.companySysCode)))
    .returning();
  return row;
}

/** Gives back a certificate a re-mark took away (revoke_kind 'auto') when the pass is regained. */
export async function restoreIssued(tx: DbOrTx, scope: TenantScope, id: number): Promise<void> {
  await tx
    .update(certIssued)
    .set({ status: IssuedStatus.Valid, revokeReason: '', revokeKind: '', revokedBy: null, revokedAt: null })
    .where(and(eq(certIssued.id, id), eq(certIssued.revokeKind, 'auto'), scopeWhere(scope, certIssued.companySysCode)));
}

const issuedColumns = {
  issued: certIssued,
  certName: certDefinitions.name,
  accountCode: peopleView.accountCode,
  orgName: peopleView.orgName,
  companyName: companyNameView.name,
};

function issuedQuery(db: DbOrTx) {
  return db
    .select(issuedColumns)
    .from(certIssued)
    .innerJoin(certDefinitions, eq(certDefinitions.id, certIssued.definitionId))
    .leftJoin(peopleView, eq(peopleView.id, certIssued.userId))
    .leftJoin(companyNameView, eq(companyNameView.code, certIssued.companySysCode));
}
export type IssuedListRow = Awaited<ReturnType<typeof listIssued>>['rows'][number];

export interface IssuedFilter {
  company: string | undefined;
  definitionId: number | undefined;
  status: '' | 'valid' | 'expired' | 'revoked';
  expiringUntil: Date | undefined;
  keyword: string;
  now: Date;
}

function issuedWhere(scope: TenantScope, f: IssuedFilter): SQL | undefined {
  const valid = eq(certIssued.status, IssuedStatus.Valid);
  const notExpired = or(isNull(certIssued.expiresAt), gt(certIssued.expiresAt, f.now));
  return and(
    scopeWhere(scope, certIssued.companySysCode),
    f.company === undefined ? undefined : eq(certIssued.companySysCode, f.company),
    f.definitionId === undefined ? undefined : eq(certIssued.definitionId, f.definitionId),
    f.status === 'valid' ? and(valid, notExpired) : undefined,
    f.status === 'expired' ? and(valid, isNotNull(certIssued.expiresAt), lte(certIssued.expiresAt, f.now)) : undefined,
    f.status === 'revoked' ? eq(certIssued.status, IssuedStatus.Revoked) : undefined,
    f.expiringUntil ? and(valid, gt(certIssued.expiresAt, f.now), lte(certIssued.expiresAt, f.expiringUntil)) : undefined,
    f.keyword
      ? or(
          ilike(certIssued.holderName, likeContains(f.keyword)),
          ilike(certIssued.number, likeContains(f.keyword)),
          ilike(peopleView.accountCode, likeContains(f.keyword)),
        )
      : undefined,
  );
}

export async function listIssued(db: DbOrTx, scope: TenantScope, f: IssuedFilter, window: { limit: number; offset: number }) {
  const where = issuedWhere(scope, f);
  const [rows, [{ total }]] = await Promise.all([
    issuedQuery(db).where(where).orderBy(desc(certIssued.id)).limit(window.limit).offset(window.offset),
    db.select({ total: count() }).from(certIssued).leftJoin(peopleView, eq(peopleView.id, certIssued.userId)).where(where),
  ]);
  return { rows, total: Number(total) };
}

/** One certificate the scope sees, with its names. */
export async function findIssuedInScope(db: DbOrTx, scope: TenantScope, id: number) {
  const [row] = await issuedQuery(db)
    .where(and(eq(certIssued.id, id), scopeWhere(scope, certIssued.companySysCode)))
    .limit(1);
  return row;
}

/** A person's own certificates (revoked ones too: the learner is told), newest first. */
export async function issuedOfHolder(db: DbOrTx, userId: number) {
  return issuedQuery(db).where(eq(certIssued.userId, userId)).orderBy(desc(certIssued.issuedAt), desc(certIssued.id));
}

/** A certificate by its public code (the verification page; no scope: the code is the key). */
export async function findIssuedByCode(db: DbOrTx, code: string) {
  const [row] = await issuedQuery(db).where(eq(certIssued.code, code)).limit(1);
  return row;
}

/** Keyset batches for the export (ordered by id, descending). */
export async function issuedBatch(db: DbOrTx, scope: TenantScope, f: IssuedFilter, beforeId: number, limit: number) {
  return issuedQuery(db)
    .where(and(issuedWhere(scope, f), beforeId > 0 ? sql`${certIssued.id} < ${beforeId}` : undefined))
    .orderBy(desc(certIssued.id))
    .limit(limit);
}

// ---- locks and people ------------------------------------------------------------------------

/** Serialises the issue jobs of one exam and person until the transaction ends. */
export async function lockExamHolder(tx: DbOrTx, examId: number, userId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`cert:exam:${examId}`}), ${userId})`);
}

/** A person's name and company (the directory's people view). */
export async function personOf(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ id: peopleView.id, chnName: peopleView.chnName, companySysCode: peopleView.companySysCode })
    .from(peopleView)
    .where(eq(peopleView.id, userId))
    .limit(1);
  return row;
}

/** Names of people by id, one statement. */
export async function peopleNames(db: DbOrTx, userIds: number[]): Promise<Map<number, string>> {
  if (!userIds.length) return new Map();
  const rows = await db.select({ id: peopleView.id, chnName: peopleView.chnName }).from(peopleView).where(inArray(peopleView.id, userIds));
  return new Map(rows.map((r) => [r.id, r.chnName]));
}

/** Exam names by id (sources name exams by id), one statement. */
export async function examNames(db: DbOrTx, examIds: number[]): Promise<Map<number, string>> {
  if (!examIds.length) return new Map();
  const rows = await db.select({ id: examView.id, name: examView.examName }).from(examView).where(inArray(examView.id, examIds));
  return new Map(rows.map((r) => [r.id, r.name]));
}

export async function definitionTemplate(db: DbOrTx, id: number): Promise<string | undefined> {
  const [row] = await db.select({ template: certDefinitions.template }).from(certDefinitions).where(eq(certDefinitions.id, id)).limit(1);
  return row?.template;
}

/** The enabled definitions' project rules (the sweep's work list). */
export async function projectRules(db: DbOrTx) {
  return db
    .select({ definition: certDefinitions, projectId: certRules.projectId })
    .from(certRules)
    .innerJoin(certDefinitions, eq(certDefinitions.id, certRules.definitionId))
    .where(and(eq(certRules.kind, 'project'), isNotNull(certRules.projectId), eq(certDefinitions.enabled, true)))
    .orderBy(asc(certRules.id));
}

/** Who among `userIds` already holds a certificate of this definition and source (any status). */
export async function holdersOfSource(db: DbOrTx, definitionId: number, source: string, userIds: number[]): Promise<Set<number>> {
  if (!userIds.length) return new Set();
  const rows = await db
    .select({ userId: certIssued.userId })
    .from(certIssued)
    .where(and(eq(certIssued.definitionId, definitionId), eq(certIssued.source, source), inArray(certIssued.userId, userIds)));
  return new Set(rows.map((r) => r.userId));
}

/** People of `userIds` in a company, with their names (the directory's people view). */
export async function peopleInCompany(db: DbOrTx, company: string, userIds: number[]) {
  if (!userIds.length) return [];
  return db
    .select({ id: peopleView.id, chnName: peopleView.chnName })
    .from(peopleView)
    .where(and(eq(peopleView.companySysCode, company), inArray(peopleView.id, userIds)));
}
