import { count } from 'drizzle-orm';
import { seedDemoPortal } from '../../modules/content/portal/seed.ts';
import { seedDemoResources } from '../../modules/courses/resources/seed.ts';
import { seedDemoStudyHistory } from '../../modules/courses/stats/seed.ts';
import { seedDemoPractices } from '../../modules/exam-taking/practice/seed.ts';
import { seedDemoExamHistory } from '../../modules/exam-taking/results/seed.ts';
import { seedDemoExams } from '../../modules/exams/seed.ts';
import { seedDemoProjects } from '../../modules/projects/seed.ts';
import type { AppContext } from '../../platform/context.ts';
import { companies } from '../schema/index.ts';
import { syncActionTree } from './actions.ts';
import { seedDemoPeople } from './demo.ts';

/**
 * Demo content of each module, run in this order on the first start of an empty database.
 * Modules append their seed function here.
 */
const demoSeeds: { name: string; run: (ctx: AppContext) => Promise<void> }[] = [
  { name: 'people', run: seedDemoPeople },
  { name: 'portal', run: seedDemoPortal },
  { name: 'exams', run: seedDemoExams },
  { name: 'exam history', run: seedDemoExamHistory },
  { name: 'practice', run: seedDemoPractices },
  { name: 'resources', run: seedDemoResources },
  { name: 'projects', run: seedDemoProjects },
  { name: 'study history', run: seedDemoStudyHistory },
];

/** Keeps the action tree complete on every start; seeds the demo data once, into an empty database. */
export async function seedDatabase(ctx: AppContext, opts: { demo: boolean }): Promise<void> {
  await syncActionTree(ctx);
  if (!opts.demo) return;
  const [row] = await ctx.db.select({ n: count() }).from(companies);
  if (Number(row.n) > 0) return;
  for (const seed of demoSeeds) await seed.run(ctx);
}
