import type { DbOrTx } from '../db/client.ts';
import { auditLogs } from '../db/schema/index.ts';
import type { Caller } from './caller.ts';

/**
 * Records an admin write: who (the caller's user), what, when (the caller's `now`), from where
 * (the caller's ip). Pass the transaction the write runs in.
 */
export async function recordAudit(
  db: DbOrTx,
  caller: Pick<Caller, 'actor' | 'ip' | 'now'>,
  entry: { action: string; target?: string; detail?: unknown },
): Promise<void> {
  const { actor } = caller;
  await db.insert(auditLogs).values({
    actorUserId: actor?.userId ?? null,
    actorName: actor ? `${actor.chnName}(${actor.accountCode})` : '',
    companySysCode: actor?.companySysCode ?? null,
    action: entry.action,
    target: entry.target ?? '',
    detail: entry.detail ?? null,
    ip: caller.ip,
    createdAt: caller.now,
  });
}
