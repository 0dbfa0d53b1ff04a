import type { Actor } from './actor.ts';
import type { Caller } from './caller.ts';
import { type AppError, forbidden } from './errors.ts';
import { inScope, type TenantScope, tenantScope } from './scope.ts';

/**
 * Object rules ("may this caller edit this role?") live in one `policy.ts` per module, in the
 * manner of outline's `policies/`: `authorize(caller, 'update', role)` throws the answer the
 * caller gets, `can(caller, 'update', role)` only tells. The route has already checked the action
 * value; a rule decides about one object the service has loaded (and any facts it looked up,
 * such as "holds a platform role"), so rules are pure functions tested without the app.
 *
 * A rule returns `true` or the error to throw, which keeps each module's answers unchanged:
 * another company's object answers like a missing one (its NOT_FOUND code), a refused change
 * FORBIDDEN, a refused choice its business code. Write rules as `cond || notFound()`.
 */
export type Verdict = true | AppError;

/** Who asks: a `Caller` (its actor and scope). */
export type Subject = Pick<Caller, 'actor' | 'scope'>;

/** The subject of an actor without a request (policy tests, jobs acting for a user). */
export function subjectOf(actor: Actor): Subject {
  return { actor, scope: tenantScope(actor) };
}

// biome-ignore lint/suspicious/noExplicitAny: each rule names its own object type; `never` would reject them all
type Rule = (subject: Subject, object: any) => Verdict;

export interface Policy<R extends Record<string, Rule>> {
  authorize<A extends keyof R & string>(subject: Subject, action: A, object: Parameters<R[A]>[1]): void;
  can<A extends keyof R & string>(subject: Subject, action: A, object: Parameters<R[A]>[1]): boolean;
  /** the rules themselves, for the module's pure tests */
  readonly rules: R;
}

export function definePolicy<R extends Record<string, Rule>>(rules: R): Policy<R> {
  return {
    rules,
    authorize(subject, action, object) {
      const verdict = rules[action](subject, object);
      if (verdict !== true) throw verdict;
    },
    can(subject, action, object) {
      return rules[action](subject, object) === true;
    },
  };
}

/** Platform staff (system roles 1 and 2): the scope of every company. */
export const isPlatformStaff = (subject: Subject): boolean => subject.scope.all;

/**
 * The repositories' backstop for inserts: the new row's company must be inside the scope (a
 * platform-wide row, company null, only for platform staff). Services have already chosen the
 * owner; reaching this throw is a bug, answered as FORBIDDEN rather than written.
 */
export function assertOwnerInScope(scope: TenantScope, companySysCode: string | null | undefined): void {
  if (!inScope(scope, companySysCode)) throw forbidden();
}
