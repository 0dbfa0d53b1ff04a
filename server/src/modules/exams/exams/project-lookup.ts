import type { DbOrTx } from '../../../db/client.ts';
import type { AppContext } from '../../../platform/context.ts';

/** Whether a project of this company has this code (training projects' companyHasProject). */
export type ProjectLookup = (db: DbOrTx, companySysCode: string, projectCode: string) => Promise<boolean>;

/** This app's lookup of training projects (ctx.locals). */
const lookupSlot = (ctx: AppContext) => ctx.locals.of<{ lookup: ProjectLookup | null }>('exams.project-lookup', () => ({ lookup: null }));

/**
 * Exams do not depend on training projects (projects link exams and read their results): the
 * composition root (modules/index.ts) hands the projects module's lookup to each app it builds.
 */
export function provideProjectLookup(ctx: AppContext, lookup: ProjectLookup): void {
  lookupSlot(ctx).lookup = lookup;
}

/** Whether the project an exam names is the company's (no project is known until the lookup is wired). */
export async function companyHasProject(ctx: AppContext, db: DbOrTx, companySysCode: string, projectCode: string): Promise<boolean> {
  const { lookup } = lookupSlot(ctx);
  return lookup ? lookup(db, companySysCode, projectCode) : false;
}
