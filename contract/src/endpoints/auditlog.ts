import { answer, endpoint } from '../endpoint.ts';
import type { AuditLogView } from '../schemas/admin-access.ts';
import { auditLogBody } from '../schemas/admin-access.ts';
import type { PageResult } from '../schemas/common.ts';

/** The auditlog calls (ADR 0039). */
export const auditlogApi = {
  getAuditLogPage: endpoint({
    method: 'POST',
    path: '/Api/SysConfig/sys_auditlog/GetAuditLogPage',
    input: auditLogBody,
    output: answer<PageResult<AuditLogView>>(),
  }),
};
