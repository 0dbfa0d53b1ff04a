import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import type { Cache } from './cache.ts';
import type { Clock } from './clock.ts';
import type { JobRunner } from './jobs/runner.ts';
import type { Storage } from './storage.ts';

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
