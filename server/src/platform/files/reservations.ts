import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { uploadReservations } from '../../db/schema/index.ts';
import { type Caller, requireActor } from '../caller.ts';
import type { AppContext } from '../context.ts';
import { appError } from '../errors.ts';
import { inTransaction } from '../tx.ts';
import { usageOf } from './repository.ts';

/**
 * Holds a resumable upload's declared length against its owner's and company's quotas
 * (UPLOAD_QUOTA_USER_BYTES / UPLOAD_QUOTA_COMPANY_BYTES) from its creation, so uploads in flight
 * count like stored files: six parallel uploads cannot each see the same free space. The check and
 * the reservation are one transaction under a transaction-level advisory lock per user and per
 * company (always user first, then company: two uploads never wait on each other in a circle),
 * taken on every node's database: a second create for the same owner waits until the first has
 * committed and then sees its reservation. Refuses with FILE_QUOTA_USER / FILE_QUOTA_COMPANY.
 */
export async function reserveUpload(caller: Caller, uploadId: string, bytes: number, expiresAt: Date): Promise<void> {
  const actor = requireActor(caller);
  const { env } = caller.ctx;
  await inTransaction(caller, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`xuetu.quota.user:${actor.userId}`}, 0))`);
    if (actor.companySysCode)
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`xuetu.quota.company:${actor.companySysCode}`}, 0))`);
    const used = await usageOf(tx, { userId: actor.userId, companySysCode: actor.companySysCode });
    if (used.user + bytes > env.UPLOAD_QUOTA_USER_BYTES) throw appError('FILE_QUOTA_USER');
    if (actor.companySysCode && used.company + bytes > env.UPLOAD_QUOTA_COMPANY_BYTES) throw appError('FILE_QUOTA_COMPANY');
    // a user's own reservation: no company owns the row (its company code only counts it)
    await tx.insert(uploadReservations).values({
      uploadId,
      ownerUserId: actor.userId,
      ownerCompanySysCode: actor.companySysCode,
      bytes,
      createdAt: caller.now,
      expiresAt,
    });
  });
}

/** Gives a reservation's bytes back (the upload finished — in the transaction recording its file —, was terminated or refused). */
export async function releaseUpload(db: DbOrTx, uploadId: string): Promise<void> {
  await db.delete(uploadReservations).where(eq(uploadReservations.uploadId, uploadId));
}

/**
 * Whoever keeps the unfinished bytes of reserved uploads (the media module's tus store) removes
 * those of expired reservations when the purge releases them.
 */
type ExpiredUploadsHandler = (ctx: AppContext, uploadIds: string[]) => Promise<void>;
const expiredHandlers = new Set<ExpiredUploadsHandler>();
export function onExpiredUploads(handler: ExpiredUploadsHandler): void {
  expiredHandlers.add(handler);
}

/**
 * Releases the reservations of uploads abandoned past their expiry (part of the hourly
 * files.purge-temp job) and has their unfinished bytes removed. Returns how many were released.
 */
export async function releaseExpiredUploads(ctx: AppContext, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await ctx.db
      .select({ uploadId: uploadReservations.uploadId })
      .from(uploadReservations)
      .where(lt(uploadReservations.expiresAt, now))
      .orderBy(uploadReservations.expiresAt)
      .limit(200);
    if (batch.length === 0) return released;
    const ids = batch.map((r) => r.uploadId);
    for (const handler of expiredHandlers) await handler(ctx, ids);
    await ctx.db.delete(uploadReservations).where(and(inArray(uploadReservations.uploadId, ids), lt(uploadReservations.expiresAt, now)));
    released += ids.length;
    if (batch.length < 200) return released;
  }
}
