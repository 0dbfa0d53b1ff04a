import { pingDatabase } from '../../../db/client.ts';
import { appError } from '../../../platform/errors.ts';
import { defineRoute } from '../../../platform/route.ts';

const PING_TIMEOUT_MS = 3000;

/** Resolves 'up' or 'down' within a bounded time (a black-holed connection must not hang the probe). */
async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<'down'>((res) => {
    timer = setTimeout(() => res('down'), PING_TIMEOUT_MS);
  });
  try {
    return await Promise.race([check().then(() => 'up' as const), timeout]);
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

export const healthRoutes = [
  defineRoute({
    method: 'GET',
    url: '/health',
    access: 'public',
    summary: '健康检查：数据库与缓存是否可用（不可用时 HTTP 503）',
    handler: async ({ ctx }) => {
      const [database, cache] = await Promise.all([probe(() => pingDatabase(ctx.db)), probe(() => ctx.cache.get('health:ping'))]);
      const data = { database, cache };
      if (database === 'down') throw appError('DATABASE_UNAVAILABLE', data);
      if (cache === 'down') throw appError('CACHE_UNAVAILABLE', data);
      return data;
    },
  }),
  defineRoute({
    method: 'GET',
    url: '/ready',
    access: 'public',
    summary: '就绪检查：进程是否接收新请求（收到停止信号后 HTTP 503，负载均衡器应停止转发）',
    handler: async ({ ctx }) => {
      if (ctx.lifecycle.stopping) throw appError('SERVER_STOPPING', { ready: false });
      return { ready: true };
    },
  }),
];
