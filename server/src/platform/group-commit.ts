import type { AppContext } from './context.ts';

/**
 * Group commit for hot single-row writes (ADR 0024): calls arriving while the previous batch is
 * being written wait and go together in the next one, as one statement and one commit. Nobody's
 * answer is sent before the write it depends on has committed (nothing is written behind the
 * caller's back); at low load a batch is one call and costs what the single write did, and
 * batches grow with the load instead of with a timer.
 *
 * `run` gets the batch's items (at most `maxSize`, each `key(item)` at most once: a second call
 * for the same key stays queued, in order, for a later batch, so a statement never touches one
 * row twice) and answers one result or Error per item, in order.
 */
export interface GroupCommitOptions<I, O> {
  maxSize: number;
  /**
   * batches written at once (default 1). More than one suits a server database with a pool
   * (PostgreSQL works on them in parallel); an item's key is never in two batches at once.
   */
  concurrency?: number;
  key: (item: I) => string;
  run: (items: I[]) => Promise<(O | Error)[]>;
}

export interface GroupCommit<I, O> {
  submit(item: I): Promise<O>;
  /** batches written, items in them, the largest batch (for benchmarks and tests) */
  stats(): { batches: number; items: number; largest: number };
}

type Pending<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };

export function createGroupCommit<I, O>(opts: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const concurrency = Math.max(1, opts.concurrency ?? 1);
  let queue: Pending<I, O>[] = [];
  // batches in flight or about to start, and the keys they hold
  let running = 0;
  const busy = new Set<string>();
  const counts = { batches: 0, items: 0, largest: 0 };

  const kick = () => {
    if (running < concurrency && queue.length > 0) {
      running += 1;
      setImmediate(flush);
    }
  };

  const flush = async () => {
    const batch: Pending<I, O>[] = [];
    const rest: Pending<I, O>[] = [];
    const keys = new Set<string>();
    for (const p of queue) {
      const k = opts.key(p.item);
      if (batch.length < opts.maxSize && !keys.has(k) && !busy.has(k)) {
        keys.add(k);
        batch.push(p);
      } else rest.push(p);
    }
    queue = rest;
    if (batch.length === 0) {
      running -= 1;
      return;
    }
    for (const k of keys) busy.add(k);
    counts.batches += 1;
    counts.items += batch.length;
    counts.largest = Math.max(counts.largest, batch.length);
    try {
      const out = await opts.run(batch.map((p) => p.item));
      batch.forEach((p, i) => {
        const o = out[i];
        if (o instanceof Error) p.reject(o);
        else if (o === undefined && i >= out.length) p.reject(new Error('group commit: no result for an item'));
        else p.resolve(o as O);
      });
    } catch (err) {
      for (const p of batch) p.reject(err);
    }
    for (const k of keys) busy.delete(k);
    running -= 1;
    kick();
  };

  return {
    stats: () => ({ ...counts }),
    submit: (item) =>
      new Promise<O>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        kick();
      }),
  };
}

/**
 * The usual `run` of a group commit: a batch of one runs `one` (the prepared single statement);
 * a larger batch runs `batch`, and when that fails (a deadlock with another process, say) its
 * items are written one by one, so one item cannot fail the others.
 */
export function batchElseOneByOne<I, O>(write: {
  one: (item: I) => Promise<O>;
  batch: (items: I[]) => Promise<(O | Error)[]>;
}): (items: I[]) => Promise<(O | Error)[]> {
  const one = (item: I) => write.one(item).catch((err: unknown) => (err instanceof Error ? err : new Error(String(err))));
  return async (items) => {
    if (items.length === 1) return [await one(items[0] as I)];
    try {
      return await write.batch(items);
    } catch {
      const out: (O | Error)[] = [];
      for (const item of items) out.push(await one(item));
      return out;
    }
  };
}

/** The app's group commit called `name` (one queue per app and name; `opts` of the first call). */
export function groupCommit<I, O>(ctx: Pick<AppContext, 'locals'>, name: string, opts: GroupCommitOptions<I, O>): GroupCommit<I, O> {
  const byName = ctx.locals.of('group-commit', () => new Map<string, GroupCommit<unknown, unknown>>());
  let found = byName.get(name);
  if (!found) {
    found = createGroupCommit(opts) as GroupCommit<unknown, unknown>;
    byName.set(name, found);
  }
  return found as GroupCommit<I, O>;
}

/** Every group commit of the app by name, with its stats so far (benchmarks: how large the batches grow). */
export function groupCommitStats(ctx: Pick<AppContext, 'locals'>): Record<string, ReturnType<GroupCommit<unknown, unknown>['stats']>> {
  const byName = ctx.locals.of('group-commit', () => new Map<string, GroupCommit<unknown, unknown>>());
  return Object.fromEntries([...byName].map(([name, g]) => [name, g.stats()]));
}

/**
 * Reads that concurrent callers ask at the same time, done together (issue 39 item 1): the group
 * commit's queue used for reads — what arrives while a read runs goes in the next one, so a read
 * is never older than the call that asked for it — and `readMany` answers the batch's items by
 * `key` in one statement. One read at a time on either database: on PostgreSQL two at once made
 * smaller batches and was ~10 % slower (the practice bench, quiet machine). Nothing is kept between
 * calls.
 */
export function groupedRead<I, K extends string | number, O>(
  ctx: Pick<AppContext, 'locals'>,
  name: string,
  opts: { key: (item: I) => K; readMany: (items: I[]) => Promise<Map<K, O>> },
): (item: I) => Promise<O> {
  const reads = groupCommit<I, O>(ctx, name, {
    maxSize: 200,
    key: (item) => String(opts.key(item)),
    run: async (items) => {
      const found = await opts.readMany(items);
      return items.map((i) => (found.has(opts.key(i)) ? (found.get(opts.key(i)) as O) : new Error(`${name}: nothing read for an item`)));
    },
  });
  return (item) => reads.submit(item);
}
