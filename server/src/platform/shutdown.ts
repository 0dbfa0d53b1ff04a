import type { FastifyInstance } from 'fastify';
import type { AppContext } from './context.ts';

export interface ShutdownOptions {
  /** how long /ready answers 503 while requests are still served (SHUTDOWN_DELAY_MS) */
  delayMs: number;
  /** the longest wait for requests in flight before their connections are cut (SHUTDOWN_GRACE_MS) */
  graceMs: number;
}

/**
 * A graceful stop (SIGTERM / SIGINT, issue 21 item 5): readiness turns 503 at once; after
 * `delayMs` (the load balancer takes the process out) the listener closes, requests in flight
 * finish — cut once `graceMs` has passed — and running jobs are handed back to the queue at the
 * same time; then the cache and database pools close (the app's onClose). 'forced' when
 * connections had to be cut.
 */
export async function stopGracefully(app: FastifyInstance, ctx: AppContext, opts: ShutdownOptions): Promise<'clean' | 'forced'> {
  ctx.lifecycle.stopping = true;
  if (opts.delayMs > 0) await new Promise((r) => setTimeout(r, opts.delayMs));
  let forced = false;
  const deadline = setTimeout(() => {
    forced = true;
    app.log.warn({ graceMs: opts.graceMs }, 'shutdown: grace period over; closing the connections still open');
    app.server.closeAllConnections();
  }, opts.graceMs);
  deadline.unref();
  // jobs are signalled now, not after the HTTP drain: both run down within the same grace
  const jobs = ctx.jobs.stop();
  await app.close();
  await jobs;
  clearTimeout(deadline);
  return forced ? 'forced' : 'clean';
}
