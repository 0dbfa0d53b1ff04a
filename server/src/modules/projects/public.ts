// What other modules may use of training projects.
import type { DbOrTx } from '../../db/client.ts';
import { parseSpeeds } from './progress.ts';
import { enrolledProjectsWithResource, findProject } from './projects.repository.ts';

/**
 * The strictest study rules of the published projects the learner is enrolled in that contain
 * the resource: the lowest of their highest allowed speeds, and seeking ahead only when every one
 * allows it. null when no such project exists (the player's defaults apply). The study module's
 * heartbeat calls this to cap the credited speed.
 */
export async function projectStudyRules(
  db: DbOrTx,
  userId: number,
  resId: number,
): Promise<{ maxSpeed: number; allowSeekAhead: boolean } | null> {
  const rows = await enrolledProjectsWithResource(db, userId, resId);
  if (!rows.length) return null;
  return {
    maxSpeed: Math.min(...rows.map((r) => Math.max(...parseSpeeds(r.allowedSpeeds)))),
    allowSeekAhead: rows.every((r) => r.allowSeekAhead === 1),
  };
}

/**
 * Whether a project of this company has this code: an exam may name the project it belongs to
 * (the composition root hands this to exams, which do not depend on projects).
 */
export async function companyHasProject(db: DbOrTx, companySysCode: string, projectCode: string): Promise<boolean> {
  return Boolean(await findProject(db, { all: false, companySysCode }, projectCode));
}

// Certificates (issue 42) issue on completing a project: the company's projects by code, their
// names, and who has completed one (the learner card's reachState).
export { companyProjectsByCode, completedEnrolments, projectRefsById } from './completion.ts';
