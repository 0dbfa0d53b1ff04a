import { eq } from 'drizzle-orm';
import { roles, userRoles, users } from '../../../server/src/db/schema/index.ts';
import { createSession } from '../../../server/src/modules/identity/session/sessions.ts';
import type { AppContext } from '../../../server/src/platform/context.ts';

/**
 * `n` learners of a company (accounts `<prefix>0…`, names `<name>0…`), written 500 at a time,
 * each with the learner role and a session. An account without a password is not activated
 * and gets no session, so they borrow the password of the demo account `passwordOf`.
 */
export async function benchLearners(
  ctx: AppContext,
  opts: { n: number; prefix: string; name: string; companySysCode: string; orgId?: number; passwordOf: string },
): Promise<{ userIds: number[]; tokens: string[] }> {
  const { n, prefix, name, companySysCode, orgId } = opts;
  const [learnerRole] = await ctx.db.select({ id: roles.id }).from(roles).where(eq(roles.code, 'learner'));
  const [demo] = await ctx.db.select({ hash: users.passwordHash }).from(users).where(eq(users.accountCode, opts.passwordOf));
  const ids: number[] = [];
  for (let from = 0; from < n; from += 500) {
    const rows = await ctx.db
      .insert(users)
      .values(
        Array.from({ length: Math.min(500, n - from) }, (_, k) => ({
          accountCode: `${prefix}${from + k}`,
          chnName: `${name}${from + k}`,
          companySysCode,
          ...(orgId === undefined ? {} : { orgId }),
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
  return { userIds: ids, tokens };
}
