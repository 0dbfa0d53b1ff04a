import { AUDIT_ACTION_LABELS, type auditLogBody, pageWindow, parseDateTime } from '@xuetu/contract';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { auditLogs } from '../../../db/schema/index.ts';
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
