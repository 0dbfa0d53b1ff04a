import { parseEnv } from './config/env.ts';

// Only starts listening; everything else is built by buildApp (which the tests use too).
let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (err) {
  console.error((err as Error).message);
  process.exit(1);
}
const { buildApp } = await import('./app.ts');
const { app } = await buildApp({ env }).catch((err: Error) => {
  console.error(`Xuetu failed to start: ${err.message}`);
  process.exit(1);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down');
    app.close().then(() => process.exit(0));
  });
}
await app.listen({ host: env.HOST, port: env.PORT });
