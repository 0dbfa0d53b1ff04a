import { z } from 'zod';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    HOST: z.string().default('0.0.0.0'),
    PORT: z.coerce.number().int().min(1).max(65535).default(8080),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /** PostgreSQL connection; unset = embedded PGlite in PGLITE_DIR */
    DATABASE_URL: z.string().url().startsWith('postgres').optional(),
    PGLITE_DIR: z.string().default('./data/db'),
    FILES_DIR: z.string().default('./data/files'),
    WEB_DIST: z.string().optional(),
    /** Redis for shared cache, rate limits, codes and sessions; unset = in-process */
    REDIS_URL: z.string().url().startsWith('redis').optional(),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'none']).default('altcha'),
    /** HMAC key for captcha challenges */
    CAPTCHA_SECRET: z.string().min(16).default('dev-captcha-secret-change-me'),
    /** Secret shared with partner systems to sign login tickets and OHR tokens */
    SSO_SHARED_SECRET: z.string().min(16).default('dev-sso-secret-change-me-please'),
    SEED_DEMO: bool.default(true),
    /** Idle minutes before a session expires; every request slides it forward */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 30)
      .default(120),
    /** Requests per minute per IP on the whole API (429 above it) */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(3000),
    /** Largest request body in bytes (413 above it); uploads have their own limits */
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    UPLOAD_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(50 * 1024 * 1024),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV !== 'production') return;
    if (env.SEED_DEMO)
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO'], message: 'must be false in production (demo passwords are public)' });
    for (const key of ['CAPTCHA_SECRET', 'SSO_SHARED_SECRET'] as const) {
      if (env[key].startsWith('dev-')) ctx.addIssue({ code: 'custom', path: [key], message: 'must be set to a real secret in production' });
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Parses the environment; on a bad value throws an Error whose message is one readable line. */
export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const parts = result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`);
  throw new Error(`Invalid configuration — ${parts.join('; ')}`);
}
