import { AUDIT_ACTION_LABELS, type auditLogBody, pageWindow, parseDateTime } from '@xuetu/contract';
import { and, count, desc, eq, gte, ilike, inArray, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { auditLogs, companies, orgs, posts, roles, users } from '../../../db/schema/index.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';

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

/** What an audit target code names, by the action's domain (user.* → account code, org.* → org code, …). */
const KINDS = {
  user: { table: users, code: users.accountCode, name: users.chnName },
  User: { table: users, code: users.accountCode, name: users.chnName },
  org: { table: orgs, code: orgs.orgCode, name: orgs.orgName },
  post: { table: posts, code: posts.postCode, name: posts.postName },
  company: { table: companies, code: companies.companySysCode, name: companies.companyName },
  role: { table: roles, code: roles.code, name: roles.roleName },
} as const;
type Kind = keyof typeof KINDS;
const isKind = (k: string): k is Kind => k in KINDS;

/**
 * Names for a page of audit entries: the target of each (people, departments, posts, companies,
 * roles) and the company it happened in. One query per kind; gone objects get no name.
 */
export async function auditNames(db: DbOrTx, rows: { action: string; target: string; companySysCode: string | null }[]) {
  const codes = new Map<Kind, Set<string>>();
  const companyCodes = new Set<string>();
  for (const r of rows) {
    const kind = r.action.split('.')[0];
    if (isKind(kind) && r.target) {
      if (!codes.has(kind)) codes.set(kind, new Set());
      codes.get(kind)!.add(r.target);
    }
    if (r.companySysCode) companyCodes.add(r.companySysCode);
  }
  const byKind = new Map<string, Map<string, string>>();
  for (const [kind, set] of codes) {
    const k = KINDS[kind];
    const found = await db
      .select({ code: k.code, name: k.name })
      .from(k.table)
      .where(inArray(k.code, [...set]));
    byKind.set(kind, new Map(found.map((f) => [f.code, f.name])));
  }
  const companyNames = companyCodes.size
    ? new Map(
        (
          await db
            .select({ code: companies.companySysCode, name: companies.companyName })
            .from(companies)
            .where(inArray(companies.companySysCode, [...companyCodes]))
        ).map((c) => [c.code, c.name]),
      )
    : new Map<string, string>();
  return {
    targetName: (r: { action: string; target: string }) => byKind.get(r.action.split('.')[0])?.get(r.target) ?? '',
    companyName: (code: string | null) => (code ? (companyNames.get(code) ?? '') : ''),
  };
}
