import type { DbOrTx } from '../db/client.ts';
import { auditLogs } from '../db/schema/index.ts';
import type { Actor } from './actor.ts';

/** Records an admin write: who, what, when, from where. Pass the transaction the write runs in. */
export async function recordAudit(
  db: DbOrTx,
  entry: { actor: Actor | null; ip: string; action: string; target?: string; detail?: unknown },
): Promise<void> {
  await db.insert(auditLogs).values({
    actorUserId: entry.actor?.userId ?? null,
    actorName: entry.actor ? `${entry.actor.chnName}(${entry.actor.accountCode})` : '',
    companySysCode: entry.actor?.companySysCode ?? null,
    action: entry.action,
    target: entry.target ?? '',
    detail: entry.detail ?? null,
    ip: entry.ip,
  });
}
