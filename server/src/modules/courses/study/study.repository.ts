import { and, eq, sql } from 'drizzle-orm';
import { type DbOrTx, executePrepared } from '../../../db/client.ts';
import type { TenantScope } from '../../../platform/scope.ts';
import { visibleResWhere } from '../resources/visibility.ts';
import { resources } from '../schema/resources.ts';
import { resCollects, resNotes, resStudies, resStudyDays, resThumbsups, resViewSessions } from '../schema/study.ts';

/** The learner's standing and the counters of the study page, in one query. */
export async function standing(db: DbOrTx, userId: number, resId: number) {
  const res = await db.execute(sql`
    select s.credited_seconds, s.last_position, s.last_lesson, s.completed_at, s.last_study_at,
           exists(select 1 from ${resCollects} where user_id = ${userId} and res_id = ${resId}) as is_collect,
           exists(select 1 from ${resThumbsups} where user_id = ${userId} and res_id = ${resId}) as is_thumbsup,
           (select count(*) from ${resCollects} where res_id = ${resId})::int as collect_cnt,
           (select count(*) from ${resThumbsups} where res_id = ${resId})::int as thumbsup_cnt,
           (select count(*) from ${resNotes} where user_id = ${userId} and res_id = ${resId})::int as note_cnt
      from (select 1) one
      left join ${resStudies} s on s.user_id = ${userId} and s.res_id = ${resId}`);
  const r = res.rows[0] as Record<string, unknown>;
  const date = (v: unknown) => (v == null ? null : v instanceof Date ? v : new Date(String(v)));
  return {
    creditedSeconds: Number(r.credited_seconds ?? 0),
    lastPosition: Number(r.last_position ?? 0),
    lastLesson: Number(r.last_lesson ?? 0),
    completedAt: date(r.completed_at),
    lastStudyAt: date(r.last_study_at),
    isCollect: Boolean(r.is_collect),
    isThumbsup: Boolean(r.is_thumbsup),
    collectCnt: Number(r.collect_cnt),
    thumbsupCnt: Number(r.thumbsup_cnt),
    noteCnt: Number(r.note_cnt),
  };
}

/**
 * The view counter of a company-owned resource, moved by a learner: the learner's scope applies
 * as the visibility rule (a platform resource is in no learner's company, so `scopeWhere` would
 * refuse it), so only a resource this learner may see is counted.
 */
export async function addView(db: DbOrTx, scope: TenantScope, resId: number): Promise<void> {
  await db
    .update(resources)
    .set({ viewCnt: sql`${resources.viewCnt} + 1` })
    .where(and(eq(resources.id, resId), visibleResWhere(scope)));
}

// ---------- the viewing session and crediting ----------

export interface LockedSession {
  guid: string;
  resId: number;
  lastBeatAt: Date;
  replacedGuid: string;
  /** the learner's credited seconds on the heartbeat's resource */
  credited: number;
  completedAt: Date | null;
  /** the last activity the server knows of (ADR 0058) */
  activeAt: Date | null;
  /** a waiting presence check's number; null = none */
  checkCode: number | null;
  checkAt: Date | null;
}

/**
 * The learner's viewing session with their credited seconds on `resId`, in one round-trip.
 * `lock`: FOR UPDATE of the session row (the opening path, inside its transaction).
 */
export async function readSession(db: DbOrTx, userId: number, resId: number, lock = false): Promise<LockedSession | undefined> {
  const res = await db.execute(sql`
    select v.guid, v.res_id, v.last_beat_at, v.replaced_guid, s.credited_seconds, s.completed_at,
           coalesce(v.active_at, v.started_at) as active_at, v.check_code, v.check_at
      from ${resViewSessions} v
      left join ${resStudies} s on s.user_id = v.user_id and s.res_id = ${resId}
     where v.user_id = ${userId}
     ${lock ? sql`for update of v` : sql``}`);
  const r = res.rows[0] as Record<string, unknown> | undefined;
  if (!r) return undefined;
  return {
    guid: String(r.guid),
    resId: Number(r.res_id),
    lastBeatAt: r.last_beat_at instanceof Date ? r.last_beat_at : new Date(String(r.last_beat_at)),
    replacedGuid: String(r.replaced_guid ?? ''),
    credited: Number(r.credited_seconds ?? 0),
    completedAt: r.completed_at == null ? null : new Date(r.completed_at as string),
    activeAt: r.active_at == null ? null : new Date(r.active_at as string),
    checkCode: r.check_code == null ? null : Number(r.check_code),
    checkAt: r.check_at == null ? null : new Date(r.check_at as string),
  };
}

/** Reads credited seconds of a learner on a resource (no session yet). */
export async function creditedOf(db: DbOrTx, userId: number, resId: number): Promise<{ credited: number; completedAt: Date | null }> {
  const [row] = await db
    .select({ c: resStudies.creditedSeconds, done: resStudies.completedAt })
    .from(resStudies)
    .where(and(eq(resStudies.userId, userId), eq(resStudies.resId, resId)))
    .limit(1);
  return { credited: row?.c ?? 0, completedAt: row?.done ?? null };
}

/**
 * Opens (or takes over) the learner's viewing session. Insert-or-replace in one statement: a
 * first beat racing another first beat of the same learner ends with one session, not an error.
 */
export async function openSession(
  db: DbOrTx,
  v: {
    userId: number;
    guid: string;
    resId: number;
    speed: number;
    position: number;
    now: Date;
    replacedGuid: string;
    /** the last activity (ADR 0058); a waiting presence check stays (it is not in the row written here) */
    activeAt: Date;
    checkAt: Date | null;
  },
): Promise<void> {
  const session = {
    guid: v.guid,
    resId: v.resId,
    speed: v.speed,
    position: v.position,
    startedAt: v.now,
    lastBeatAt: v.now,
    replacedGuid: v.replacedGuid,
    activeAt: v.activeAt,
    checkAt: v.checkAt,
  };
  await db
    .insert(resViewSessions)
    .values({ userId: v.userId, ...session })
    .onConflictDoUpdate({ target: resViewSessions.userId, set: session });
}

/**
 * One statement for an accepted beat: moves the session's clock mark, adds `delta` seconds to
 * the learner's total on the resource and to the day's row, and keeps the resume position.
 */
export async function recordBeat(
  db: DbOrTx,
  v: {
    userId: number;
    resId: number;
    companySysCode: string | null;
    speed: number;
    position: number;
    /** the lesson the position is in (ADR 0022) */
    lesson: number;
    lastBeatAt: Date;
    now: Date;
    day: string;
    delta: number;
  },
): Promise<void> {
  const now = v.now.toISOString();
  await db.execute(sql`
    with sess as (
      update ${resViewSessions}
         set last_beat_at = ${v.lastBeatAt.toISOString()}::timestamptz, speed = ${v.speed}, position = ${v.position}
       where user_id = ${v.userId}
       returning user_id
    ), st as (
      insert into ${resStudies} (user_id, res_id, company_sys_code, credited_seconds, last_position, last_lesson, first_study_at, last_study_at)
      values (${v.userId}, ${v.resId}, ${v.companySysCode}, ${v.delta}, ${v.position}, ${v.lesson}, ${now}::timestamptz, ${now}::timestamptz)
      on conflict (user_id, res_id) do update
         set credited_seconds = ${resStudies}.credited_seconds + ${v.delta},
             last_position = excluded.last_position,
             last_lesson = excluded.last_lesson,
             last_study_at = excluded.last_study_at
      returning user_id
    )
    insert into ${resStudyDays} (user_id, res_id, day, company_sys_code, seconds)
    select ${v.userId}, ${v.resId}, ${v.day}::date, ${v.companySysCode}, ${v.delta}
     where ${v.delta}::int > 0
    on conflict (user_id, res_id, day) do update set seconds = ${resStudyDays}.seconds + excluded.seconds`);
}

/**
 * A heartbeat of the current viewing session in ONE statement (one implicit transaction, one
 * round-trip): locks the learner's session row (SELECT … FOR UPDATE, so concurrent beats of one
 * learner queue and cannot both be credited), and when the beat's guid and resource are the
 * session's, applies the crediting rule of crediting.ts in SQL (same arithmetic: wall time since
 * the mark capped at `capMs`, × speed, whole seconds, at most the remaining duration; the mark
 * moves by the wall time used, or to now when cut), moves the mark and adds the seconds to the
 * resource total and the day row. Otherwise changes nothing and answers what it found, for the
 * caller's opening / takeover path. The rows are the learner's (session, study, day), keyed by
 * the beat's user id: no tenant scope (ADR 0023).
 */
export async function creditBeatSql(
  db: DbOrTx,
  v: {
    userId: number;
    resId: number;
    companySysCode: string | null;
    guid: string;
    speed: number;
    position: number;
    /** the lesson the position is in (ADR 0022) */
    lesson: number;
    now: Date;
    day: string;
    capMs: number;
    duration: number;
    /** seconds since the learner's last activity as the page reports it; null = not reported (ADR 0058) */
    idle: number | null;
    /** the company's anti-idle limit in ms; 0 = off */
    idleMs: number;
    /** the number of a presence check this beat may start */
    checkCode: number;
    /** the company's random presence checks are on */
    randomCheck: boolean;
  },
): Promise<
  | { found: false }
  | {
      found: true;
      applied: boolean;
      credited: number;
      total: number;
      guid: string;
      resId: number;
      replacedGuid: string;
      completedAt: Date | null;
      /** the number a waiting presence check asks for; 0 = none */
      presence: number;
    }
> {
  const now = v.now.toISOString();
  // the heartbeat's one statement, prepared once per connection on PostgreSQL
  const res = await executePrepared(
    db,
    'study-credit-beat',
    sql`
    with cur as (
      select v.guid, v.res_id, v.last_beat_at, v.replaced_guid, v.check_code, v.check_at,
             coalesce(s.credited_seconds, 0) as credited, s.completed_at,
             (extract(epoch from (${now}::timestamptz - v.last_beat_at)) * 1000)::numeric as elapsed,
             coalesce(${now}::timestamptz - make_interval(secs => ${v.idle ?? null}::int), v.active_at, v.started_at) as act
        from ${resViewSessions} v
        left join ${resStudies} s on s.user_id = v.user_id and s.res_id = ${v.resId}
       where v.user_id = ${v.userId}
         for update of v
    ), g as (
      select cur.*, check_code is not null as pending,
             (${v.idleMs}::int > 0 and ${now}::timestamptz > act + make_interval(secs => ${v.idleMs}::int / 1000.0)) as tripped
        from cur
       where guid = ${v.guid} and res_id = ${v.resId} and elapsed > 0
    ), c0 as (
      select g.*,
             floor(least(case when pending then 0
                              when tripped then greatest(0, least(elapsed,
                                   (extract(epoch from (act - last_beat_at)) * 1000)::numeric + ${v.idleMs}::int))
                              else elapsed end, ${v.capMs}) * ${v.speed}::numeric / 1000 + 0.000000001)::int as raw,
             greatest(0, ${v.duration}::int - credited) as remaining,
             (${v.randomCheck}::boolean and not pending and check_at is not null and ${now}::timestamptz >= check_at) as rtrip
        from g
    ), c as (
      select c0.*, least(raw, remaining) as secs,
             (elapsed > ${v.capMs} or raw >= remaining or ${v.speed}::numeric <= 0 or pending or tripped) as cut
        from c0
    ), sess as (
      update ${resViewSessions} t
         set last_beat_at = case when c.cut then ${now}::timestamptz
                                 else c.last_beat_at + make_interval(secs => ceil(c.secs * 1000 / ${v.speed}::numeric) / 1000) end,
             speed = ${v.speed}, position = ${v.position}, active_at = c.act,
             check_code = case when c.pending then c.check_code when c.tripped or c.rtrip then ${v.checkCode}::int end,
             check_at = case when c.rtrip then null else c.check_at end
        from c
       where t.user_id = ${v.userId}
      returning c.secs, t.check_code
    ), st as (
      insert into ${resStudies} (user_id, res_id, company_sys_code, credited_seconds, last_position, last_lesson, first_study_at, last_study_at)
      select ${v.userId}, ${v.resId}, ${v.companySysCode}, sess.secs, ${v.position}, ${v.lesson}, ${now}::timestamptz, ${now}::timestamptz from sess
      on conflict (user_id, res_id) do update
         set credited_seconds = ${resStudies}.credited_seconds + excluded.credited_seconds,
             last_position = excluded.last_position,
             last_lesson = excluded.last_lesson,
             last_study_at = excluded.last_study_at
      returning credited_seconds
    ), dy as (
      insert into ${resStudyDays} (user_id, res_id, day, company_sys_code, seconds)
      select ${v.userId}, ${v.resId}, ${v.day}::date, ${v.companySysCode}, sess.secs from sess
       where sess.secs > 0
      on conflict (user_id, res_id, day) do update set seconds = ${resStudyDays}.seconds + excluded.seconds
    )
    select cur.guid, cur.res_id, cur.replaced_guid, cur.credited, cur.completed_at,
           (select secs from sess) as secs, (select credited_seconds from st) as total,
           case when exists (select 1 from sess) then (select check_code from sess) else cur.check_code end as presence
      from cur`,
  );
  const r = res.rows[0] as Record<string, unknown> | undefined;
  return r ? beatOutcome(r) : { found: false };
}

/** A row of the heartbeat statements: what the session held and what the beat earned (secs null: not applied). */
function beatOutcome(r: Record<string, unknown>) {
  const applied = r.secs !== null && r.secs !== undefined;
  const credited = applied ? Number(r.secs) : 0;
  return {
    found: true as const,
    applied,
    credited,
    total: applied ? Number(r.total ?? Number(r.credited) + credited) : Number(r.credited),
    guid: String(r.guid),
    resId: Number(r.res_id),
    replacedGuid: String(r.replaced_guid ?? ''),
    completedAt: r.completed_at == null ? null : r.completed_at instanceof Date ? r.completed_at : new Date(String(r.completed_at)),
    presence: r.presence == null ? 0 : Number(r.presence),
  };
}

/** One heartbeat for {@link creditBeatsSql}: the inputs of {@link creditBeatSql} but the cap. */
export type BeatInput = Omit<Parameters<typeof creditBeatSql>[1], 'capMs'>;
export type BeatOutcome = Awaited<ReturnType<typeof creditBeatSql>>;

/**
 * Many heartbeats of different learners in ONE statement (the group commit of ADR 0024): the
 * same rule as {@link creditBeatSql}, row by row — the session rows are locked in learner order
 * (so two processes' batches cannot deadlock), each beat is credited from its own session and
 * moves only its own rows. The caller guarantees one beat per learner in a batch. Learner-owned
 * rows keyed by each beat's user id: no tenant scope (ADR 0023).
 */
export async function creditBeatsSql(db: DbOrTx, beats: BeatInput[], capMs: number): Promise<BeatOutcome[]> {
  const input = JSON.stringify(
    beats.map((b, n) => ({
      n,
      user_id: b.userId,
      res_id: b.resId,
      company_sys_code: b.companySysCode,
      guid: b.guid,
      speed: b.speed,
      position: b.position,
      lesson: b.lesson,
      now: b.now.toISOString(),
      day: b.day,
      duration: b.duration,
      idle: b.idle,
      idle_ms: b.idleMs,
      code: b.checkCode,
      rnd: b.randomCheck,
    })),
  );
  const res = await executePrepared(
    db,
    'study-credit-beats',
    sql`
    with i as (
      select * from jsonb_to_recordset(${input}::jsonb)
        as i(n int, user_id int, res_id int, company_sys_code text, guid text, speed numeric, position int, lesson int, now timestamptz, day date, duration int,
             idle int, idle_ms int, code int, rnd boolean)
    ), cur as (
      select i.*, v.guid as s_guid, v.res_id as s_res_id, v.last_beat_at, v.replaced_guid, v.check_code, v.check_at,
             coalesce(s.credited_seconds, 0) as credited, s.completed_at,
             (extract(epoch from (i.now - v.last_beat_at)) * 1000)::numeric as elapsed,
             coalesce(i.now - make_interval(secs => i.idle), v.active_at, v.started_at) as act
        from i
        join ${resViewSessions} v on v.user_id = i.user_id
        left join ${resStudies} s on s.user_id = v.user_id and s.res_id = i.res_id
       order by v.user_id
         for update of v
    ), g as (
      select cur.*, check_code is not null as pending,
             (idle_ms > 0 and now > act + make_interval(secs => idle_ms / 1000.0)) as tripped
        from cur
       where s_guid = guid and s_res_id = res_id and elapsed > 0
    ), c0 as (
      select g.*,
             floor(least(case when pending then 0
                              when tripped then greatest(0, least(elapsed, (extract(epoch from (act - last_beat_at)) * 1000)::numeric + idle_ms))
                              else elapsed end, ${capMs}) * speed / 1000 + 0.000000001)::int as raw,
             greatest(0, duration - credited) as remaining,
             (rnd and not pending and check_at is not null and now >= check_at) as rtrip
        from g
    ), c as (
      select c0.*, least(raw, remaining) as secs, (elapsed > ${capMs} or raw >= remaining or speed <= 0 or pending or tripped) as cut
        from c0
    ), sess as (
      update ${resViewSessions} t
         set last_beat_at = case when c.cut then c.now
                                 else c.last_beat_at + make_interval(secs => ceil(c.secs * 1000 / c.speed) / 1000) end,
             speed = c.speed, position = c.position, active_at = c.act,
             check_code = case when c.pending then c.check_code when c.tripped or c.rtrip then c.code end,
             check_at = case when c.rtrip then null else c.check_at end
        from c
       where t.user_id = c.user_id
      returning c.n, c.user_id, c.res_id, c.company_sys_code, c.position, c.lesson, c.now, c.day, c.secs, t.check_code as new_check
    ), st as (
      insert into ${resStudies} (user_id, res_id, company_sys_code, credited_seconds, last_position, last_lesson, first_study_at, last_study_at)
      select user_id, res_id, company_sys_code, secs, position, lesson, now, now from sess
      on conflict (user_id, res_id) do update
         set credited_seconds = ${resStudies}.credited_seconds + excluded.credited_seconds,
             last_position = excluded.last_position,
             last_lesson = excluded.last_lesson,
             last_study_at = excluded.last_study_at
      returning user_id, credited_seconds
    ), dy as (
      insert into ${resStudyDays} (user_id, res_id, day, company_sys_code, seconds)
      select user_id, res_id, day, company_sys_code, secs from sess
       where secs > 0
      on conflict (user_id, res_id, day) do update set seconds = ${resStudyDays}.seconds + excluded.seconds
    )
    select i.n, cur.s_guid as guid, cur.s_res_id as res_id, cur.replaced_guid, cur.credited, cur.completed_at,
           sess.secs, st.credited_seconds as total, cur.user_id is not null as found,
           case when sess.n is not null then sess.new_check else cur.check_code end as presence
      from i
      left join cur on cur.n = i.n
      left join sess on sess.n = i.n
      left join st on st.user_id = sess.user_id`,
  );
  const out: BeatOutcome[] = beats.map(() => ({ found: false }));
  for (const r of res.rows as Record<string, unknown>[]) {
    if (!r.found) continue;
    out[Number(r.n)] = beatOutcome(r);
  }
  return out;
}

export async function markCompleted(db: DbOrTx, userId: number, resId: number, now: Date): Promise<Date> {
  const [row] = await db
    .update(resStudies)
    .set({ completedAt: sql`coalesce(${resStudies.completedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(resStudies.userId, userId), eq(resStudies.resId, resId)))
    .returning({ at: resStudies.completedAt });
  return row?.at ?? now;
}

/** A resource without media (rich text): opening it is studying it; completion needs a row. */
export async function ensureStudy(db: DbOrTx, userId: number, resId: number, companySysCode: string | null, now: Date): Promise<void> {
  await db
    .insert(resStudies)
    .values({ userId, resId, companySysCode, creditedSeconds: 0, lastPosition: 0, firstStudyAt: now, lastStudyAt: now })
    .onConflictDoNothing();
}
