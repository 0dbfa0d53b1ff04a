import { describe, expect, it } from 'vitest';
import { AppLocals } from './context.ts';
import { batchElseOneByOne, createGroupCommit, groupedRead } from './group-commit.ts';

// Group commit (ADR 0024): batches grow while one is being written, one item per key per batch,
// answers in order, an item's own failure or a batch's failure reach the right callers.
const tick = () => new Promise((r) => setImmediate(r));

describe('group commit', () => {
  it('a lone call is a batch of one; calls arriving while a batch is written go together in the next', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const gc = createGroupCommit<number, number>({
      maxSize: 100,
      key: (n) => String(n),
      run: async (items) => {
        batches.push(items);
        if (batches.length === 1) await new Promise<void>((r) => (release = r));
        return items.map((n) => n * 10);
      },
    });
    const first = gc.submit(1);
    await tick();
    const rest = [2, 3, 4, 5].map((n) => gc.submit(n));
    await tick();
    expect(batches).toEqual([[1]]);
    release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40, 50]);
    expect(batches).toEqual([[1], [2, 3, 4, 5]]);
    expect(gc.stats()).toEqual({ batches: 2, items: 5, largest: 4 });
  });

  it('one item per key in a batch, in the order submitted; at most maxSize', async () => {
    const batches: string[][] = [];
    const gc = createGroupCommit<string, string>({
      maxSize: 3,
      key: (s) => s.slice(0, 1),
      run: async (items) => {
        batches.push(items);
        return items;
      },
    });
    await Promise.all(['a1', 'a2', 'b1', 'c1', 'd1', 'a3'].map((s) => gc.submit(s)));
    expect(batches).toEqual([['a1', 'b1', 'c1'], ['a2', 'd1'], ['a3']]);
  });

  it('an Error answered for one item rejects that call only; a thrown batch rejects its calls and the queue goes on', async () => {
    let calls = 0;
    const gc = createGroupCommit<number, number>({
      maxSize: 10,
      key: (n) => String(n),
      run: async (items) => {
        calls += 1;
        if (items.includes(99)) throw new Error('batch failed');
        return items.map((n) => (n === 2 ? new Error('two is refused') : n));
      },
    });
    const results = await Promise.allSettled([gc.submit(1), gc.submit(2), gc.submit(3)]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((results[1] as PromiseRejectedResult).reason.message).toBe('two is refused');
    await expect(gc.submit(99)).rejects.toThrow('batch failed');
    expect(await gc.submit(4)).toBe(4);
    expect(calls).toBe(3);
  });

  it('with a concurrency of two, two batches are written at once and a key is never in both', async () => {
    const started: string[][] = [];
    const releases: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const gc = createGroupCommit<string, string>({
      maxSize: 10,
      concurrency: 2,
      key: (s) => s.slice(0, 1),
      run: async (items) => {
        started.push(items);
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((r) => releases.push(r));
        inFlight -= 1;
        return items;
      },
    });
    const all = Promise.all(['a1', 'b1', 'a2', 'c1', 'a3'].map((s) => gc.submit(s)));
    await tick();
    await tick();
    // the first batch took one of each key; the second may not take a key the first holds
    expect(started).toEqual([['a1', 'b1', 'c1']]);
    releases.shift()?.();
    await tick();
    await tick();
    expect(started[1]).toEqual(['a2']);
    releases.shift()?.();
    await tick();
    await tick();
    releases.shift()?.();
    expect(await all).toEqual(['a1', 'b1', 'a2', 'c1', 'a3']);
    expect(started).toEqual([['a1', 'b1', 'c1'], ['a2'], ['a3']]);
    expect(most).toBeLessThanOrEqual(2);
  });

  it('with a concurrency of two, a second batch starts while the first is written', async () => {
    const releases: (() => void)[] = [];
    let inFlight = 0;
    let most = 0;
    const gc = createGroupCommit<number, number>({
      maxSize: 10,
      concurrency: 2,
      key: (n) => String(n),
      run: async (items) => {
        inFlight += 1;
        most = Math.max(most, inFlight);
        await new Promise<void>((r) => releases.push(r));
        inFlight -= 1;
        return items;
      },
    });
    const first = gc.submit(1);
    await tick();
    const second = gc.submit(2);
    await tick();
    expect(most).toBe(2);
    for (const r of releases.splice(0)) r();
    expect(await Promise.all([first, second])).toEqual([1, 2]);
  });

  it('batchElseOneByOne: one item runs the single write; a failed batch is written one by one, so one bad item fails alone', async () => {
    const calls: string[] = [];
    const run = batchElseOneByOne<number, number>({
      one: async (n) => {
        calls.push(`one ${n}`);
        if (n === 13) throw new Error('bad 13');
        return n * 2;
      },
      batch: async (items) => {
        calls.push(`batch ${items.join(',')}`);
        if (items.includes(13)) throw new Error('the batch statement failed');
        return items.map((n) => n * 2);
      },
    });
    expect(await run([4])).toEqual([8]);
    expect(await run([1, 2])).toEqual([2, 4]);
    const mixed = await run([1, 13, 3]);
    expect(mixed[0]).toBe(2);
    expect(mixed[1]).toBeInstanceOf(Error);
    expect((mixed[1] as Error).message).toBe('bad 13');
    expect(mixed[2]).toBe(6);
    expect(calls).toEqual(['one 4', 'batch 1,2', 'batch 1,13,3', 'one 1', 'one 13', 'one 3']);
  });
});

describe('grouped reads (issue 39 item 1)', () => {
  it('reads what callers ask at once in one go, a key asked twice once per read, and refuses an item nothing was read for', async () => {
    const ctx = { locals: new AppLocals() };
    const reads: number[][] = [];
    const read = (n: number) =>
      groupedRead(ctx, 'squares', {
        key: (k: number) => k,
        readMany: async (ks) => {
          reads.push(ks);
          return new Map(ks.filter((k) => k !== 13).map((k) => [k, k * k]));
        },
      })(n);
    const answers = await Promise.all([2, 3, 2, 4].map(read));
    expect(answers).toEqual([4, 9, 4, 16]);
    expect(reads).toEqual([[2, 3, 4], [2]]);
    await expect(read(13)).rejects.toThrow('squares: nothing read for an item');
    // a read asked after another finished is a read of its own: nothing is kept
    expect(await read(3)).toBe(9);
    expect(reads).toEqual([[2, 3, 4], [2], [13], [3]]);
  });
});
