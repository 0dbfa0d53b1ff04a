import type { ExamParticipantsView, participantsInput } from '@xuetu/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound } from '../../../platform/errors.ts';
import * as repo from './participants.repository.ts';

// The participant model (ADR 0007), shared by exams and training projects: an exam or project
// picks people, departments and posts of its company; the picks stand for the people who match
// them now. Each module stores its own picks; the people, departments and posts are ours.

type Picks = z.output<typeof participantsInput>;
const KINDS = [
  ['user', 'users'],
  ['org', 'orgs'],
  ['post', 'posts'],
] as const;

/**
 * Checks the picked people, departments and posts belong to the exam's (or training project's)
 * company (another company's id answers like a missing one) and returns them as rows to store.
 */
export async function checkPicks(db: DbOrTx, company: string, picks: Picks): Promise<{ kind: repo.ParticipantKind; refId: number }[]> {
  const out: { kind: repo.ParticipantKind; refId: number }[] = [];
  for (const [kind, key] of KINDS) {
    const ids = [...new Set(picks[key])];
    const found = await repo.idsInCompany(db, kind, ids, company);
    if (found.size !== ids.length) throw notFound();
    for (const id of ids) out.push({ kind, refId: id });
  }
  return out;
}

/** Stored picks as the dialog shows them (names of people, departments and posts still in the company). */
export async function presentPicks(db: DbOrTx, rows: { kind: string; refId: number }[], company: string): Promise<ExamParticipantsView> {
  const view: ExamParticipantsView = { users: [], orgs: [], posts: [] };
  for (const [kind, key] of KINDS) {
    const ids = rows.filter((r) => r.kind === kind).map((r) => r.refId);
    const names = await repo.idsInCompany(db, kind, ids, company);
    // a department or person deleted since simply drops out of the view
    view[key] = ids.filter((id) => names.has(id)).map((id) => ({ id, name: names.get(id)! }));
  }
  return view;
}

/**
 * Which pick names a person of `company`, from their place (`placeOfPerson`): picked in person, in
 * a picked department or one below it, or holding a picked post (main or part-time), in that order,
 * as `peopleOfPicks` tells it; null when none does, or when they are not an active person of the
 * company (as `peopleOfPicks` finds only those).
 */
export function pickSource(
  picks: { kind: string; refId: number }[],
  userId: number,
  place: { company: string; active: boolean; orgChain: Set<number>; posts: Set<number> } | null,
  company: string,
): repo.ParticipantKind | null {
  if (!place?.active || place.company !== company) return null;
  if (picks.some((p) => p.kind === 'user' && p.refId === userId)) return 'user';
  if (picks.some((p) => p.kind === 'org' && place.orgChain.has(p.refId))) return 'org';
  if (picks.some((p) => p.kind === 'post' && place.posts.has(p.refId))) return 'post';
  return null;
}

/** Departments picked, widened to every department below them (a department includes its sub-departments). */
export async function widenOrgs(db: DbOrTx, company: string, orgIds: number[]): Promise<number[]> {
  if (!orgIds.length) return [];
  const all = await repo.orgParents(db, company);
  const out = new Set(orgIds);
  let grew = true;
  while (grew) {
    grew = false;
    for (const o of all)
      if (!out.has(o.id) && out.has(o.pId)) {
        out.add(o.id);
        grew = true;
      }
  }
  return [...out];
}

/**
 * The people stored picks stand for, each with the kind of pick that matched them: picked in
 * person, in a picked department or one below it, or holding a picked post (main or part-time).
 * `onlyUserId` asks about one person.
 */
export async function peopleOfPicks(
  db: DbOrTx,
  company: string,
  rows: { kind: string; refId: number }[],
  onlyUserId?: number,
): Promise<{ userId: number; source: repo.ParticipantKind }[]> {
  const of = (k: repo.ParticipantKind) => rows.filter((r) => r.kind === k).map((r) => r.refId);
  const picks = { userIds: of('user'), orgIds: await widenOrgs(db, company, of('org')), postIds: of('post') };
  return repo.matchPeople(db, company, picks, onlyUserId);
}

export type { ParticipantKind } from './participants.repository.ts';
export { userCompany } from './participants.repository.ts';
