import type { DbOrTx } from '../../db/client.ts';
import { type Caller, requireActor } from '../../platform/caller.ts';
import type { TenantScope } from '../../platform/scope.ts';
import { targetCompany } from '../companies/target.ts';

/**
 * Company rules of exam authoring, in one place. Routes have checked the action value; reads
 * are limited to the caller's scope, and writes go to the company `ownerCompany` returns (a
 * company administrator's own; platform staff must name one).
 */
export type { Caller };

export function scopeOf(caller: Caller): TenantScope {
  return caller.scope;
}

/** The company a new object belongs to; another company's code answers like a missing one. */
export async function ownerCompany(db: DbOrTx, caller: Caller, requested: string): Promise<string> {
  return (await targetCompany(db, requireActor(caller), requested)).companySysCode;
}
