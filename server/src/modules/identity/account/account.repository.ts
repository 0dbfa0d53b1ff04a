import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies, smsOutbox, stepSecrets, users } from '../../../db/schema/index.ts';

export type AccountRow = typeof users.$inferSelect & { companyName: string };

const withCompany = (db: DbOrTx) =>
  db
    .select({ user: users, companyName: companies.companyName })
    .from(users)
    .leftJoin(companies, eq(companies.companySysCode, users.companySysCode));

const flat = (rows: { user: typeof users.$inferSelect; companyName: string | null }[]): AccountRow[] =>
  rows.map((r) => ({ ...r.user, companyName: r.companyName ?? '' }));

/** Accounts a sign-in name may mean: an account code, a phone or an ID number (not cancelled). */
export async function findAccountsByIdentifier(db: DbOrTx, identifier: string): Promise<AccountRow[]> {
  const value = identifier.trim();
  if (!value) return [];
  const rows = await withCompany(db)
    .where(
      and(
        isNull(users.cancelledAt),
        or(
          eq(sql`lower(${users.accountCode})`, value.toLowerCase()),
          eq(users.mobile, value),
          eq(sql`upper(${users.idCard})`, value.toUpperCase()),
        ),
      ),
    )
    .orderBy(users.id)
    .limit(20);
  return flat(rows);
}

export async function findAccountsByPhone(db: DbOrTx, phone: string): Promise<AccountRow[]> {
  const rows = await withCompany(db)
    .where(and(isNull(users.cancelledAt), eq(users.mobile, phone)))
    .orderBy(users.id)
    .limit(20);
  return flat(rows);
}

export async function findAccountById(db: DbOrTx, id: number): Promise<AccountRow | undefined> {
  return flat(await withCompany(db).where(eq(users.id, id)).limit(1))[0];
}

/** Imported employees matching name + ID number + phone (registration is activation). */
export async function findEmployees(db: DbOrTx, p: { name: string; idCard: string; phone: string }): Promise<AccountRow[]> {
  const rows = await withCompany(db).where(
    and(
      isNull(users.cancelledAt),
      eq(users.mobile, p.phone),
      eq(users.chnName, p.name),
      eq(sql`upper(${users.idCard})`, p.idCard.toUpperCase()),
    ),
  );
  return flat(rows);
}

/**
 * Changes an account by its holder: the signed-in user on their own account, or a person who
 * proved who they are (SMS code, ID number) in recovery. The owner is the user, so this takes the
 * user's id, not a company scope (ADR 0023). `now` is the caller's time (updatedAt).
 */
export async function updateOwnAccount(db: DbOrTx, id: number, values: Partial<typeof users.$inferInsert>, now: Date): Promise<void> {
  await db
    .update(users)
    .set({ ...values, updatedAt: now })
    .where(eq(users.id, id));
}

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
