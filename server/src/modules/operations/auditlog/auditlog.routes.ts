import { type AuditLogView, auditlogApi, formatDateTime, Perm } from '@xuetu/contract';
import { routesOf } from '../../../platform/route.ts';
import { tenantScope } from '../../../platform/scope.ts';
import { auditNames, pageAuditLogs } from './auditlog.repository.ts';

export const auditLogRoutes = routesOf(auditlogApi, {
  getAuditLogPage: {
    access: { action: Perm.AuditLogList },
    summary: '操作日志（谁、做了什么、何时、来自哪里）',
    handler: async ({ ctx, actor, input }) => {
      const { rows, total } = await pageAuditLogs(ctx.db, tenantScope(actor), input);
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
        totalCount: total,
      };
    },
  },
});
