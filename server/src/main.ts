import { parseEnv } from './config/env.ts';
import { MIN_NODE, nodeTooOld } from './config/node-version.ts';

// Only starts listening (and stops gracefully); everything else is built by buildApp (which the tests use too).
// an older Node than package.json's engines is not what the server is built and tested on: say so
// at start rather than fail later (the test runner's import workers did, on Node 20)
if (nodeTooOld()) {
  console.error(
    `Xuetu needs Node ${MIN_NODE} or newer (package.json engines); this is ${process.version}. Run \`. scripts/use-node.sh\` first (README).`,
  );
  process.exit(1);
}
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const { buildApp } = await import('./app.ts');
const { stopGracefully } = await import('./platform/shutdown.ts');
const { app, ctx } = await buildApp({ env }).catch((err: Error) => {
  console.error(`Xuetu failed to start: ${err.message}`);
  process.exit(1);
});
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) {
      // a second Ctrl-C: the operator does not want to wait
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.log.info({ signal, delayMs: env.SHUTDOWN_DELAY_MS, graceMs: env.SHUTDOWN_GRACE_MS }, 'shutting down');
    // whatever hangs past the grace (a pool that will not end), the process still exits
    setTimeout(
      () => {
        app.log.error('shutdown did not finish in time; exiting');
        process.exit(1);
      },
      env.SHUTDOWN_DELAY_MS + env.SHUTDOWN_GRACE_MS + 15_000,
    ).unref();
    stopGracefully(app, ctx, { delayMs: env.SHUTDOWN_DELAY_MS, graceMs: env.SHUTDOWN_GRACE_MS }).then(
      (outcome) => {
        app.log.info({ outcome }, 'stopped');
        process.exit(outcome === 'clean' ? 0 : 1);
      },
      (err: Error) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
await app.listen({ host: env.HOST, port: env.PORT });
