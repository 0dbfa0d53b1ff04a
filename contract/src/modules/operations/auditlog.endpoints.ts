import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { AuditLogView } from '../directory/access.schemas.ts';
import { auditLogBody } from '../directory/access.schemas.ts';

/** The auditlog calls (ADR 0039). */
export const auditlogApi = /* @__PURE__ */ defineGroup('operations', 'auditlog', {
  getAuditLogPage: endpoint({
    path: '/Api/SysConfig/sys_auditlog/GetAuditLogPage',
    input: auditLogBody,
    output: answer<PageResult<AuditLogView>>(),
  }),
});
