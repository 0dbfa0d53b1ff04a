import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../server/src/app.ts';
import { groupCommitStats } from '../../server/src/platform/group-commit.ts';
import { defineRoute, registerRoutes } from '../../server/src/platform/route.ts';
import { traceDatabase } from './db-trace.ts';
import { examBenchRoutes, OffsetClock } from './scenarios/exam-fixtures.ts';
import { officeBenchRoutes } from './scenarios/office-fixtures.ts';
import { practiceBenchRoutes } from './scenarios/practice-fixtures.ts';
import { segmentsBenchRoutes } from './scenarios/segments-fixtures.ts';
import { studyBenchRoutes } from './scenarios/study-fixtures.ts';

// The app under test plus the two baselines, listening on a free port (printed on stdout as JSON).
// Baseline A: a constant through the full plugin stack. Baseline B: one `SELECT 1` through the
// app's database layer. Both are registered exactly like product routes.
// DATABASE_URL / REDIS_URL in the environment select PostgreSQL / Redis as in production.
const dir = mkdtempSync(join(tmpdir(), 'xuetu-bench-'));
// the system clock until the exam scenario moves it past its deadlines (run last)
const clock = new OffsetClock();
const { app, ctx } = await buildApp({
  clock,
  env: {
    PGLITE_DIR: join(dir, 'db'),
    FILES_DIR: join(dir, 'files'),
    // BENCH_FILES_ACCEL=1 (the segments scenario): nginx sends the bytes (X-Accel-Redirect)
    ...(process.env.BENCH_FILES_ACCEL === '1' ? { FILES_ACCEL_REDIRECT: '/_protected/', TRUST_PROXY: ['loopback'] } : {}),
    // BENCH_SECURE_LINK_SECRET (with it): segments as nginx secure_link URLs in the play list (ADR 0046)
    ...(process.env.BENCH_SECURE_LINK_SECRET ? { FILES_SECURE_LINK_SECRET: process.env.BENCH_SECURE_LINK_SECRET } : {}),
    SEED_DEMO: true,
    // BENCH_PRODUCTION_LIMITS=1 (the office scenario): the rate limits as deployed (their defaults,
    // or RATE_LIMIT_* from the environment); otherwise out of the way of the load
    ...(process.env.BENCH_PRODUCTION_LIMITS === '1' ? {} : { RATE_LIMIT_PER_MINUTE: 100_000_000, RATE_LIMIT_ANON_PER_MINUTE: 100_000_000 }),
    CAPTCHA_PROVIDER: 'none',
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'silent',
  },
  logger: false,
});
const trace = process.env.BENCH_DB_TRACE === '1' ? traceDatabase(ctx) : null;
// the bench's own instruments (baselines, fixtures) have an allowance of their own: with the
// production limits on, they must not spend the address's anonymous one the scenario measures
const instruments: Parameters<typeof registerRoutes>[2] = [
  defineRoute({
    method: 'POST',
    url: '/__bench/constant',
    access: 'public',
    summary: 'baseline A',
    handler: async () => ({ hello: '学途' }),
  }),
  defineRoute({
    method: 'POST',
    url: '/__bench/select1',
    access: 'public',
    summary: 'baseline B',
    handler: async () => {
      await ctx.db.execute(sql`select 1`);
      return { hello: '学途' };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/__bench/cpu',
    access: 'public',
    summary: "bench: this process's CPU milliseconds so far (bench/src/cpu.ts)",
    handler: async () => {
      const { user, system } = process.cpuUsage();
      return { ms: (user + system) / 1000 };
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/__bench/group-commits',
    access: 'public',
    summary: 'bench: batches and items of every group commit so far',
    handler: async () => groupCommitStats(ctx),
  }),
  defineRoute({
    method: 'POST',
    url: '/__bench/db-trace',
    access: 'public',
    summary: 'bench: the embedded connection queue since the last call (BENCH_DB_TRACE=1)',
    handler: async ({ req }) => trace?.take(Number((req.body as { calls?: number }).calls ?? 0)) ?? null,
  }),
  ...examBenchRoutes(ctx, clock),
  ...studyBenchRoutes(ctx),
  ...officeBenchRoutes(ctx),
  ...practiceBenchRoutes(ctx),
  ...segmentsBenchRoutes(ctx),
];
registerRoutes(
  app,
  ctx,
  instruments.map((route) => ({ ...route, rateLimit: { max: 1_000_000_000, timeWindow: '1 minute' } })),
);
// BENCH_PORT: the port to listen on (0, the default: any free one)
await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });
const address = app.server.address() as { port: number };
// filesDir: where local files are (the segments scenario's nginx serves them)
process.stdout.write(
  `${JSON.stringify({ port: address.port, database: ctx.database.kind, cache: ctx.cache.kind, filesDir: join(dir, 'files') })}\n`,
);
// BENCH_LOOP_DELAY=1: the server's event-loop delay every 5 s on stderr (where a latency tail comes from)
if (process.env.BENCH_LOOP_DELAY === '1') {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  setInterval(() => {
    const ms = (n: number) => (n / 1e6).toFixed(1);
    process.stderr.write(`  event-loop delay (5 s): p50 ${ms(h.percentile(50))} ms, p99 ${ms(h.percentile(99))} ms, max ${ms(h.max)} ms\n`);
    h.reset();
  }, 5000).unref();
}
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
