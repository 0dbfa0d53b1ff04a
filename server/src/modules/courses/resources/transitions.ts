import { AuditStatus, type AuditStatusValue } from '@xuetu/contract';

/**
 * The audit workflow in one table (DESIGN.md §4): for each action, the statuses it may start
 * from and where it leads. Anything not listed is refused. See docs/adr/0037-resources-audit-and-media.md.
 *
 * - edit: a draft, rejected or revoked resource stays editable (and becomes a draft); editing an
 *   approved one puts it back to draft for re-audit while learners keep the approved version;
 *   a pending one is locked until audited.
 * - submit: draft, rejected and revoked resources go to audit.
 * - pass / reject: only pending ones.
 * - revoke: an approved one leaves the learners' view.
 */
export type ResAction = 'edit' | 'submit' | 'pass' | 'reject' | 'revoke';

const { Draft, Pending, Approved, Rejected, Revoked } = AuditStatus;

export const TRANSITIONS: Record<ResAction, Partial<Record<AuditStatusValue, AuditStatusValue>>> = {
  edit: { [Draft]: Draft, [Approved]: Draft, [Rejected]: Draft, [Revoked]: Draft },
  submit: { [Draft]: Pending, [Rejected]: Pending, [Revoked]: Pending },
  pass: { [Pending]: Approved },
  reject: { [Pending]: Rejected },
  revoke: { [Approved]: Revoked },
};

export const ALL_STATUSES: AuditStatusValue[] = [Draft, Pending, Approved, Rejected, Revoked];
export const ALL_ACTIONS = Object.keys(TRANSITIONS) as ResAction[];

/** The status `action` leads to from `from`, or null when the table refuses it. */
export function nextStatus(action: ResAction, from: number): AuditStatusValue | null {
  return TRANSITIONS[action][from as AuditStatusValue] ?? null;
}
