import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, Msg } from '@xuetu/contract';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { ZodError } from 'zod';
import { type Env, type ParsedEnv, parseEnv } from './config/env.ts';
import { type Database, openDatabase } from './db/client.ts';
import { applyMigrations, withStartupLock } from './db/migrate.ts';
import { seedDatabase } from './db/seed/index.ts';
import { isDatabaseUnavailable, isNumberOutOfRange } from './db/unavailable.ts';
import { loadActor, platformAdminState, resolveSession, tokenFromHeaders } from './modules/identity/public.ts';
import { allJobs, allRoutes, wireModules } from './modules/index.ts';
import { type Cache, isCacheUnavailable } from './platform/cache.ts';
import type { Clock } from './platform/clock.ts';
import { registerCompression } from './platform/compression.ts';
import { type AppContext, createContext } from './platform/context.ts';
import { failure } from './platform/envelope.ts';
import { AppError, appError, appErrorMsg } from './platform/errors.ts';
import { JobRunner } from './platform/jobs/index.ts';
import { loggableError } from './platform/log-safe.ts';
import { openApiOptions } from './platform/openapi.ts';
import { registerRateLimit } from './platform/rate-limit.ts';
import { registerRoutes } from './platform/route.ts';
import { registerSecurityHeaders } from './platform/security-headers.ts';
import { registerSpa } from './platform/spa.ts';
import type { Storage } from './platform/storage.ts';
import { describeZodError } from './platform/validation.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuildOptions {
  env?: Partial<Env> | Env;
  /** an already open database (tests); otherwise opened from env */
  database?: Database;
  cache?: Cache;
  storage?: Storage;
  /** where time comes from (a ManualClock in tests) */
  clock?: Clock;
  /** pino logger options; false silences it */
  logger?: boolean | object;
}

/** Builds the whole app: the one function main.ts and the tests use. */
/** what a file's answer sets before its bytes (platform/files/serve.ts); an error answer drops them */
const FILE_HEADERS = ['content-type', 'content-length', 'content-range', 'content-disposition', 'accept-ranges', 'etag', 'last-modified'];

export async function buildApp(opts: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const parsed: ParsedEnv = { ...parseEnv(), ...(opts.env ?? {}) };
  const database = opts.database ?? (await openDatabase({ databaseUrl: parsed.DATABASE_URL, pgliteDir: parsed.PGLITE_DIR }));
  // migrations, built-in roles, action sync and the demo seed check then insert: two processes
  // starting at once on an empty database take turns under the start-up lock (issue 21 item 7)
  const ctx = await withStartupLock(database, async (conn) => {
    await applyMigrations(conn);
    // no published default secret: unset ones are generated at first start and kept in the database
    const ctx = await createContext(database, parsed, opts);
    await seedDatabase(ctx, { demo: ctx.env.SEED_DEMO });
    return ctx;
  });
  const { env, cache } = ctx;

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.ydauthorization', 'req.headers.cookie'],
            // every logged error, whoever logs it: failed queries without their parameter values
            serializers: { err: (e: Error) => (e instanceof Error ? loggableError(e) : e) },
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          },
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length < 100
        ? req.headers['x-request-id']
        : randomUUID(),
    requestIdHeader: false,
    bodyLimit: env.BODY_LIMIT_BYTES,
    // X-Forwarded-For only from configured proxies: otherwise any client could pick its own IP
    // and step around the per-IP limits and forge audit addresses
    trustProxy: trustProxyOption(env.TRUST_PROXY),
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
  });
  database.onConnectionError = (err) => app.log.warn({ err: { message: err.message } }, 'database connection lost; reconnecting on demand');
  ctx.jobs = new JobRunner(ctx, allJobs, app.log, { pollMs: env.JOBS_POLL_MS, leaseMs: env.JOBS_LEASE_MS });
  app.decorate('xuetuRoutes', []);
  app.decorateRequest('actor', null);
  // zod validates inside each route; the JSON schemas are for the OpenAPI document only
  app.setValidatorCompiler(() => (data) => ({ value: data }));

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    if (!req.url.toLowerCase().startsWith(API_BASE.toLowerCase())) return;
    const token = tokenFromHeaders(req.headers);
    if (!token) return;
    const session = await resolveSession(ctx, token);
    if (session) req.actor = await loadActor(ctx, session.userId, session.id);
  });

  app.setErrorHandler((err: Error, req, reply) => {
    // a failure after a handler began a file's answer (e.g. the file went away between the store's
    // head and its read): the envelope goes out as JSON, without the file's headers and never
    // cached (the file's `public, immutable` would keep the error for a year)
    for (const name of FILE_HEADERS) reply.removeHeader(name);
    reply.header('cache-control', 'no-store');
    // the code's kind gives the status and numeric errorCode (ErrorKinds in the contract, ADR 0044)
    if (err instanceof AppError) return answer(reply, err);
    if (err instanceof ZodError) return answer(reply, appErrorMsg('BAD_INPUT', describeZodError(err)));
    // Redis away (session lookup, cache reads, the limiter's counters): retryable, never a bare 500
    if (isCacheUnavailable(err)) {
      req.log.warn({ err: { message: err.message } }, 'cache unavailable');
      return answer(reply, appError('CACHE_UNAVAILABLE'));
    }
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return answer(reply, appError('BODY_TOO_LARGE'));
    if (status === 429) return answer(reply, appError('TOO_MANY_REQUESTS'));
    if (status >= 400 && status < 500) {
      req.log.info({ err: { message: err.message, code: (err as { code?: string }).code } }, 'bad request');
      // a transport refusal (bad JSON, wrong content type): its own 4xx status, as both status and errorCode
      return reply.status(status).send(failure(Msg.badInput, status, null, 'BAD_INPUT'));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err: { message: err.message, code: (err as { code?: string }).code } }, 'database unavailable');
      return answer(reply, appError('DATABASE_UNAVAILABLE'));
    }
    if (isNumberOutOfRange(err)) {
      req.log.warn({ err: loggableError(err) }, 'number out of range');
      return answer(reply, appErrorMsg('BAD_INPUT', Msg.numberOutOfRange));
    }
    // never the parameter values of a failed query (names, ID numbers, phones) at error level
    req.log.error({ err: loggableError(err) }, 'request failed');
    return answer(reply, appError('SERVER_ERROR'));
  });

  // per signed-in user, per address for anonymous calls; probes and signed links not counted
  await registerRateLimit(app, ctx);
  // CSP, no framing, Referrer-Policy, nosniff on every answer (the HTML above all)
  await registerSecurityHeaders(app, {
    production: env.NODE_ENV === 'production',
    webDist: env.WEB_DIST ?? resolve(REPO_ROOT, 'web/dist'),
  });
  await registerCompression(app);
  await app.register(multipart, { limits: { fileSize: env.UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } });
  // tus (resumable media uploads) reads PATCH bodies itself
  app.addContentTypeParser('application/offset+octet-stream', (_req, _payload, done) => done(null));
  await app.register(swagger, openApiOptions());
  // the API description is for developers: off in production unless API_DOCS=true
  if (env.API_DOCS ?? env.NODE_ENV !== 'production') await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs`, staticCSP: true });
  // stopping: every answer asks its client to close the connection, so no keep-alive connection
  // is left to race the listener's close (the next request opens a new one, elsewhere)
  app.addHook('onSend', async (_req, reply) => {
    if (ctx.lifecycle.stopping) reply.header('connection', 'close');
  });
  // API answers hold personal data: never stored by browsers or shared caches, never sniffed
  app.addHook('onSend', async (req, reply) => {
    if (!req.url.toLowerCase().startsWith(API_BASE.toLowerCase())) return;
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });

  wireModules(ctx);
  registerRoutes(app, ctx, allRoutes);
  const spa = await registerSpa(app, env.WEB_DIST ?? resolve(REPO_ROOT, 'web/dist'));

  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.toLowerCase().startsWith(API_BASE.toLowerCase());
    const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (!isApi && spa && wantsHtml) return reply.header('cache-control', 'no-cache').header('vary', 'Cookie').sendFile(spa.indexFor(req));
    return answer(reply, appError('ROUTE_NOT_FOUND'));
  });

  if (env.SMS_PROVIDER === 'outbox')
    app.log.warn(
      env.NODE_ENV === 'production'
        ? 'SMS_PROVIDER=outbox: NO TEXT MESSAGES ARE SENT; codes go to the log and the sms_outbox table. Configure a real SMS provider.'
        : 'SMS_PROVIDER=outbox: NO TEXT MESSAGES ARE SENT; codes go to the log and GET /prod-api/__dev/sms?phone=… returns them (development only, never in production).',
    );
  else if (env.SMS_ENDPOINT?.startsWith('http://') && env.NODE_ENV === 'production')
    app.log.warn(`SMS_PROVIDER=${env.SMS_PROVIDER}: SMS_ENDPOINT=${env.SMS_ENDPOINT} is plain http; the codes travel unencrypted`);
  else app.log.info(`SMS_PROVIDER=${env.SMS_PROVIDER}: codes are sent through ${env.SMS_ENDPOINT ?? 'the vendor endpoint'}`);

  // a production install starts without any account (no demo): say how to make the first one
  const admins = await platformAdminState(ctx.db);
  if (admins.state === 'none')
    app.log.warn(
      'no platform administrator yet: create the first with `npm run admin:create -- --phone <mobile> --name <name> --url <site address>` and sign in with the temporary password it prints (README, docs/deploy.md)',
    );
  else if (admins.state === 'pending')
    app.log.warn(
      `platform administrator ${admins.accountCode} has not chosen a password yet; \`npm run admin:create -- --account ${admins.accountCode} --phone <mobile> --name <name>\` prints a new temporary password`,
    );

  app.addHook('onReady', async () => ctx.jobs.start());
  // however the app closes (a signal in main.ts, a test), it is not ready for new work any more
  app.addHook('preClose', async () => {
    ctx.lifecycle.stopping = true;
  });
  app.addHook('onClose', async () => {
    // running jobs finish (or are handed back to the queue) before the database closes
    await ctx.jobs.stop();
    await cache.close();
    if (!opts.database) await database.close();
  });
  return { app, ctx };
}

/** TRUST_PROXY as Fastify takes it: a hop count trusts that many proxies nearest to us. */
function trustProxyOption(value: Env['TRUST_PROXY']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return (_address, hop) => hop < value;
  return value;
}

/** The envelope of a failure, with the HTTP status and numeric errorCode of its code's kind (ADR 0044). */
function answer(reply: FastifyReply, err: AppError) {
  return reply.status(err.httpStatus).send(failure(err.msg, err.errorCode, err.data, err.code));
}
