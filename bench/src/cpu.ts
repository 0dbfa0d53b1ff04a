import { readdirSync, readFileSync } from 'node:fs';

// CPU time per call (issue 39 item 1): req/s moves with everything else running on the machine;
// the CPU seconds the server, PostgreSQL and Redis spend per call move far less, so a change can be
// judged on a busy machine too. Read from /proc (Linux); elsewhere every figure is 0.

const TICKS_PER_SECOND = 100;

/** CPU milliseconds (user + system) of the processes whose command name is `comm`, summed. */
function cpuMsOf(comm: string): number {
  let ticks = 0;
  let pids: string[] = [];
  try {
    pids = readdirSync('/proc').filter((d) => /^\d+$/.test(d));
  } catch {
    return 0;
  }
  for (const pid of pids) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      const name = stat.slice(stat.indexOf('(') + 1, close);
      if (name !== comm) continue;
      // after the name: state is field 3; utime and stime are fields 14 and 15
      const fields = stat.slice(close + 2).split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch {
      // the process ended meanwhile
    }
  }
  return (ticks * 1000) / TICKS_PER_SECOND;
}

export interface CpuSnapshot {
  server: number;
  postgres: number;
  redis: number;
}

/** The server's own CPU (asked of it: `serverCpuMs`) and PostgreSQL's and Redis's (their processes on this machine). */
export async function cpuSnapshot(serverCpuMs: () => Promise<number>): Promise<CpuSnapshot> {
  return { server: await serverCpuMs(), postgres: cpuMsOf('postgres'), redis: cpuMsOf('redis-server') };
}

/** "server 0.21, PostgreSQL 0.10, Redis 0.02 ms CPU per call" between two snapshots. */
export function cpuPerCall(before: CpuSnapshot, after: CpuSnapshot, calls: number): string {
  const per = (k: keyof CpuSnapshot) => ((after[k] - before[k]) / Math.max(1, calls)).toFixed(3);
  return `CPU per call: server ${per('server')} ms, PostgreSQL ${per('postgres')} ms, Redis ${per('redis')} ms`;
}
