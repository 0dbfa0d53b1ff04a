import type { Env } from '../src/config/env.ts';

/** The environment every test app starts with (a test may override parts). */
export const TEST_ENV: Partial<Env> = {
  SEED_DEMO: true,
  CAPTCHA_PROVIDER: 'none',
  SMS_PROVIDER: 'outbox',
  RATE_LIMIT_PER_MINUTE: 100_000,
  RATE_LIMIT_ANON_PER_MINUTE: 100_000,
  WEB_DIST: '/nonexistent',
  // jobs run only when a test calls ctx.jobs.drain(), so results do not depend on timing
  JOBS_POLL_MS: 0,
};
