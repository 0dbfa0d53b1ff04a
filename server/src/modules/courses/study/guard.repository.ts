import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { resViewSessions, studySettings } from '../schema/study.ts';

/** A company's study guard as stored (ADR 0058). */
export interface SettingsRow {
  idleMinutes: number;
  randomCheck: number;
  watermark: number;
}

/** A company's settings row, or undefined (the defaults apply). */
export async function readSettings(db: DbOrTx, companySysCode: string): Promise<SettingsRow | undefined> {
  const [row] = await db
    .select({ idleMinutes: studySettings.idleMinutes, randomCheck: studySettings.randomCheck, watermark: studySettings.watermark })
    .from(studySettings)
    .where(eq(studySettings.companySysCode, companySysCode))
    .limit(1);
  return row;
}

/** Saves a company's settings (insert or replace). The caller has named the company through targetCompany. */
export async function saveSettings(db: DbOrTx, companySysCode: string, v: SettingsRow, now: Date): Promise<void> {
  const set = { ...v, updatedAt: now };
  await db
    .insert(studySettings)
    .values({ companySysCode, ...set })
    .onConflictDoUpdate({ target: studySettings.companySysCode, set });
}

/**
 * The answer to a presence check (ADR 0058), in one statement on the learner's own session row:
 * when the number is the waiting check's, the check is cleared, the learner counts as active now
 * and the mark moves to now (the time the check waited is never credited); `nextCheckAt` is the
 * next random check (null = none). Answers what the row held: no row / no check waiting / right / wrong.
 */
export async function answerPresence(
  db: DbOrTx,
  v: { userId: number; code: number; now: Date; nextCheckAt: Date | null },
): Promise<'none' | 'ok' | 'wrong'> {
  const now = v.now.toISOString();
  const res = await db.execute(sql`
    with cur as (
      select check_code from ${resViewSessions} where user_id = ${v.userId} for update
    ), upd as (
      update ${resViewSessions} t
         set check_code = null, active_at = ${now}::timestamptz, last_beat_at = greatest(t.last_beat_at, ${now}::timestamptz),
             check_at = ${v.nextCheckAt ? v.nextCheckAt.toISOString() : null}::timestamptz
        from cur
       where t.user_id = ${v.userId} and cur.check_code = ${v.code}::int
      returning t.user_id
    )
    select cur.check_code, (select count(*) from upd)::int as done from cur`);
  const r = res.rows[0] as { check_code: number | null; done: number } | undefined;
  if (!r || r.check_code == null) return 'none';
  return Number(r.done) > 0 ? 'ok' : 'wrong';
}
