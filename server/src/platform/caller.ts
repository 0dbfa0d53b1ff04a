import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Actor } from './actor.ts';
import type { AppContext } from './context.ts';
import { unauthorized } from './errors.ts';
import { NO_COMPANY, PLATFORM_WIDE, type TenantScope, tenantScope } from './scope.ts';

/**
 * Who is calling, built once per request by the route layer and passed first to every service
 * function (immich's "auth first"). Services never see Fastify's request or reply.
 */
export interface Caller {
  ctx: AppContext;
  /** the signed-in user; null on public routes without a session and in system jobs */
  actor: Actor | null;
  /** whose data this caller may touch; a caller without a session sees no company's data */
  scope: TenantScope;
  ip: string;
  /** the client's User-Agent header ('' when none): stored with a new session */
  userAgent: string;
  requestId: string;
  log: FastifyBaseLogger;
  /** the time of this call, read once from ctx.clock */
  now: Date;
}

/** A caller that is signed in (the type services of `user`/action routes can rely on). */
export type SignedInCaller = Caller & { actor: Actor };

/** Nobody's scope: matches no company-owned row. */
export const NO_SCOPE: TenantScope = { all: false, companySysCode: NO_COMPANY };

export function callerFromRequest(ctx: AppContext, req: FastifyRequest): Caller {
  const actor = req.actor;
  return {
    ctx,
    actor,
    scope: actor ? tenantScope(actor) : NO_SCOPE,
    ip: req.ip,
    userAgent: req.headers['user-agent'] ?? '',
    requestId: String(req.id),
    log: req.log,
    now: ctx.clock.now(),
  };
}

/** The caller background jobs and start-up work act as: no user, every company. */
export function systemCaller(ctx: AppContext, log: FastifyBaseLogger, requestId = 'system'): Caller {
  return { ctx, actor: null, scope: PLATFORM_WIDE, ip: '127.0.0.1', userAgent: '', requestId, log, now: ctx.clock.now() };
}

/** The caller's user; the 401 answer when there is none. */
export function requireActor(caller: Caller): Actor {
  if (!caller.actor) throw unauthorized();
  return caller.actor;
}

export function isSignedIn(caller: Caller): caller is SignedInCaller {
  return caller.actor !== null;
}
