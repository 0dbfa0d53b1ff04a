import { createRequire } from 'node:module';
import { setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parentPort, Worker } from 'node:worker_threads';
import type { AppErrorCode } from '@xuetu/contract';
import { AppError, appErrorMsg } from './errors.ts';

// Untrusted files are read in worker threads, each read with a time budget (ADR 0051): however a
// reader behaves on a hostile file, the event loop — every company's requests, the health check —
// never waits for it; past the budget the worker is terminated and the caller gets its error.

type Request = { id: number; input: unknown };
type Reply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; appError?: { code: AppErrorCode; msg: string; data: unknown }; message: string };

/** In the worker's module: answers each request with `handle`'s value or error. */
export function serveOffLoop(handle: (input: never) => unknown | Promise<unknown>): void {
  const port = parentPort;
  if (!port) throw new Error('serveOffLoop runs in a worker thread');
  // below the event loop's thread when the cores are busy (on Linux a nice value is per thread,
  // and pid 0 is the calling thread); elsewhere it may apply to the process, so only on Linux
  if (process.platform === 'linux') {
    try {
      setPriority(0, WORKER_NICE);
    } catch {
      // not permitted: the worker keeps the process's priority
    }
  }
  port.on('message', async ({ id, input }: Request) => {
    let reply: Reply;
    try {
      reply = { id, ok: true, value: await handle(input as never) };
    } catch (err) {
      reply =
        err instanceof AppError
          ? { id, ok: false, appError: { code: err.code, msg: err.msg, data: err.data }, message: err.message }
          : { id, ok: false, message: err instanceof Error ? err.message : String(err) };
    }
    port.postMessage(reply);
  });
  // the module and its imports are loaded: reads may start (their budget counts from here)
  port.postMessage(READY);
}

const READY = 'xuetu-off-loop-ready';
const WORKER_NICE = 10;
/** how long a new worker may take to load its modules (tsx compiles them on a cold start) */
const STARTUP_MS = 60_000;

const require = createRequire(import.meta.url);

/**
 * The worker runs our TypeScript through tsx like the server: inherited when the process was
 * started by tsx (`npm run dev`), given explicitly otherwise (vitest runs its own transform).
 */
function execArgv(url: URL): string[] | undefined {
  // a built server (server/dist) runs the worker's JavaScript as it is
  if (!url.pathname.endsWith('.ts') || process.execArgv.some((a) => a.includes('tsx'))) return undefined;
  return ['--import', pathToFileURL(require.resolve('tsx')).href];
}

export interface OffLoopOptions {
  /** how long one read may take, from handing it over to the answer (ms) */
  budgetMs: number;
  /** the error when the budget is spent (the worker is stopped) */
  overBudget: () => Error;
  /** the error when the worker dies (out of memory, a crash) */
  crashed: () => Error;
}

/** Worker threads running one module; at most `size` reads at once, the others wait their turn. */
export class OffLoop {
  private idle: Worker[] = [];
  private readonly started = new WeakMap<Worker, Promise<void>>();
  private running = 0;
  private waiting: (() => void)[] = [];
  private seq = 0;

  constructor(
    private readonly url: URL,
    private readonly size = 2,
    /** a worker's heap: a hostile file exhausts the worker, not the server */
    private readonly heapMb = 512,
  ) {}

  async run<T>(input: unknown, opts: OffLoopOptions): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((go) => this.waiting.push(go));
    this.running++;
    try {
      return (await this.once(input, opts)) as T;
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private spawn(): Worker {
    const worker = new Worker(this.url, { execArgv: execArgv(this.url), resourceLimits: { maxOldGenerationSizeMb: this.heapMb } });
    // an idle worker never keeps the process alive, and one that ends is no longer handed reads
    worker.unref();
    worker.once('exit', () => {
      this.idle = this.idle.filter((w) => w !== worker);
    });
    this.started.set(
      worker,
      new Promise<void>((ready, failed) => {
        const timer = setTimeout(() => failed(new Error('worker did not start')), STARTUP_MS);
        timer.unref();
        const onMessage = (m: unknown) => {
          if (m !== READY) return;
          clearTimeout(timer);
          worker.off('message', onMessage);
          ready();
        };
        worker.on('message', onMessage);
        worker.once('error', failed);
        worker.once('exit', () => failed(new Error('worker exited')));
      }),
    );
    return worker;
  }

  private async once(input: unknown, opts: OffLoopOptions): Promise<unknown> {
    const worker = this.idle.pop() ?? this.spawn();
    try {
      await this.started.get(worker);
    } catch {
      void worker.terminate();
      throw opts.crashed();
    }
    const id = ++this.seq;
    return new Promise((resolve, reject) => {
      const settle = (keep: boolean, then: () => void) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (keep && this.idle.length < this.size) this.idle.push(worker);
        else void worker.terminate();
        then();
      };
      const timer = setTimeout(() => settle(false, () => reject(opts.overBudget())), opts.budgetMs);
      const onMessage = (reply: Reply) => {
        if (reply.id !== id) return;
        settle(true, () => {
          if (reply.ok) resolve(reply.value);
          else if (reply.appError) reject(appErrorMsg(reply.appError.code, reply.appError.msg, reply.appError.data));
          else reject(new Error(reply.message));
        });
      };
      const onError = () => settle(false, () => reject(opts.crashed()));
      const onExit = () => settle(false, () => reject(opts.crashed()));
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      worker.postMessage({ id, input } satisfies Request);
    });
  }
}
