import { AuditStatus } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { ALL_ACTIONS, ALL_STATUSES, nextStatus } from './transitions.ts';

// Every (action, status) pair: the allowed ones with their target, every other one refused.
const { Draft, Pending, Approved, Rejected, Revoked } = AuditStatus;
const EXPECTED: Record<string, Record<number, number | null>> = {
  edit: { [Draft]: Draft, [Pending]: null, [Approved]: Draft, [Rejected]: Draft, [Revoked]: Draft },
  submit: { [Draft]: Pending, [Pending]: null, [Approved]: null, [Rejected]: Pending, [Revoked]: Pending },
  pass: { [Draft]: null, [Pending]: Approved, [Approved]: null, [Rejected]: null, [Revoked]: null },
  reject: { [Draft]: null, [Pending]: Rejected, [Approved]: null, [Rejected]: null, [Revoked]: null },
  revoke: { [Draft]: null, [Pending]: null, [Approved]: Revoked, [Rejected]: null, [Revoked]: null },
};

describe('audit transitions', () => {
  for (const action of ALL_ACTIONS)
    for (const from of ALL_STATUSES)
      it(`${action} from ${from} → ${EXPECTED[action][from] ?? 'refused'}`, () => {
        expect(nextStatus(action, from)).toBe(EXPECTED[action][from]);
      });

  it('an unknown status is refused by every action', () => {
    for (const action of ALL_ACTIONS) expect(nextStatus(action, 99)).toBeNull();
  });
});
