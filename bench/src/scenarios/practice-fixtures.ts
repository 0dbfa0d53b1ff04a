import { OTHER_COMPANY } from '../../../server/src/db/seed/demo.ts';
import { topDepartmentOf } from '../../../server/src/modules/directory/public.ts';
import type { AppContext } from '../../../server/src/platform/context.ts';
import { defineRoute } from '../../../server/src/platform/route.ts';
import { benchLearners } from './learners-fixture.ts';

// Bench-only route of the practice scenario (issue 39 item 1): N learners of the company whose
// seeded 仓储安全日常练习 is open to its whole company (its top department), each with a session.
export function practiceBenchRoutes(ctx: AppContext) {
  return [
    defineRoute({
      method: 'POST',
      url: '/__bench/practice/learners',
      access: 'public',
      summary: 'bench: N learners in the top department of the company with the seeded practice',
      handler: async ({ req }) => {
        const { count: n, prefix } = req.body as { count: number; prefix: string };
        const company = OTHER_COMPANY.companySysCode;
        const orgId = await topDepartmentOf(ctx.db, company);
        const { tokens } = await benchLearners(ctx, { n, prefix, name: '练习学员', companySysCode: company, orgId, passwordOf: 'other01' });
        return { tokens };
      },
    }),
  ];
}
