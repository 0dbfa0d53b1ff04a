import { randomUUID } from 'node:crypto';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_BASE, Msg } from '@xuetu/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { type Env, parseEnv } from './config/env.ts';
import { type Database, openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seedDatabase } from './db/seed/index.ts';
import { allRoutes } from './modules/index.ts';
import { loadActor } from './platform/actor.ts';
import { type Cache, createCache, RedisCache } from './platform/cache.ts';
import type { AppContext } from './platform/context.ts';
import { failure } from './platform/envelope.ts';
import { AppError } from './platform/errors.ts';
import { registerRoutes } from './platform/route.ts';
import { resolveSession, tokenFromHeaders } from './platform/sessions.ts';
import { registerSpa } from './platform/spa.ts';
import { LocalStorage, S3Storage, type Storage } from './platform/storage.ts';
import { describeZodError } from './platform/validation.ts';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export interface BuildOptions {
  env?: Partial<Env> | Env;
  /** an already open database (tests); otherwise opened from env */
  database?: Database;
  cache?: Cache;
  storage?: Storage;
  /** pino logger options; false silences it */
  logger?: boolean | object;
}

/** Builds the whole app: the one function main.ts and the tests use. */
export async function buildApp(opts: BuildOptions = {}): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const env: Env = { ...parseEnv(), ...(opts.env ?? {}) } as Env;
  const database = opts.database ?? (await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR }));
  await migrate(database);
  const cache = opts.cache ?? (await createCache(env.REDIS_URL));
  const storage =
    opts.storage ??
    (env.S3_BUCKET
      ? new S3Storage({
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          bucket: env.S3_BUCKET,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          forcePathStyle: env.S3_FORCE_PATH_STYLE,
        })
      : new LocalStorage(env.FILES_DIR));
  const ctx: AppContext = { env, database, db: database.db, cache, storage };
  await seedDatabase(ctx, { demo: env.SEED_DEMO });

  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: env.LOG_LEVEL,
            redact: ['req.headers.authorization', 'req.headers.ydauthorization', 'req.headers.cookie'],
            ...(typeof opts.logger === 'object' ? opts.logger : {}),
          },
    genReqId: (req) =>
      typeof req.headers['x-request-id'] === 'string' && req.headers['x-request-id'].length < 100
        ? req.headers['x-request-id']
        : randomUUID(),
    requestIdHeader: false,
    bodyLimit: env.BODY_LIMIT_BYTES,
    trustProxy: true,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, maxParamLength: 500 },
  });
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
    if (err instanceof AppError)
      return reply
        .status(err.httpStatus >= 400 && err.httpStatus !== 403 && err.httpStatus !== 404 ? err.httpStatus : 200)
        .send(failure(err.msg, err.errorCode === 404 ? 0 : err.errorCode, err.data));
    if (err instanceof ZodError) return reply.status(200).send(failure(describeZodError(err)));
    const status = (err as { statusCode?: number }).statusCode ?? 500;
    if (status === 413) return reply.status(413).send(failure(Msg.bodyTooLarge, 413));
    if (status === 429) return reply.status(429).send(failure(Msg.tooManyRequests, 429));
    if (status >= 400 && status < 500) {
      req.log.info({ err: { message: err.message, code: (err as { code?: string }).code } }, 'bad request');
      return reply.status(status).send(failure(Msg.badInput, status));
    }
    req.log.error({ err }, 'request failed');
    return reply.status(500).send(failure(Msg.serverError, 500));
  });

  await app.register(rateLimit, {
    global: true,
    max: env.RATE_LIMIT_PER_MINUTE,
    timeWindow: '1 minute',
    // counters live with the cache: shared by every node on Redis, under the cache's key prefix
    redis: cache instanceof RedisCache ? cache.redis : undefined,
    nameSpace: cache instanceof RedisCache ? `${cache.prefix}rl:` : 'xuetu-rl:',
    allowList: (req) => !req.url.toLowerCase().startsWith(API_BASE.toLowerCase()),
    errorResponseBuilder: (_req, context) => Object.assign(new Error(Msg.tooManyRequests), { statusCode: context.statusCode }),
  });
  await app.register(multipart, { limits: { fileSize: env.UPLOAD_LIMIT_BYTES, files: 1, fields: 20 } });
  await app.register(swagger, {
    openapi: { info: { title: '学途 Xuetu API', version: '1.0.0', description: '所有接口返回 {success, msg, data, errorCode}' } },
  });
  await app.register(swaggerUi, { routePrefix: `${API_BASE}/docs` });

  registerRoutes(app, ctx, allRoutes);
  const spaReady = await registerSpa(app, env.WEB_DIST ?? resolve(REPO_ROOT, 'web/dist'));

  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.toLowerCase().startsWith(API_BASE.toLowerCase());
    const wantsHtml = req.method === 'GET' && (req.headers.accept ?? '').includes('text/html');
    if (!isApi && spaReady && wantsHtml) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply.status(404).send(failure(Msg.routeNotFound, 404));
  });

  app.addHook('onClose', async () => {
    await cache.close();
    if (!opts.database) await database.close();
  });
  return { app, ctx };
}
