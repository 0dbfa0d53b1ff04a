import { STUDY_IDLE_DEFAULT, type StudyGuard, StudyMsg, type StudySettingsView, type studySettingsSaveInput } from '@xuetu/contract';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError } from '../../../platform/errors.ts';
import { localCache } from '../../../platform/local-cache.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { findAccountById, targetCompany } from '../../directory/public.ts';
import * as repo from './guard.repository.ts';

/**
 * The study guard (issue 44, ADR 0058): a company's anti-idle minutes (default 10, 0 = off), random
 * presence checks while playing, and the watermark; a course may force its watermark on or off.
 * The heartbeat asks for the settings on every beat, so each process remembers a company's for
 * about a minute (like the study rules, ADR 0017); a save clears them at once in this process.
 */
const SETTINGS_CACHE_MS = 60_000;
const DEFAULTS: repo.SettingsRow = { idleMinutes: STUDY_IDLE_DEFAULT, randomCheck: 0, watermark: 0 };
const settingsCache = (ctx: AppContext) =>
  localCache<string, repo.SettingsRow>(ctx, 'study.guard', { max: 10_000, ttlMs: SETTINGS_CACHE_MS });

/** A company's settings (the defaults for a learner without a company, or a company that saved none). */
export async function companyGuard(ctx: AppContext, companySysCode: string | null): Promise<repo.SettingsRow> {
  if (!companySysCode) return DEFAULTS;
  const cache = settingsCache(ctx);
  const hit = cache.get(companySysCode);
  if (hit) return hit;
  const row = (await repo.readSettings(ctx.db, companySysCode)) ?? DEFAULTS;
  cache.set(companySysCode, row, { ttl: Math.round(SETTINGS_CACHE_MS * (0.8 + 0.2 * Math.random())) });
  return row;
}

const view = (companySysCode: string, s: repo.SettingsRow): StudySettingsView => ({
  companySysCode,
  idleMinutes: s.idleMinutes,
  randomCheck: s.randomCheck ? 1 : 0,
  watermark: s.watermark ? 1 : 0,
});

/** GetStudySettings: a company user's own company; platform staff name one (ADR 0058). */
export async function getSettings(caller: Caller, requested: string): Promise<StudySettingsView> {
  const actor = requireActor(caller);
  const company = await targetCompany(caller.ctx.db, actor, requested);
  return view(company.companySysCode, (await repo.readSettings(caller.ctx.db, company.companySysCode)) ?? DEFAULTS);
}

/** SaveStudySettings: checked input, the company by the tenant rule, recorded in the audit log. */
export async function saveSettings(caller: Caller, input: z.output<typeof studySettingsSaveInput>): Promise<StudySettingsView> {
  const actor = requireActor(caller);
  const company = await targetCompany(caller.ctx.db, actor, input.companySysCode);
  const row = { idleMinutes: input.idleMinutes, randomCheck: input.randomCheck, watermark: input.watermark };
  await inTransaction(caller, async (tx) => {
    await repo.saveSettings(tx, company.companySysCode, row, caller.now);
    await recordAudit(tx, caller, { action: 'study.settings', target: company.companySysCode, detail: row });
  });
  settingsCache(caller.ctx).delete(company.companySysCode);
  return view(company.companySysCode, row);
}

/** The last four digits of a phone, or the account code (工号) when there is none. */
export function viewerMark(name: string, mobile: string, accountCode: string): string {
  const digits = mobile.replace(/\D/g, '');
  return `${name} ${digits.length >= 4 ? digits.slice(-4) : accountCode}`.trim();
}

/** What the study page enforces for this viewer and course: the company's settings, the course's watermark switch. */
export async function guardFor(caller: Caller, resWatermark: number): Promise<StudyGuard> {
  const actor = requireActor(caller);
  const s = await companyGuard(caller.ctx, actor.companySysCode);
  const shown = resWatermark === 1 || (resWatermark !== 2 && s.watermark === 1);
  let watermark = '';
  if (shown) {
    const me = await findAccountById(caller.ctx.db, actor.userId);
    watermark = viewerMark(actor.chnName, me?.mobile ?? '', actor.accountCode);
  }
  return { idleMinutes: s.idleMinutes, randomCheck: s.randomCheck === 1, watermark };
}

/** A presence check's number: 10–99, so the dialog's choices are all two digits. */
export const presenceCode = () => 10 + Math.floor(Math.random() * 90);

/**
 * When the next random presence check falls due: a random moment between a third of the window
 * and the whole of it (the company's idle minutes, or the default when anti-idle is off).
 */
export function nextRandomCheck(now: Date, s: repo.SettingsRow): Date | null {
  if (s.randomCheck !== 1) return null;
  const windowMs = (s.idleMinutes || STUDY_IDLE_DEFAULT) * 60_000;
  return new Date(now.getTime() + Math.round(windowMs * (1 / 3 + (2 / 3) * Math.random())));
}

/** StudyPresence: the learner answers the waiting check with the number shown (ADR 0058). */
export async function answerPresence(caller: Caller, code: number): Promise<{ presence: 0; msg: string }> {
  const actor = requireActor(caller);
  const s = await companyGuard(caller.ctx, actor.companySysCode);
  const outcome = await repo.answerPresence(caller.ctx.db, {
    userId: actor.userId,
    code,
    now: caller.now,
    nextCheckAt: nextRandomCheck(caller.now, s),
  });
  if (outcome === 'wrong') throw appError('STUDY_PRESENCE_WRONG');
  return { presence: 0, msg: StudyMsg.presenceOk };
}
