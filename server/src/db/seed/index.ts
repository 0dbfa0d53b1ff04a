import { count } from 'drizzle-orm';
import { seedDemoCertificates } from '../../modules/certificates/seed.ts';
import { seedDemoPortal } from '../../modules/content/portal/seed.ts';
import { seedDemoResources } from '../../modules/courses/resources/seed.ts';
import { seedDemoStudyHistory } from '../../modules/courses/stats/seed.ts';
import { seedDemoPractices } from '../../modules/exam-taking/practice/seed.ts';
import { seedDemoExamHistory } from '../../modules/exam-taking/results/seed.ts';
import { seedDemoExams } from '../../modules/exams/seed.ts';
import { seedDemoProjects } from '../../modules/projects/seed.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../client.ts';
import { companies } from '../schema/index.ts';
import { syncActionTree } from './actions.ts';
import { seedDemoPeople } from './demo.ts';

export interface DemoSeed {
  name: string;
  run: (ctx: AppContext) => Promise<void>;
}

/**
 * Demo content of each module, run in this order on the first start of an empty database.
 * Modules append their seed function here.
 */
export const demoSeeds: readonly DemoSeed[] = [
  { name: 'people', run: seedDemoPeople },
  { name: 'portal', run: seedDemoPortal },
  { name: 'exams', run: seedDemoExams },
  { name: 'exam history', run: seedDemoExamHistory },
  { name: 'practice', run: seedDemoPractices },
  { name: 'resources', run: seedDemoResources },
  { name: 'projects', run: seedDemoProjects },
  { name: 'study history', run: seedDemoStudyHistory },
  { name: 'certificates', run: seedDemoCertificates },
];

/**
 * Keeps the action tree complete on every start; seeds the demo data once, into an empty database.
 * The demo is one transaction: a seed that fails half-way (a crash, a missing tool) leaves no row
 * behind, so the next start or `npm run db:seed` finds the database empty and seeds it whole
 * (issue 38 item 6). Files a failed seed stored stay as unreferenced objects (the file purge
 * finds none of them: they were never recorded).
 */
export async function seedDatabase(ctx: AppContext, opts: { demo: boolean; seeds?: readonly DemoSeed[] }): Promise<'seeded' | 'skipped'> {
  await syncActionTree(ctx);
  if (!opts.demo) return 'skipped';
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ n: count() }).from(companies);
    if (Number(row.n) > 0) return 'skipped';
    // every module's seed writes through this transaction (theirs nest in it as savepoints)
    const inTx: AppContext = { ...ctx, db: tx as unknown as Db };
    for (const seed of opts.seeds ?? demoSeeds) await seed.run(inTx);
    return 'seeded';
  });
}
