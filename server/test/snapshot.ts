import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../src/app.ts';
import { openDatabase } from '../src/db/client.ts';
import { MemoryCache } from '../src/platform/cache.ts';
import { LocalStorage } from '../src/platform/storage.ts';
import { TEST_ENV } from './test-env.ts';

/** What the run's one seeded database left for the test files to clone. */
export interface TestSnapshot {
  /** PGlite: data directory tarballs (initdb only; migrated and seeded) */
  emptyTar?: string;
  seededTar?: string;
  /** PostgreSQL: a database to copy with `create database … template …` */
  template?: string;
  /** files the demo seed stored (copied into each file's storage directory) */
  filesDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testSnapshot: TestSnapshot;
  }
}

/**
 * Vitest global setup: builds the migrated, seeded database once per run (PGlite's initdb and the
 * demo seed cost seconds per file), and every test file clones it (test/helper.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), 'xuetu-test-snapshot-'));
  const filesDir = join(dir, 'files');
  mkdirSync(filesDir);
  const url = process.env.DATABASE_URL;
  let dropTemplate = async () => {};
  if (url) {
    const template = `xuetu_tpl_${randomBytes(6).toString('hex')}`;
    await adminQuery(url, `create database ${template}`);
    const target = new URL(url);
    target.pathname = `/${template}`;
    const database = await openDatabase({ databaseUrl: target.toString(), pgliteDir: 'memory' });
    await seed(database, filesDir);
    await database.close();
    dropTemplate = () => adminQuery(url, `drop database if exists ${template} with (force)`);
    project.provide('testSnapshot', { template, filesDir });
  } else {
    const empty = await openDatabase({ pgliteDir: 'memory' });
    const emptyBlob = await (empty.dumpDataDir as () => Promise<Blob>)();
    await empty.close();
    const database = await openDatabase({ pgliteDir: 'memory', loadDataDir: emptyBlob });
    await seed(database, filesDir);
    const seededBlob = await (database.dumpDataDir as () => Promise<Blob>)();
    await database.close();
    const emptyTar = join(dir, 'empty.tar');
    const seededTar = join(dir, 'seeded.tar');
    writeFileSync(emptyTar, Buffer.from(await emptyBlob.arrayBuffer()));
    writeFileSync(seededTar, Buffer.from(await seededBlob.arrayBuffer()));
    project.provide('testSnapshot', { emptyTar, seededTar, filesDir });
  }
  return async () => {
    await dropTemplate();
    rmSync(dir, { recursive: true, force: true });
  };
}

async function seed(database: Awaited<ReturnType<typeof openDatabase>>, filesDir: string): Promise<void> {
  const { app } = await buildApp({ env: TEST_ENV, database, cache: new MemoryCache(), storage: new LocalStorage(filesDir), logger: false });
  await app.close();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}
