import type { Env } from '../config/env.ts';
import type { Database, Db } from '../db/client.ts';
import type { Cache } from './cache.ts';
import type { Storage } from './storage.ts';

/** What services need from the outside: built once by buildApp and passed down. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  cache: Cache;
  storage: Storage;
}
