import type { DbOrTx } from '../../../db/client.ts';
import type { Actor } from '../../../platform/actor.ts';
import { appError, notFound } from '../../../platform/errors.ts';
import { type TenantScope, tenantScope } from '../../../platform/scope.ts';
import { type CompanyRow, findCompanyInScope } from './companies.repository.ts';

/**
 * The company a write goes to: a company user's own company (naming another one answers as
 * missing), or for platform staff the company they name (they must name one).
 */
export async function targetCompany(db: DbOrTx, actor: Actor, requested: string): Promise<CompanyRow> {
  const scope = tenantScope(actor);
  if (!scope.all) {
    const own = await findCompanyInScope(db, scope, scope.companySysCode);
    if (!own) throw notFound();
    if (requested && requested !== own.companySysCode && requested !== own.companyCode) throw notFound();
    return own;
  }
  if (!requested) throw appError('COMPANY_PICK_REQUIRED');
  const found = await findCompanyInScope(db, scope, requested);
  if (!found) throw notFound();
  return found;
}

/** The company a list is filtered to: undefined = every company the scope sees; null = nothing matches. */
export async function filterCompany(db: DbOrTx, scope: TenantScope, requested: string): Promise<string | undefined | null> {
  if (!requested) return scope.all ? undefined : scope.companySysCode;
  const found = await findCompanyInScope(db, scope, requested);
  return found ? found.companySysCode : null;
}
