import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { peopleView } from '../../directory/public.ts';
import { sessions } from '../schema.ts';

// The session rows (user_session): only a token's SHA-256 is stored (sessions.ts).

export async function insertSession(db: DbOrTx, values: typeof sessions.$inferInsert): Promise<void> {
  await db.insert(sessions).values(values);
}

/** The session of a token's hash that is not signed out (expired or not). */
export async function findUnrevokedByHash(db: DbOrTx, tokenHash: string) {
  const [row] = await db
    .select({ id: sessions.id, userId: sessions.userId, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)))
    .limit(1);
  return row;
}

/** The expiry of a session that is not signed out, by its id. */
export async function findUnrevokedById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)))
    .limit(1);
  return row;
}

export async function slideExpiry(db: DbOrTx, id: number, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
}

/** Signs out one session or every session of a user; the rows it signed out. */
export async function revokeSessions(
  db: DbOrTx,
  which: { sessionId: number } | { userId: number },
  now: Date,
): Promise<{ id: number; tokenHash: string }[]> {
  return db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and('sessionId' in which ? eq(sessions.id, which.sessionId) : eq(sessions.userId, which.userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id, tokenHash: sessions.tokenHash });
}

/** The people of a company with a live session at `now` (to sign them out when it is disabled). */
export async function signedInUsersOfCompany(db: DbOrTx, companySysCode: string, now: Date): Promise<number[]> {
  const live = await db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(peopleView, eq(peopleView.id, sessions.userId))
    .where(and(eq(peopleView.companySysCode, companySysCode), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
  return live.map((l) => l.userId);
}
