import pino from 'pino';
import type { Env, ParsedEnv } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import { type Cache, createCache } from './cache.ts';
import { type Clock, systemClock } from './clock.ts';
import { installationId, redisPrefixFor, withInstallationSecrets } from './installation.ts';
import { JobRunner } from './jobs/runner.ts';
import { deriveSigningKey } from './signing.ts';
import { LocalStorage, S3Storage, type Storage } from './storage.ts';

/**
 * This app's in-process state, one slot per name made on first use: queues, turns, local caches,
 * test hooks. On the context, never in a module-level variable: tests build several apps in one
 * process, and each must start empty (docs/DEVELOPING.md "One way per concern").
 */
export class AppLocals {
  private readonly slots = new Map<string, unknown>();

  of<T>(name: string, make: () => T): T {
    if (!this.slots.has(name)) this.slots.set(name, make());
    return this.slots.get(name) as T;
  }
}

/** What services need from the outside: built once by buildApp and passed down. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  cache: Cache;
  storage: Storage;
  /** the one source of "now" (a ManualClock in tests) */
  clock: Clock;
  /** key of signed URLs (platform/signing.ts), the same on every node of a deployment */
  signingKey: Buffer;
  /** background jobs of this process: `drain()` in tests */
  jobs: JobRunner;
  /** This installation's id (kept in the database); cached sessions are bound to it */
  installationId: string;
  /** true from the moment the process is asked to stop (SIGTERM): GET /prod-api/ready answers 503 */
  lifecycle: { stopping: boolean };
  /** per-app in-process state (AppLocals) */
  locals: AppLocals;
}

export interface ContextOptions {
  cache?: Cache;
  storage?: Storage;
  clock?: Clock;
}

/**
 * The one builder of an AppContext, for the app (buildApp) and every command-line script
 * (db:seed, admin:create): a script given a partial context crashed on the first service that
 * used a missing part (issue 38 item 6). Unset secrets are generated once and kept in the
 * database. The job runner knows no kinds and never polls: buildApp replaces it with the app's.
 */
export async function createContext(database: Database, parsed: ParsedEnv, opts: ContextOptions = {}): Promise<AppContext> {
  const env = await withInstallationSecrets(database.db, parsed);
  const installation = await installationId(database.db);
  // two deployments sharing one Redis must never see each other's keys (sessions, permissions, limits)
  const cache = opts.cache ?? (await createCache(env.REDIS_URL, redisPrefixFor(env.REDIS_PREFIX, installation)));
  const storage =
    opts.storage ??
    (env.S3_BUCKET
      ? new S3Storage({
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        })
      : new LocalStorage(env.FILES_DIR));
  const ctx = {
    env,
    database,
    db: database.db,
    cache,
    storage,
    clock: opts.clock ?? systemClock,
    // derived from a secret every node shares, so a URL signed on one node opens on another
    signingKey: deriveSigningKey(env.SSO_SHARED_SECRET),
    installationId: installation,
    lifecycle: { stopping: false },
    locals: new AppLocals(),
  } as AppContext;
  ctx.jobs = new JobRunner(ctx, [], pino({ level: 'silent' }), { pollMs: 0 });
  return ctx;
}
