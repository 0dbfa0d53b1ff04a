import { type AnyEndpoint, API_BASE, type EndpointGroup, type FileAnswer, type InputSchemaOf, type OutputOf } from '@xuetu/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, HTTPMethods } from 'fastify';
import { z } from 'zod';
import type { Actor } from './actor.ts';
import { hasAction } from './actor.ts';
import { type Caller, callerFromRequest } from './caller.ts';
import type { AppContext } from './context.ts';
import { badTextMessage } from './control-chars.ts';
import { ok, WithMsg } from './envelope.ts';
import { AppError, appError, appErrorMsg, forbidden, unauthorized } from './errors.ts';
import { type UploadSource, uploadSource } from './files/source.ts';
import { normalizeKeys } from './keys.ts';
import { securityFor } from './openapi.ts';
import { type LimitPer, limitKeyFor } from './rate-limit.ts';

/**
 * Who may call a route: anyone, any signed-in user, or a user holding one of the listed actions.
 * Every admin route names the action it needs next to its path (STYLE.md habit 6).
 */
export type Access = 'public' | 'user' | { action: string | readonly string[] };

export interface RouteCall<I> {
  input: I;
  /**
   * Who is calling (actor, scope, ip, request id, logger, now): pass it first to the service.
   * New code uses only `input` and `caller`; the fields below are kept while modules migrate.
   */
  caller: Caller;
  /** The request's one multipart file (`multipart` routes): pass it to `streamUpload` / `receiveUpload`. */
  upload: UploadSource;
  /** The signed-in user; throws the 401 answer on a public route called without a session. */
  actor: Actor;
  /** The signed-in user or null (public routes). */
  maybeActor: Actor | null;
  ctx: AppContext;
  req: FastifyRequest;
  reply: FastifyReply;
  ip: string;
}

export interface RouteSpec<S extends z.ZodType = z.ZodType> {
  /** the contract's definition of this call (method, url and input come from it): ADR 0039 */
  endpoint?: AnyEndpoint;
  method: HTTPMethods | HTTPMethods[];
  /** path below /prod-api, spelled as in the spec */
  url: string;
  access: Access;
  summary: string;
  /** query and JSON body, merged (body wins), field names matched case-insensitively */
  input?: S;
  /** multipart uploads read the body themselves */
  multipart?: boolean;
  bodyLimit?: number;
  /**
   * The route's own allowance instead of the API-wide one (its own counter): per address (the
   * default: sign-in, SMS, registration, whatever an office's people share no session for) or
   * per signed-in user (`per: 'user'`; anonymous callers still per address).
   */
  rateLimit?: { max: number; timeWindow: string | number; per?: LimitPer };
  /**
   * Signed links (media segments, private files): true when the request carries a valid signature
   * for what it asks. Such a request is checked by its signature and not counted against any rate
   * limit; one without counts as usual. Must be cheap (it runs before the handler, on every call).
   */
  signedLink?: (caller: Caller, req: FastifyRequest) => boolean;
  /** callable while the user must still replace a temporary password (change it, who am I, log out) */
  duringPasswordChange?: boolean;
  handler: (call: RouteCall<z.output<S>>) => Promise<unknown>;
}

/** What a handler of an endpoint may resolve with: its answer, the answer with a msg, or (downloads) anything once it has replied. */
export type Answered<O> = [O] extends [FileAnswer] ? unknown : O | WithMsg<O>;

type SchemaOrEmpty<E> = InputSchemaOf<E> extends z.ZodType ? InputSchemaOf<E> : z.ZodObject<Record<string, never>>;

/** A route of a contract endpoint: method, url and input are the endpoint's; the handler must answer its type. */
export type EndpointRouteSpec<E extends AnyEndpoint> = Omit<
  RouteSpec<SchemaOrEmpty<E>>,
  'method' | 'url' | 'input' | 'handler' | 'endpoint'
> & {
  endpoint: E;
  handler: (call: RouteCall<z.output<SchemaOrEmpty<E>>>) => Promise<Answered<OutputOf<E>>>;
};

export function defineRoute<E extends AnyEndpoint>(spec: EndpointRouteSpec<E>): RouteSpec<SchemaOrEmpty<E>>;
/** A route the contract cannot describe (tus, media segments, health): see the exception list of modules/endpoints.test.ts. */
export function defineRoute<S extends z.ZodType = z.ZodObject<Record<string, never>>>(spec: RouteSpec<S>): RouteSpec<S>;
export function defineRoute(spec: RouteSpec | EndpointRouteSpec<AnyEndpoint>): RouteSpec {
  if (!('endpoint' in spec) || !spec.endpoint) return spec as RouteSpec;
  const { endpoint } = spec;
  const method = endpoint.methods ? [...endpoint.methods] : endpoint.method;
  return {
    ...(spec as RouteSpec),
    method,
    url: endpoint.path,
    input: endpoint.input,
    multipart: spec.multipart ?? endpoint.kind === 'upload',
  };
}

/**
 * The routes of one contract group, by endpoint name, as a controller lists its actions:
 * `routesOf(rolesApi, { addRole: { access, summary, handler } })` is `defineRoute({ endpoint:
 * rolesApi.addRole, access, summary, handler })` for each, in the order written. A name the group
 * does not have fails the type check; a group may be registered in parts (several files).
 */
export function routesOf<G extends EndpointGroup>(
  group: G,
  routes: { [K in keyof G]?: Omit<EndpointRouteSpec<G[K]>, 'endpoint'> },
): RouteSpec[] {
  return Object.entries(routes).map(([name, spec]) => defineRoute({ ...spec, endpoint: group[name] } as EndpointRouteSpec<AnyEndpoint>));
}

export interface RegisteredRoute {
  methods: string[];
  url: string;
  access: Access;
  /** it reads a JSON body or query (an `input` schema, not multipart): its schema is in the OpenAPI document */
  jsonInput: boolean;
  /** the contract endpoint it registers (ADR 0039), when it has one */
  endpoint?: AnyEndpoint;
}

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  interface FastifyInstance {
    xuetuRoutes: RegisteredRoute[];
  }
}

export function registerRoutes(app: FastifyInstance, ctx: AppContext, specs: RouteSpec<z.ZodType>[]): void {
  for (const spec of specs) {
    const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
    const url = `${API_BASE}${spec.url}`;
    app.xuetuRoutes.push({ methods, url, access: spec.access, jsonInput: Boolean(spec.input && !spec.multipart), endpoint: spec.endpoint });
    const jsonSchema = spec.input ? toJsonSchema(spec.input) : undefined;
    app.route({
      method: methods,
      url,
      bodyLimit: spec.bodyLimit,
      config: {
        ...(spec.rateLimit ? { rateLimit: routeRateLimit(spec.rateLimit) } : {}),
        ...(spec.signedLink ? { signedLink: signedLinkCheck(ctx, spec.signedLink) } : {}),
      },
      schema: {
        summary: spec.summary,
        tags: [spec.url.split('/')[2] ?? 'api'],
        security: securityFor(spec.access),
        ...(jsonSchema && !spec.multipart ? (methods.includes('GET') ? { querystring: jsonSchema } : { body: jsonSchema }) : {}),
      },
      handler: async (req, reply) => {
        const actor = req.actor;
        if (spec.access !== 'public') {
          if (!actor) throw unauthorized();
          if (typeof spec.access === 'object' && !hasAction(actor, spec.access.action)) throw forbidden();
        }
        // an administrator's temporary password: nothing but changing it until it is changed
        if (actor?.mustChangePassword && spec.access !== 'public' && !spec.duringPasswordChange) throw appError('PASSWORD_CHANGE_REQUIRED');
        let input: unknown = {};
        if (spec.input) {
          const raw = spec.multipart ? { ...(req.query as object) } : mergeInput(req.query, req.body);
          const badText = badTextMessage(raw);
          if (badText) throw appErrorMsg('BAD_INPUT', badText);
          input = spec.input.parse(normalizeKeys(spec.input, raw));
        }
        const result = await spec.handler({
          input: input as z.output<z.ZodType>,
          caller: callerFromRequest(ctx, req),
          upload: uploadSource(req),
          get actor() {
            if (!actor) throw unauthorized();
            return actor;
          },
          maybeActor: actor,
          ctx,
          req,
          reply,
          ip: req.ip,
        });
        if (reply.sent) return reply;
        if (result instanceof WithMsg) return ok(result.data, result.msg);
        return ok(result === undefined ? null : result);
      },
    });
  }
}

function routeRateLimit({ per = 'address', ...limit }: NonNullable<RouteSpec['rateLimit']>) {
  return { ...limit, keyGenerator: (req: FastifyRequest) => limitKeyFor(req, per) };
}

function signedLinkCheck(ctx: AppContext, check: NonNullable<RouteSpec['signedLink']>) {
  return (req: FastifyRequest) => {
    try {
      return check(callerFromRequest(ctx, req), req);
    } catch {
      // a malformed link is not a signed one: it counts, and the handler answers it
      return false;
    }
  };
}

function mergeInput(query: unknown, body: unknown): Record<string, unknown> {
  const q = typeof query === 'object' && query ? (query as Record<string, unknown>) : {};
  if (Array.isArray(body)) return { ...q, items: body };
  const b = typeof body === 'object' && body ? (body as Record<string, unknown>) : {};
  return { ...q, ...b };
}

function toJsonSchema(schema: z.ZodType): Record<string, unknown> | undefined {
  try {
    // OpenAPI 3.0 Schema Objects (the document is 3.0.3: platform/openapi.ts)
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', target: 'openapi-3.0' }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export { AppError };
