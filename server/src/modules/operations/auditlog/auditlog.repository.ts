import { AUDIT_ACTION_LABELS, type auditLogBody, pageWindow, parseDateTime } from '@xuetu/contract';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import type { AuditEntry } from '../../../platform/audit.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { companyNamesByCode, type NamedKind, namesByCode } from '../../directory/public.ts';
import { auditLogs } from '../schema.ts';

export type AuditLogRow = typeof auditLogs.$inferSelect;

/** A page of the audit log in the scope, newest first, filtered by words, operation and period. */
export async function pageAuditLogs(
  db: DbOrTx,
  scope: TenantScope,
  input: z.output<typeof auditLogBody>,
): Promise<{ rows: AuditLogRow[]; total: number }> {
  const conds: SQL[] = [scopeWhere(scope, auditLogs.companySysCode)];
  const like = (v: string) => `%${v.replace(/[%_\\]/g, '\\$&')}%`;
  if (input.key)
    conds.push(
      or(
        ilike(auditLogs.actorName, like(input.key)),
        ilike(auditLogs.target, like(input.key)),
        ilike(auditLogs.ip, like(input.key)),
      ) as SQL,
    );
  // the page's select sends one exact operation; older clients typed part of the code
  if (input.action)
    conds.push(AUDIT_ACTION_LABELS[input.action] ? eq(auditLogs.action, input.action) : ilike(auditLogs.action, like(input.action)));
  const from = parseDateTime(input.startTime);
  const to = parseDateTime(input.endTime);
  if (from) conds.push(gte(auditLogs.createdAt, from));
  if (to) conds.push(lte(auditLogs.createdAt, input.endTime.length <= 10 ? new Date(to.getTime() + 86_399_999) : to));
  const where = and(...conds);
  const { limit, offset } = pageWindow(input);
  const rows = await db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(limit).offset(offset);
  const [total] = await db.select({ n: count() }).from(auditLogs).where(where);
  return { rows, total: Number(total.n) };
}

/** The directory's kind of object an action's target code names, by the action's domain (user.* → a person's account code, …). */
const KIND_OF_DOMAIN: Record<string, NamedKind> = {
  user: 'user',
  User: 'user',
  org: 'org',
  post: 'post',
  company: 'company',
  role: 'role',
};
const kindOf = (action: string): NamedKind | undefined => KIND_OF_DOMAIN[action.split('.')[0]];

/**
 * Names for a page of audit entries: the target of each (people, departments, posts, companies,
 * roles) and the company it happened in. One query per kind; gone objects get no name.
 */
export async function auditNames(db: DbOrTx, rows: { action: string; target: string; companySysCode: string | null }[]) {
  const codes = new Map<NamedKind, Set<string>>();
  const companyCodes = new Set<string>();
  for (const r of rows) {
    const kind = kindOf(r.action);
    if (kind && r.target) {
      if (!codes.has(kind)) codes.set(kind, new Set());
      codes.get(kind)!.add(r.target);
    }
    if (r.companySysCode) companyCodes.add(r.companySysCode);
  }
  const byKind = new Map<NamedKind, Map<string, string>>();
  for (const [kind, set] of codes) byKind.set(kind, await namesByCode(db, kind, [...set]));
  const companyNames = await companyNamesByCode(db, [...companyCodes]);
  return {
    targetName: (r: { action: string; target: string }) => {
      const kind = kindOf(r.action);
      return (kind && byKind.get(kind)?.get(r.target)) ?? '';
    },
    companyName: (code: string | null) => (code ? (companyNames.get(code) ?? '') : ''),
  };
}

/** Stores one audit line (platform/audit.ts recordAudit, wired by the composition root). */
export async function insertAuditEntry(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLogs).values(entry);
}
