import { and, count, eq } from 'drizzle-orm';
import { messages } from '../../db/schema/index.ts';
import { defineRoute } from '../../platform/route.ts';

const base = '/Api/SysConfig/sys_message';

export const messageRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetNoReadCount`,
    access: 'user',
    summary: '未读消息数',
    handler: async ({ actor, ctx }) => {
      const [row] = await ctx.db
        .select({ n: count() })
        .from(messages)
        .where(and(eq(messages.userId, actor.userId), eq(messages.isRead, 0)));
      return Number(row?.n ?? 0);
    },
  }),
];
