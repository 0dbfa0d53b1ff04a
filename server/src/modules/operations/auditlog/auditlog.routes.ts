import { AUDIT_ACTION_LABELS, type AuditLogView, auditlogApi, formatDateTime, Perm, pageWindow, parseDateTime } from '@xuetu/contract';
import { and, count, desc, eq, gte, ilike, lte, or, type SQL } from 'drizzle-orm';
import { auditLogs } from '../../../db/schema/index.ts';
import { defineRoute } from '../../../platform/route.ts';
import { scopeWhere, tenantScope } from '../../../platform/scope.ts';
import { auditNames } from './names.ts';

export const auditLogRoutes = [
  defineRoute({
    endpoint: auditlogApi.getAuditLogPage,
    access: { action: Perm.AuditLogList },
    summary: '操作日志（谁、做了什么、何时、来自哪里）',
    handler: async ({ ctx, actor, input }) => {
      const conds: SQL[] = [scopeWhere(tenantScope(actor), auditLogs.companySysCode)];
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
      const rows = await ctx.db.select().from(auditLogs).where(where).orderBy(desc(auditLogs.id)).limit(limit).offset(offset);
      const [total] = await ctx.db.select({ n: count() }).from(auditLogs).where(where);
      const names = await auditNames(ctx.db, rows);
      return {
        models: rows.map(
          (r): AuditLogView => ({
            id: r.id,
            actorName: r.actorName,
            companySysCode: r.companySysCode ?? '',
            companyName: names.companyName(r.companySysCode),
            action: r.action,
            target: r.target,
            targetName: names.targetName(r),
            detail: r.detail === null ? '' : JSON.stringify(r.detail),
            ip: r.ip,
            createTime: formatDateTime(r.createdAt),
          }),
        ),
        totalCount: Number(total.n),
      };
    },
  }),
];
