import type { studyBeatInput, studyCatalogueInput } from '@xuetu/contract';
import {
  type CourseCard,
  formatDateTime,
  type PageResult,
  ResType,
  STUDY_COMPLETE_RATIO,
  type StudyBeatAnswer,
  type StudyCompleteAnswer,
  type StudyDetail,
  type StudyLesson,
  StudyMsg,
  type StudyNote,
} from '@xuetu/contract';
import type { z } from 'zod';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import { fileUrl } from '../../../platform/files/index.ts';
import { batchElseOneByOne, groupCommit } from '../../../platform/group-commit.ts';
import { htmlExcerpt } from '../../../platform/html-text.ts';
import { localCache } from '../../../platform/local-cache.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { lecturerCard } from '../../content/public.ts';
import { listDirs } from '../dirs/dirs.repository.ts';
import { dirSubtree } from '../dirs/dirs.service.ts';
import { isResVisible } from '../resources/visibility.ts';
import * as catalogueRepo from './catalogue.repository.ts';
import { STUDY_GRACE_SECONDS, shanghaiDay } from './crediting.ts';
import { companyGuard, guardFor, nextRandomCheck, presenceCode } from './guard.ts';
import * as notesRepo from './notes.repository.ts';
import { studyRulesFor } from './rules.ts';
import * as repo from './study.repository.ts';

const plain = (html: string, max = 120) => htmlExcerpt(html, max, { ellipsis: true });
const percent = (credited: number, duration: number) => (duration > 0 ? Math.min(100, Math.floor((credited * 100) / duration)) : 0);

// ---------- the visible resource, cached briefly for heartbeats ----------

/**
 * Resource rows for the heartbeat, kept a few seconds (by the business clock, so a test that
 * moves time sees a revoke at once after a beat interval): every learner's player asks every
 * interval, and approval state changes rarely. A revoke or deletion is seen within the TTL.
 */
const RES_CACHE_MS = 5000;
type Cached = { row: (catalogueRepo.LiveRes & { deleted: boolean }) | undefined; until: number };

async function cachedRes(caller: Caller, code: string) {
  // bounded per app; an entry also expires by the business clock (`until`)
  const cache = localCache<string, Cached>(caller.ctx, 'study.res', { max: 5_000, ttlMs: RES_CACHE_MS });
  const key = code.toLowerCase();
  const now = caller.now.getTime();
  const hit = cache.get(key);
  if (hit && hit.until > now && hit.until - now <= RES_CACHE_MS) return hit.row;
  const row = await catalogueRepo.findLiveRes(caller.ctx.db, code);
  cache.set(key, { row, until: now + RES_CACHE_MS });
  return row;
}

/** A resource the caller may study, or the not-found answer (another company's looks missing). */
async function visibleRes(caller: Caller, code: string, fresh = false): Promise<catalogueRepo.LiveRes> {
  const row = fresh ? await catalogueRepo.findLiveRes(caller.ctx.db, code) : await cachedRes(caller, code);
  if (!row || row.deleted || !isResVisible(caller.scope, row)) throw appError('RES_NOT_FOUND');
  return row;
}

// ---------- catalogue and detail ----------

/**
 * The learner's lessons of a resource (ADR 0022): the approved version's lessons in order, or the
 * resource itself as its only lesson.
 */
function lessonsOf(res: catalogueRepo.LiveRes): StudyLesson[] {
  const list = res.live.lessons ?? [];
  if (list.length > 1)
    return list.map((l, index) => ({ index, title: l.title, duration: l.duration, resCode: res.resCode, resName: res.live.resName }));
  return [{ index: 0, title: list[0]?.title || res.live.resName, duration: res.duration, resCode: res.resCode, resName: res.live.resName }];
}

function presentCard(r: catalogueRepo.CardRow): CourseCard {
  const credited = r.studySeconds ?? 0;
  const duration = Number(r.duration) || 0;
  return {
    resCode: r.resCode,
    resName: r.live.resName,
    introduce: plain(r.live.introduce),
    cover: fileUrl(r.live.cover),
    resType: r.live.resType,
    viewCnt: r.viewCnt,
    creditHours: Number(r.live.creditHours) || 0,
    duration,
    dName: r.dName ?? '',
    lecturerName: r.lecturerName ?? '',
    studySeconds: credited,
    progress: r.completedAt ? 100 : percent(credited, duration),
    completed: r.completedAt ? 1 : 0,
  };
}

/** ShowCompanyTrainRes: the learner catalogue (directory incl. sub-directories, keyword, paging). */
export async function catalogue(
  caller: Caller,
  q: z.output<typeof studyCatalogueInput>,
  window: { limit: number; offset: number },
): Promise<PageResult<CourseCard>> {
  const actor = requireActor(caller);
  const db = caller.ctx.db;
  let dCodes: string[] | undefined;
  if (q.dcode || q.dno) {
    // the directories this learner sees (platform ones and their company's)
    const dirs = await listDirs(db, caller.scope);
    const start = q.dcode ? dirs.find((d) => d.dCode === q.dcode) : dirs.find((d) => d.dNo === q.dno);
    dCodes = start ? dirSubtree(dirs, start.dCode).map((d) => d.dCode) : [];
  }
  const { rows, total } = await catalogueRepo.pageCatalogue(db, caller.scope, actor.userId, { dCodes, keyword: q.keyword }, window);
  return { models: rows.map(presentCard), totalCount: total };
}

/** GetRelevantList: same directory or lecturer, the current one excluded. */
export async function relevantList(caller: Caller, code: string): Promise<CourseCard[]> {
  const actor = requireActor(caller);
  const res = await visibleRes(caller, code, true);
  return (await catalogueRepo.relevant(caller.ctx.db, caller.scope, actor.userId, res, 8)).map(presentCard);
}

/** The view counter counts one viewing per learner and resource in this window. */
const VIEW_WINDOW_SECONDS = 10 * 60;

/**
 * GetTrainResDetail / GetTrainResStudyDetail: the study page's resource with the learner's
 * standing. `countView`: this is the page opening (the view counter moves once per viewing).
 */
export async function studyDetail(caller: Caller, code: string, countView: boolean): Promise<StudyDetail> {
  const actor = requireActor(caller);
  const db = caller.ctx.db;
  const res = await visibleRes(caller, code, true);
  let viewCnt = res.viewCnt;
  if (countView && (await caller.ctx.cache.setIfAbsent(`study:view:${actor.userId}:${res.id}`, 1, VIEW_WINDOW_SECONDS))) {
    await repo.addView(db, caller.scope, res.id);
    viewCnt++;
  }
  const [st, lecturer, dName, rules, guard] = await Promise.all([
    repo.standing(db, actor.userId, res.id),
    lecturerCard(db, res.live.lecturerCode),
    catalogueRepo.dirName(db, res.dCode),
    studyRulesFor(caller, res.id),
    guardFor(caller, res.watermark),
  ]);
  const live = res.live;
  const lessons = lessonsOf(res);
  return {
    resCode: res.resCode,
    resName: live.resName,
    introduce: plain(live.introduce),
    introduceHtml: live.introduce,
    content: live.resType === ResType.RichText ? live.content : '',
    cover: fileUrl(live.cover),
    resType: live.resType,
    viewCnt,
    creditHours: Number(live.creditHours) || 0,
    duration: res.duration,
    dCode: res.dCode,
    dName,
    lecturerCode: live.lecturerCode,
    lecturerName: lecturer?.name ?? '',
    lecturerFace: fileUrl(lecturer?.face ?? ''),
    lecturerIntro: lecturer?.intro ?? '',
    studySeconds: st.creditedSeconds,
    progress: st.completedAt ? 100 : percent(st.creditedSeconds, res.duration),
    completed: st.completedAt ? 1 : 0,
    completeTime: formatDateTime(st.completedAt),
    lastStudyTime: formatDateTime(st.lastStudyAt),
    lastPosition: st.lastPosition,
    isCollect: st.isCollect ? 1 : 0,
    isThumbsup: st.isThumbsup ? 1 : 0,
    collectCnt: st.collectCnt,
    thumbsupCnt: st.thumbsupCnt,
    noteCnt: st.noteCnt,
    lessons,
    lastLesson: st.lastLesson < lessons.length ? st.lastLesson : 0,
    rules,
    interval: caller.ctx.env.STUDY_INTERVAL_SECONDS,
    guard,
  };
}

// ---------- notes ----------

const presentNote = (n: notesRepo.NoteRow, recordId: string): StudyNote => ({
  id: n.id,
  recordId,
  content: n.content,
  position: n.position,
  createTime: formatDateTime(n.createdAt),
  updateTime: formatDateTime(n.updatedAt),
});

export async function listNotes(caller: Caller, code: string): Promise<StudyNote[]> {
  const actor = requireActor(caller);
  const res = await visibleRes(caller, code, true);
  return (await notesRepo.listNotes(caller.ctx.db, actor.userId, res.id)).map((n) => presentNote(n, res.resCode));
}

export async function addNote(caller: Caller, code: string, content: string, position: number): Promise<StudyNote> {
  const actor = requireActor(caller);
  const res = await visibleRes(caller, code, true);
  const pos = Math.max(0, Math.min(Math.floor(position), res.duration || Math.floor(position)));
  const row = await notesRepo.insertNote(caller.ctx.db, {
    userId: actor.userId,
    resId: res.id,
    content,
    position: pos,
    createdAt: caller.now,
    updatedAt: caller.now,
  });
  return presentNote(row, res.resCode);
}

export async function updateNote(caller: Caller, id: number, content: string, position?: number): Promise<StudyNote> {
  const actor = requireActor(caller);
  const db = caller.ctx.db;
  const code = await notesRepo.noteResCode(db, actor.userId, id);
  if (!code) throw appError('STUDY_NOTE_NOT_FOUND');
  const row = await notesRepo.updateNote(db, actor.userId, id, {
    content,
    ...(position !== undefined ? { position: Math.max(0, Math.floor(position)) } : {}),
    updatedAt: caller.now,
  });
  if (!row) throw appError('STUDY_NOTE_NOT_FOUND');
  return presentNote(row, code);
}

export async function deleteNote(caller: Caller, id: number): Promise<void> {
  const actor = requireActor(caller);
  if (!(await notesRepo.deleteNote(caller.ctx.db, actor.userId, id))) throw appError('STUDY_NOTE_NOT_FOUND');
}

// ---------- favourites and likes ----------

export async function collect(caller: Caller, code: string): Promise<{ isCollect: 0 | 1; collectCnt: number; msg: string }> {
  const actor = requireActor(caller);
  const res = await visibleRes(caller, code, true);
  const on = await inTransaction(caller, (tx) => notesRepo.toggleCollect(tx, actor.userId, res.id, caller.now));
  return {
    isCollect: on ? 1 : 0,
    collectCnt: await notesRepo.countCollects(caller.ctx.db, res.id),
    msg: on ? StudyMsg.collected : StudyMsg.uncollected,
  };
}

export async function thumbsup(caller: Caller, code: string): Promise<{ isThumbsup: 1; thumbsupCnt: number; msg: string }> {
  const actor = requireActor(caller);
  const res = await visibleRes(caller, code, true);
  const added = await notesRepo.addThumbsup(caller.ctx.db, actor.userId, res.id, caller.now);
  return {
    isThumbsup: 1,
    thumbsupCnt: await notesRepo.countThumbsups(caller.ctx.db, res.id),
    msg: added ? StudyMsg.thumbsup : StudyMsg.thumbsupAlready,
  };
}

// ---------- the heartbeat ----------

/** Old guids of a learner remembered (a replayed one earns nothing and is told it was replaced). */
const REPLACED_KEEP = 20;

/**
 * Study: one heartbeat of a viewing session (ADR 0017). A beat of the current session: read the
 * session, decide with the server's clock, then one statement moves the mark (compare-and-set on
 * guid + mark, so concurrent beats cannot both be credited) and adds the seconds to the
 * resource total and the day row. Opening or taking over: a short transaction with the session
 * row locked (SELECT … FOR UPDATE).
 */
export async function studyBeat(caller: Caller, input: z.output<typeof studyBeatInput>): Promise<StudyBeatAnswer & { msg: string }> {
  const actor = requireActor(caller);
  const res = await visibleRes(caller, input.rescode);
  const [rules, guard] = await Promise.all([studyRulesFor(caller, res.id), companyGuard(caller.ctx, actor.companySysCode)]);
  const now = caller.now;
  const idle = input.idle ?? null;
  const duration = res.duration;
  // the position is within the lesson playing (ADR 0022); a lesson the course lacks is the first
  const lessons = lessonsOf(res);
  const lesson = input.lesson < lessons.length ? input.lesson : 0;
  const lessonLength = lessons[lesson].duration;
  const position = Math.max(0, Math.min(Math.floor(input.position), lessonLength || Math.floor(input.position)));
  const speed = Math.min(input.speed, rules.maxSpeed);
  const answer = (
    credited: number,
    total: number,
    done: Date | null,
    flags: { opened?: boolean; takenOver?: boolean; presence?: number } = {},
  ) => ({
    accepted: !flags.takenOver,
    opened: Boolean(flags.opened),
    takenOver: Boolean(flags.takenOver),
    credited,
    studySeconds: total,
    duration,
    progress: done ? 100 : percent(total, duration),
    completed: (done ? 1 : 0) as 0 | 1,
    // a waiting presence check (ADR 0058): the number to tap; nothing is credited until it is answered
    presence: flags.takenOver ? 0 : (flags.presence ?? 0),
    msg: flags.takenOver ? StudyMsg.takenOver : flags.presence ? StudyMsg.presenceNeeded : '',
  });
  // the hot path: one statement locks the session, credits by the server clock and writes;
  // beats arriving together share it (group commit)
  const w = await beats(caller.ctx).submit({
    userId: actor.userId,
    resId: res.id,
    companySysCode: actor.companySysCode,
    guid: input.guid,
    speed,
    position,
    lesson,
    now,
    day: shanghaiDay(now),
    duration,
    idle,
    idleMs: guard.idleMinutes * 60_000,
    checkCode: presenceCode(),
    randomCheck: guard.randomCheck === 1,
  });
  // this session's beat: credited (a beat at or before the mark earns nothing); the same guid on
  // another resource opens there below
  if (w.found && w.guid === input.guid && w.resId === res.id) return answer(w.credited, w.total, w.completedAt, { presence: w.presence });
  // a guid this learner used before and lost to another window: earns nothing, pause
  if (w.found && w.guid !== input.guid && w.replacedGuid.split(',').includes(input.guid))
    return answer(0, w.total, w.completedAt, { takenOver: true });
  // first beat of a viewing (or a new window taking over, or another resource): opens, earns
  // nothing; in a transaction with the session row locked, so the replaced guids stay exact
  return inTransaction(caller, async (tx) => {
    const cur = await repo.readSession(tx, actor.userId, res.id, true);
    const replaced = cur ? cur.replacedGuid.split(',').filter(Boolean) : [];
    if (cur && cur.guid !== input.guid && replaced.includes(input.guid))
      return answer(0, cur.credited, cur.completedAt, { takenOver: true });
    const keep = cur && cur.guid !== input.guid ? [...replaced, cur.guid].slice(-REPLACED_KEEP) : replaced;
    // the activity the page reports (else what the server knew, else now); a new viewing does not
    // clear a waiting presence check (ADR 0058: a fresh guid is no way around it)
    const activeAt = idle !== null ? new Date(now.getTime() - idle * 1000) : (cur?.activeAt ?? now);
    const checkAt = guard.randomCheck === 1 ? (cur?.checkAt ?? nextRandomCheck(now, guard)) : null;
    await repo.openSession(tx, {
      userId: actor.userId,
      guid: input.guid,
      resId: res.id,
      speed,
      position,
      now,
      replacedGuid: keep.join(','),
      activeAt,
      checkAt,
    });
    // (the session row carries the learner's total on the requested resource)
    const mine = cur ?? (await repo.creditedOf(tx, actor.userId, res.id));
    await repo.recordBeat(tx, {
      userId: actor.userId,
      resId: res.id,
      companySysCode: actor.companySysCode,
      speed,
      position,
      lesson,
      lastBeatAt: now,
      now,
      day: shanghaiDay(now),
      delta: 0,
    });
    return answer(0, mine.credited, mine.completedAt, { opened: true, presence: cur?.checkCode ?? 0 });
  });
}

const beatCapMs = (ctx: AppContext) => (ctx.env.STUDY_INTERVAL_SECONDS + STUDY_GRACE_SECONDS) * 1000;

/**
 * The heartbeats of this process, written together: one learner's beat per batch; a batch of one
 * runs the prepared single statement; when a batch's statement fails (a deadlock with another
 * process, say), its beats are written one by one so one cannot fail the others.
 */
export const beats = (ctx: AppContext) =>
  groupCommit<repo.BeatInput, repo.BeatOutcome>(ctx, 'study.beats', {
    maxSize: 100,
    // PostgreSQL works on two batches at once (one more pooled connection); PGlite on one
    concurrency: ctx.database.kind === 'postgres' ? 2 : 1,
    key: (b) => String(b.userId),
    run: batchElseOneByOne({
      one: (b) => repo.creditBeatSql(ctx.db, { ...b, capMs: beatCapMs(ctx) }),
      batch: (items) => repo.creditBeatsSql(ctx.db, items, beatCapMs(ctx)),
    }),
  });

/** StudyComplete: refused until ≥ 90% of the duration is credited; resources without media complete on opening. */
export async function studyComplete(caller: Caller, code: string): Promise<StudyCompleteAnswer & { msg: string }> {
  const actor = requireActor(caller);
  const res = await visibleRes(caller, code, true);
  const duration = res.duration;
  const needsTime = duration > 0 && res.live.resType !== ResType.RichText;
  return inTransaction(caller, async (tx) => {
    const mine = await repo.creditedOf(tx, actor.userId, res.id);
    if (needsTime && mine.credited < Math.ceil(duration * STUDY_COMPLETE_RATIO)) {
      throw appErrorMsg('STUDY_NOT_ENOUGH', StudyMsg.notEnough(percent(mine.credited, duration), Math.round(STUDY_COMPLETE_RATIO * 100)));
    }
    await repo.ensureStudy(tx, actor.userId, res.id, actor.companySysCode, caller.now);
    const at = await repo.markCompleted(tx, actor.userId, res.id, caller.now);
    return { completed: 1, studySeconds: mine.credited, progress: 100, completeTime: formatDateTime(at), msg: StudyMsg.completed };
  });
}
