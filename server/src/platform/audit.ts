import type { DbOrTx } from '../db/client.ts';
import type { Caller } from './caller.ts';
import type { AppContext } from './context.ts';

/** One line of the audit log, as the writer stores it. */
export interface AuditEntry {
  actorUserId: number | null;
  actorName: string;
  companySysCode: string | null;
  action: string;
  target: string;
  detail: unknown;
  ip: string;
  createdAt: Date;
}

/** Stores an audit line in the transaction `db` (operations' audit log: its table, its statement). */
export type AuditWriter = (db: DbOrTx, entry: AuditEntry) => Promise<void>;

/** This app's audit writer (ctx.locals). */
const writerSlot = (ctx: AppContext) => ctx.locals.of<{ write: AuditWriter | null }>('platform.audit', () => ({ write: null }));

/**
 * Every module records its admin writes here, and the audit log is the operations module's, which
 * reads the directory: the composition root (modules/index.ts wireModules) hands operations'
 * writer to each app it builds, so platform/ names no module's table.
 */
export function provideAuditWriter(ctx: AppContext, write: AuditWriter): void {
  writerSlot(ctx).write = write;
}

/**
 * Records an admin write: who (the caller's user), what, when (the caller's `now`), from where
 * (the caller's ip). Pass the transaction the write runs in.
 */
export async function recordAudit(
  db: DbOrTx,
  caller: Pick<Caller, 'ctx' | 'actor' | 'ip' | 'now'>,
  entry: { action: string; target?: string; detail?: unknown },
): Promise<void> {
  const { write } = writerSlot(caller.ctx);
  // unwired is a bug of the app's assembly: an admin write must not go unrecorded
  if (!write) throw new Error('platform/audit: the audit writer is not wired (modules/index.ts wireModules)');
  const { actor } = caller;
  await write(db, {
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
