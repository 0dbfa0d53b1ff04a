// The public surface of the operations module (ADR 0027). The audit log is its table: every
// module records through platform/audit.ts, whose writer the composition root wires to this.
export { insertAuditEntry } from './auditlog/auditlog.repository.ts';
