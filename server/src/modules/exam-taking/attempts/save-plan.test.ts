import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../../test/helper.ts';
import type { Database, DbOrTx } from '../../../db/client.ts';
import { migrate } from '../../../db/migrate.ts';
import { type SaveInput, saveGivenBatch } from './attempts.repository.ts';

// The batched save (ADR 0024) must find its attempts by index however many attempts the table
// holds (issue 25 item 6): the embedded database never analyzes its tables, and a hash join over a
// sequential scan of every attempt made each batch's work grow with the attempts. 5,000 attempts
// of 5 questions; the plan of one batch of 50 answers, then the batch itself.
const N = 5000;
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await migrate(database);
  // rows only (no exams, users, companies behind them): foreign keys are not checked while filling
  await database.withConnection(async (c) => {
    await c.exec(`set session_replication_role = replica;
      insert into ex_userpaper (id, exam_id, user_id, company_sys_code, attempt_no, status, seed, start_time, deadline)
        select g, 1, g, 'c', 1, 20, 0, now(), now() + interval '1 hour' from generate_series(1, ${N}) g;
      insert into ex_userpaperquestion (userpaper_id, q_code, q_version, sort_order, q_type, q_name, answer, score)
        select g, 'Q' || k, 1, k, 1, 'x', 'A', 20 from generate_series(1, ${N}) g, generate_series(1, 5) k;
      set session_replication_role = default;`);
    // PostgreSQL's autovacuum analyzes a table this size on its own (the embedded database never
    // does): analyzed here as it would be, so the plan is the one production gets
    if (database.kind === 'postgres') await c.exec('analyze ex_userpaper; analyze ex_userpaperquestion;');
  });
}, 120_000);
afterAll(async () => {
  await database.close();
  await drop();
});

const batch = (seq: number): SaveInput[] =>
  Array.from({ length: 50 }, (_, i) => ({
    userpaperId: 1 + ((i * 97) % N),
    userId: 1 + ((i * 97) % N),
    qCode: 'Q2',
    seq,
    answerStr: 'B',
    cutoff: new Date(Date.now() - 5000),
  }));

describe('batched answer saves with many attempts', () => {
  it('look attempts and questions up by index, never scanning every attempt', async () => {
    let statement: SQL | undefined;
    const capture = {
      execute: async (q: SQL) => {
        statement = q;
        return { rows: [] };
      },
    } as unknown as DbOrTx;
    await saveGivenBatch(capture, batch(1));
    const plan = await database.db.execute(sql`explain (costs off) ${statement}`);
    const text = (plan.rows as Record<string, string>[]).map((r) => Object.values(r)[0]).join('\n');
    expect(text).not.toMatch(/Seq Scan on ex_userpaper\b/);
    expect(text).not.toMatch(/Seq Scan on ex_userpaperquestion\b/);
    expect(text).toMatch(/ex_userpaper_pkey/);
  });

  it('writes each answer of the batch once and only over an older seq', async () => {
    const first = await saveGivenBatch(database.db, batch(5));
    expect(first.every((o) => o?.applied === true)).toBe(true);
    const again = await saveGivenBatch(database.db, batch(4));
    expect(again.every((o) => o?.applied === false && o.currentSeq === 5)).toBe(true);
    const stored = await database.db.execute(
      sql`select count(*)::int as n from ex_userpaperquestion where answer_seq = 5 and answer_str = 'B'`,
    );
    expect(Number((stored.rows[0] as { n: number }).n)).toBe(50);
  });
});
