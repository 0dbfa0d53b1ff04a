import { eq } from 'drizzle-orm';
import { roles, userRoles, users } from '../../../server/src/db/schema/index.ts';
import { OTHER_COMPANY } from '../../../server/src/db/seed/demo.ts';
import { topDepartmentOf } from '../../../server/src/modules/directory/public.ts';
import { createSession } from '../../../server/src/modules/identity/session/sessions.ts';
import type { AppContext } from '../../../server/src/platform/context.ts';
import { defineRoute } from '../../../server/src/platform/route.ts';

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
        const [learnerRole] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'learner'));
        // an account without a password is not activated and gets no session: borrow a demo one's
        const [demo] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.accountCode, 'other01'));
        const ids: number[] = [];
        for (let from = 0; from < n; from += 500) {
          const rows = await ctx.db
            .insert(users)
            .values(
              Array.from({ length: Math.min(500, n - from) }, (_, k) => ({
                accountCode: `${prefix}${from + k}`,
                chnName: `练习学员${from + k}`,
                companySysCode: company,
                orgId,
                activatedAt: new Date(),
                passwordHash: demo.hash,
              })),
            )
            .returning({ id: users.id });
          ids.push(...rows.map((r) => r.id));
        }
        for (let from = 0; from < ids.length; from += 500)
          await ctx.db.insert(userRoles).values(ids.slice(from, from + 500).map((userId) => ({ userId, roleId: learnerRole.id })));
        const tokens: string[] = [];
        for (let from = 0; from < ids.length; from += 50)
          tokens.push(...(await Promise.all(ids.slice(from, from + 50).map((id) => createSession(ctx, id)))));
        return { tokens };
      },
    }),
  ];
}
