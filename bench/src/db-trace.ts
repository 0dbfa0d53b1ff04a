import type { AppContext } from '../../server/src/platform/context.ts';

// BENCH_DB_TRACE=1 (embedded database only): how requests queue for PGlite's one connection. Every
// exclusive turn on it (a statement outside a transaction, or a whole transaction) is timed from
// the moment it asks for the connection (wait) to when it lets go (hold), and each statement run
// is counted. Load-independent evidence: statements and connection time per call, and whether the
// queue is fair (the wait distribution's tail against its median).

interface Turn {
  waitMs: number;
  holdMs: number;
  statements: number;
}

const sortedPct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))] ?? 0;
};

export function traceDatabase(ctx: AppContext) {
  const client = (ctx.db as unknown as { $client?: Record<string, unknown> }).$client;
  if (ctx.database.kind !== 'pglite' || !client) return null;
  let turns: Turn[] = [];
  let statements = 0;
  let current: Turn | undefined;
  const c = client as {
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  };
  const exclusiveTx = c._runExclusiveTransaction.bind(client);
  const exclusiveQuery = c._runExclusiveQuery.bind(client);
  c._runExclusiveTransaction = (fn) => {
    const asked = performance.now();
    let got = 0;
    return exclusiveTx(async () => {
      got = performance.now();
      const turn: Turn = { waitMs: got - asked, holdMs: 0, statements: 0 };
      current = turn;
      try {
        return await fn();
      } finally {
        turn.holdMs = performance.now() - got;
        current = undefined;
        turns.push(turn);
      }
    });
  };
  // BENCH_DB_TRACE_SQL=1: also which statements run outside transactions (the start of their text)
  const texts = new Map<string, number>();
  if (process.env.BENCH_DB_TRACE_SQL === '1') {
    const q = client as { query: (text: string, ...rest: unknown[]) => Promise<unknown> };
    const query = q.query.bind(client);
    q.query = (text, ...rest) => {
      const k = text.replace(/\s+/g, ' ').slice(0, 90);
      texts.set(k, (texts.get(k) ?? 0) + 1);
      return query(text, ...rest);
    };
  }
  c._runExclusiveQuery = (fn) => {
    statements += 1;
    if (current) current.statements += 1;
    return exclusiveQuery(fn);
  };
  return {
    /** what happened since the last call, and starts counting afresh */
    take(calls: number) {
      const waits = turns.map((t) => t.waitMs);
      const holds = turns.map((t) => t.holdMs);
      const held = holds.reduce((a, b) => a + b, 0);
      const out = {
        calls,
        turns: turns.length,
        statements,
        statementsPerCall: calls ? statements / calls : 0,
        turnsPerCall: calls ? turns.length / calls : 0,
        connectionMsPerCall: calls ? held / calls : 0,
        holdP50: sortedPct(holds, 50),
        holdP99: sortedPct(holds, 99),
        waitP50: sortedPct(waits, 50),
        waitP99: sortedPct(waits, 99),
        waitMax: sortedPct(waits, 100),
        ...(texts.size
          ? {
              top: [...texts]
                .sort((a, b) => b[1] - a[1])
                .slice(0, 12)
                .map(([t, n]) => `${n}× ${t}`),
            }
          : {}),
      };
      texts.clear();
      turns = [];
      statements = 0;
      return out;
    },
  };
}
