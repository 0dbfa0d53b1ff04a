import { readdirSync, readFileSync } from 'node:fs';

// CPU time per call (issue 39 item 1): req/s moves with everything else running on the machine;
// the CPU seconds the server, PostgreSQL and Redis spend per call move far less, so a change can be
// judged on a busy machine too. Read from /proc (Linux); elsewhere every figure is 0.

const TICKS_PER_SECOND = 100;

/**
 * CPU milliseconds (user + system) of each process whose command name is `comm` and whose command
 * line holds `holding` (PostgreSQL's backends name their database there), by process id.
 */
function cpuMsOf(comm: string, holding = ''): Map<string, number> {
  const out = new Map<string, number>();
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return out;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      if (stat.slice(stat.indexOf('(') + 1, close) !== comm) continue;
      if (holding && !readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(holding)) continue;
      // after the name: state is field 3; utime and stime are fields 14 and 15
      const fields = stat.slice(close + 2).split(' ');
      out.set(pid, ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

export interface CpuSnapshot {
  server: number;
  postgres: Map<string, number>;
  redis: Map<string, number>;
}

/** The bench's database: its backends are the PostgreSQL processes counted (not other users of the server). */
const databaseName = () => {
  try {
    return new URL(process.env.DATABASE_URL ?? '').pathname.slice(1);
  } catch {
    return '';
  }
};

/** The server's own CPU (asked of it: `serverCpuMs`), the bench database's PostgreSQL backends' and Redis's. */
export async function cpuSnapshot(serverCpuMs: () => Promise<number>): Promise<CpuSnapshot> {
  const db = databaseName();
  return { server: await serverCpuMs(), postgres: db ? cpuMsOf('postgres', ` ${db} `) : new Map(), redis: cpuMsOf('redis-server') };
}

/** CPU spent between two snapshots by the processes alive at the second (one started meanwhile counts whole). */
function spent(before: Map<string, number>, after: Map<string, number>): number {
  let ms = 0;
  for (const [pid, now] of after) ms += now - (before.get(pid) ?? 0);
  return ms;
}

/** "server 0.21, PostgreSQL 0.10, Redis 0.02 ms CPU per call" between two snapshots. */
export function cpuPerCall(before: CpuSnapshot, after: CpuSnapshot, calls: number): string {
  const per = (ms: number) => (ms / Math.max(1, calls)).toFixed(3);
  return `CPU per call: server ${per(after.server - before.server)} ms, PostgreSQL ${per(spent(before.postgres, after.postgres))} ms, Redis ${per(spent(before.redis, after.redis))} ms`;
}
