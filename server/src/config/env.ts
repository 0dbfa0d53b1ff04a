import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';
import { requiredSmsVars, SMS_ENDPOINT_PATTERN } from './sms.ts';

const bool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
function isProxyAddress(item: string): boolean {
  if (PROXY_NAMES.has(item)) return true;
  const [addr, bits, extra] = item.split('/');
  if (extra !== undefined || !isIP(addr)) return false;
  if (bits === undefined) return true;
  const max = isIP(addr) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

/**
 * Which peers may set X-Forwarded-For: nobody (default), the nearest N hops, or the listed
 * proxy addresses / CIDR ranges (comma-separated; `loopback`, `linklocal`, `uniquelocal` allowed).
 */
const trustProxy = z
  .string()
  .trim()
  .transform((v, ctx): false | number | string[] => {
    if (v === '' || v === 'false' || v === '0') return false;
    if (/^\d+$/.test(v)) return Number(v);
    const items = v
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean);
    const bad = items.filter((x) => !isProxyAddress(x));
    if (v === 'true' || bad.length || items.length === 0) {
      ctx.addIssue({ code: 'custom', message: `expected a hop count or proxy addresses/CIDRs, got ${bad.join(',') || v}` });
      return z.NEVER;
    }
    return items;
  });

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
    /**
     * Local disk behind nginx: after its checks the app answers media and file downloads with
     * `X-Accel-Redirect: <this prefix><storage key>` and no body, and nginx sends the file from an
     * `internal` location aliased to FILES_DIR (deploy/nginx/xuetu-proxy.conf). Unset = the app sends the bytes.
     */
    FILES_ACCEL_REDIRECT: z
      .string()
      .regex(/^\/[A-Za-z0-9_\-/]+\/$/, 'expected an internal location prefix such as /_protected/')
      .refine((v) => !v.includes('//'), 'expected an internal location prefix such as /_protected/')
      .optional(),
    /**
     * Local disk behind nginx, with FILES_ACCEL_REDIRECT: the signed HLS play list carries segment
     * URLs nginx verifies itself (`secure_link`, keyed by this secret, which must equal the one in
     * nginx's configuration), so segment requests never reach a node (ADR 0046). Unset = off.
     */
    FILES_SECURE_LINK_SECRET: z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,128}$/, 'expected 32 to 128 letters, digits, _ or - (it is written into the nginx configuration)')
      .optional(),
    /** how long a segment's secure_link URL works past the moment its segment plays (never past the play list link) */
    FILES_SECURE_LINK_SECONDS: z.coerce
      .number()
      .int()
      .min(10)
      .max(24 * 3600)
      .default(120),
    WEB_DIST: z.string().optional(),
    /** a CJK font for exam result PDFs (TTF/OTF or a TTC collection; only used glyphs are embedded) */
    PDF_CJK_FONT: z.string().default('/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc'),
    /** the font's PostScript name inside a .ttc collection ('' for a single font file) */
    PDF_CJK_FONT_NAME: z.string().default('NotoSansCJKsc-Regular'),
    /** Redis for shared cache, rate limits, codes and sessions; unset = in-process */
    REDIS_URL: z.string().url().startsWith('redis').optional(),
    /** Prefix of every Redis key; unset = one derived from this installation's id (kept in the database) */
    REDIS_PREFIX: z
      .string()
      .regex(/^[\w:.-]{1,64}$/, 'letters, digits, _ : . - (at most 64)')
      .optional(),
    /** Proxies trusted to set X-Forwarded-For: unset = none, a hop count, or addresses/CIDRs */
    TRUST_PROXY: trustProxy.default(false),
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().default('us-east-1'),
    S3_BUCKET: z.string().optional(),
    S3_ACCESS_KEY_ID: z.string().optional(),
    S3_SECRET_ACCESS_KEY: z.string().optional(),
    S3_FORCE_PATH_STYLE: bool.default(true),
    /**
     * S3: stored bytes leave the bucket directly: HLS segments through presigned GET URLs written
     * into the signed play list, originals and file downloads through a redirect to one; each URL
     * lives this many seconds past the moment it is needed. 0 (default) = the app streams them.
     */
    S3_PRESIGN_SECONDS: z.coerce
      .number()
      .int()
      .min(0)
      .max(7 * 24 * 3600)
      .default(0),
    /** outbox (nothing sent), aliyun or tencent; a gateway needs the SMS_* variables below (checked at start) */
    SMS_PROVIDER: z.enum(['outbox', 'aliyun', 'tencent']).default('outbox'),
    /** Aliyun AccessKey ID / Tencent Cloud SecretId */
    SMS_ACCESS_KEY_ID: z.string().optional(),
    /** Aliyun AccessKey Secret / Tencent Cloud SecretKey */
    SMS_ACCESS_KEY_SECRET: z.string().optional(),
    /** the approved signature (签名) the messages carry */
    SMS_SIGN_NAME: z.string().optional(),
    /** unset = cn-hangzhou (Aliyun) / ap-guangzhou (Tencent) */
    SMS_REGION: z.string().optional(),
    /** Tencent Cloud SmsSdkAppId */
    SMS_SDK_APP_ID: z.string().optional(),
    /** one approved template per purpose; each template takes the code as its one variable */
    SMS_TEMPLATE_LOGIN: z.string().optional(),
    SMS_TEMPLATE_REGISTER: z.string().optional(),
    SMS_TEMPLATE_RESET: z.string().optional(),
    SMS_TEMPLATE_EDITPHONE: z.string().optional(),
    SMS_TEMPLATE_EDITPWD: z.string().optional(),
    SMS_TEMPLATE_CANCEL: z.string().optional(),
    /** another host for the gateway's API (a private gateway, the tests' fake): host[:port] or http(s)://host[:port] */
    SMS_ENDPOINT: z.string().regex(SMS_ENDPOINT_PATTERN, 'expected a host or http(s)://host[:port]').optional(),
    /** How long one gateway call may take (ms) before the send counts as failed */
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    CAPTCHA_PROVIDER: z.enum(['altcha', 'none']).default('altcha'),
    /** HMAC key for captcha challenges; unset = a random one generated at first start and kept in the database */
    CAPTCHA_SECRET: z.string().min(16).optional(),
    /** Secret shared with partner systems to sign login tickets and OHR tokens; unset = a random one (SSO unusable until set) */
    SSO_SHARED_SECRET: z.string().min(16).optional(),
    // a company's LDAP / Active Directory as its people's password (issue 41 item 1): set LDAP_URL
    // to turn it on for the company LDAP_COMPANY (identity/connections/ldap.ts)
    LDAP_URL: z
      .string()
      .regex(/^ldaps?:\/\/[^\s/]+\/?$/, 'expected ldap://host[:port] or ldaps://host[:port]')
      .optional(),
    LDAP_BIND_DN: z.string().default(''),
    LDAP_BIND_PASSWORD: z.string().default(''),
    LDAP_BASE_DN: z.string().optional(),
    LDAP_USER_FILTER: z.string().includes('{username}', { message: 'must contain {username}' }).default('(uid={username})'),
    LDAP_COMPANY: z.string().optional(),
    LDAP_AUTO_CREATE: bool.default(true),
    LDAP_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
    /**
     * The key identity connections' secrets (an LDAP bind password …) are encrypted with
     * (AES-256-GCM): 32 bytes, base64 (`openssl rand -base64 32`) or 64 hex digits. Unset = no
     * connection secret can be saved or used, in every mode (identity/connections/secret-box.ts).
     */
    CONNECTION_SECRET_KEY: z
      .string()
      .trim()
      .refine(
        (v) => /^[0-9a-fA-F]{64}$/.test(v) || (/^[A-Za-z0-9+/]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32),
        'expected 32 random bytes as base64 (openssl rand -base64 32) or 64 hex digits',
      )
      .optional(),
    /**
     * The address people open Xuetu at (https://xuetu.example.com): the OpenID Connect callback
     * registered at a provider is built from it. Unset = from the request (its Host, and
     * X-Forwarded-Proto/-Host from TRUST_PROXY's proxies).
     */
    PUBLIC_URL: z
      .string()
      .url()
      .regex(/^https?:\/\/[^/?#]+\/?$/, 'expected http(s)://host[:port] without a path')
      .optional(),
    SEED_DEMO: bool.default(true),
    /** OpenAPI docs at /prod-api/docs; unset = on outside production, off in production */
    API_DOCS: bool.optional(),
    /** Idle minutes before a session expires; every request slides it forward */
    SESSION_IDLE_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(60 * 24 * 30)
      .default(120),
    /** API requests per minute per signed-in user, wherever they come from (429 above it) */
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(3000),
    /** API requests per minute per address without a session (429 above it) */
    RATE_LIMIT_ANON_PER_MINUTE: z.coerce.number().int().min(1).default(3000),
    /** Largest request body in bytes (413 above it); uploads have their own limits */
    BODY_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024),
    /** Upload quotas: bytes one user / one company may keep stored (every upload counts until purged) */
    UPLOAD_QUOTA_USER_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(1024 * 1024 * 1024),
    UPLOAD_QUOTA_COMPANY_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(50 * 1024 * 1024 * 1024),
    /** Hours before an upload never saved with anything is purged */
    FILES_TEMP_HOURS: z.coerce.number().min(1).default(24),
    /** How often this process looks for due background jobs (ms); 0 = run no jobs here */
    JOBS_POLL_MS: z.coerce.number().int().min(0).default(2000),
    /** How long a job's claim lasts without renewal (ms); running jobs renew it every third, so a dead process's job is taken back after about this long */
    JOBS_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
    /** On SIGTERM/SIGINT: how long /prod-api/ready answers 503 while the server still takes requests, so a load balancer stops sending (ms) */
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
    /** On SIGTERM/SIGINT: the longest wait for requests in flight and running jobs before the process closes anyway (ms) */
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(25_000),
    UPLOAD_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(50 * 1024 * 1024),
    /** Largest resumable media upload (tus), bytes; default 2 GiB */
    MEDIA_UPLOAD_LIMIT_BYTES: z.coerce
      .number()
      .int()
      .min(1024)
      .default(2 * 1024 * 1024 * 1024),
    /** Where unfinished resumable uploads wait (local disk); default: `tus` beside FILES_DIR */
    MEDIA_TUS_DIR: z.string().optional(),
    /**
     * A resume (HEAD) finding a PATCH of its upload still receiving lets it finish this long, then
     * cuts it: its client has moved on (a dropped network leaves the old connection open). ms
     */
    MEDIA_UPLOAD_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(1000),
    /** Seconds between the study player's heartbeats (GetStudyInterval; ADR 0017) */
    STUDY_INTERVAL_SECONDS: z.coerce.number().int().min(5).max(300).default(15),
    FFMPEG_PATH: z.string().default('ffmpeg'),
    FFPROBE_PATH: z.string().default('ffprobe'),
    /** Longest the reading of one uploaded import file may take, in its worker thread, before it is refused (ms) */
    IMPORT_PARSE_BUDGET_MS: z.coerce.number().int().min(1).default(20_000),
    /** Longest one ffmpeg run may take before it is stopped (ms) */
    MEDIA_TRANSCODE_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1000)
      .default(2 * 60 * 60 * 1000),
    /**
     * Uploads one process transcodes at once (each its renditions one after another); default half
     * the cores, at least 2, so a short lesson is not stuck behind a long one
     */
    MEDIA_TRANSCODE_CONCURRENCY: z.coerce
      .number()
      .int()
      .min(1)
      .max(64)
      .default(Math.max(2, Math.floor(availableParallelism() / 2))),
  })
  .superRefine((env, ctx) => {
    // a chosen gateway without its keys, signature or a template would fail every code request
    if (env.SMS_PROVIDER !== 'outbox') {
      for (const key of requiredSmsVars(env.SMS_PROVIDER)) {
        if (!env[key as keyof typeof env])
          ctx.addIssue({ code: 'custom', path: [key], message: `required when SMS_PROVIDER=${env.SMS_PROVIDER}` });
      }
    }
    // the development values once printed in the docs open the product: refused everywhere
    for (const key of ['CAPTCHA_SECRET', 'SSO_SHARED_SECRET'] as const) {
      if (env[key]?.startsWith('dev-'))
        ctx.addIssue({ code: 'custom', path: [key], message: 'a published development value; set a random secret or leave it unset' });
    }
    // the directory sign-in needs where to look and whose people they are
    if (env.LDAP_URL)
      for (const key of ['LDAP_BASE_DN', 'LDAP_COMPANY'] as const)
        if (!env[key]) ctx.addIssue({ code: 'custom', path: [key], message: 'required when LDAP_URL is set' });
    // the segments' URLs are nginx's to check: only behind it, with the files on its disk
    if (env.FILES_SECURE_LINK_SECRET && !env.FILES_ACCEL_REDIRECT)
      ctx.addIssue({
        code: 'custom',
        path: ['FILES_SECURE_LINK_SECRET'],
        message: 'requires FILES_ACCEL_REDIRECT (local disk behind nginx)',
      });
    if (env.FILES_SECURE_LINK_SECRET && env.S3_BUCKET)
      ctx.addIssue({
        code: 'custom',
        path: ['FILES_SECURE_LINK_SECRET'],
        message: 'only for local disk; with S3_BUCKET use S3_PRESIGN_SECONDS',
      });
    if (env.NODE_ENV !== 'production') return;
    if (env.SEED_DEMO)
      ctx.addIssue({ code: 'custom', path: ['SEED_DEMO'], message: 'must be false in production (demo passwords are public)' });
  });

export type ParsedEnv = z.infer<typeof envSchema>;
/** The environment as the app uses it: unset secrets replaced by the installation's generated ones. */
export type Env = ParsedEnv & { CAPTCHA_SECRET: string; SSO_SHARED_SECRET: string };

/** Parses the environment; on a bad value throws an Error whose message is one readable line. */
export function parseEnv(source: Record<string, string | undefined> = process.env): ParsedEnv {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = envSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const parts = result.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`);
  throw new Error(`Invalid configuration — ${parts.join('; ')}`);
}
