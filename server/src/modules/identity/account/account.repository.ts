import { and, desc, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { smsOutbox } from '../../../db/schema/sms.ts';
import { stepSecrets } from '../schema.ts';

export async function latestOutboxMessage(db: DbOrTx, phone: string) {
  const [row] = await db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  return row;
}

// --- step secrets (secrets.ts): rows keyed by the secret's hash, live until their expiry

export async function insertStepSecret(db: DbOrTx, key: string, data: unknown, expiresAt: Date): Promise<void> {
  await db.insert(stepSecrets).values({ key, data, expiresAt });
}

/** Deletes the secrets that expired before `now`. */
export async function purgeStepSecrets(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(stepSecrets).where(lt(stepSecrets.expiresAt, now));
}

const liveSecret = (key: string, now: Date) => and(eq(stepSecrets.key, key), gt(stepSecrets.expiresAt, now));

export async function findLiveStepSecret(db: DbOrTx, key: string, now: Date): Promise<{ data: unknown } | undefined> {
  const [row] = await db.select({ data: stepSecrets.data }).from(stepSecrets).where(liveSecret(key, now));
  return row;
}

export async function updateLiveStepSecret(db: DbOrTx, key: string, now: Date, data: unknown): Promise<void> {
  await db.update(stepSecrets).set({ data }).where(liveSecret(key, now));
}

/** Deletes a live secret and gives its data, in one statement: a racing second use gets nothing. */
export async function takeLiveStepSecret(db: DbOrTx, key: string, now: Date): Promise<{ data: unknown } | undefined> {
  const [row] = await db.delete(stepSecrets).where(liveSecret(key, now)).returning({ data: stepSecrets.data });
  return row;
}
