import { and, eq, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import { NO_COMPANY, type TenantScope } from '../../../platform/scope.ts';
import { resources } from '../schema/resources.ts';

/**
 * Who sees a resource on the learner side (issue 22, ADR 0017): the one rule of the catalogue,
 * the home page's course lists, the study calls (detail, lessons, notes, favourites, heartbeat)
 * and the media calls (preview, play list, text content). An approved version (`live`), not
 * deleted, and
 * - platform staff (the platform-wide scope): every one;
 * - a company's people: their own company's, and the platform's that are not private;
 * - nobody's scope (signed out): the platform's that are not private, what the portal lists.
 * Another company's resource answers like a missing one (RES_NOT_FOUND).
 *
 * The rule is written twice, once as SQL for lists and once in code for a row already read;
 * `visibility.test.ts` checks both against the same rows.
 */
export type VisibleRow = { companySysCode: string | null; isPrivate: number; live: unknown; deletedAt?: Date | null };

/** The viewer's company: null when the scope is nobody's (signed out, or a user of no company). */
export const viewerCompany = (scope: TenantScope & { all: false }) => (scope.companySysCode === NO_COMPANY ? null : scope.companySysCode);

/** The rule as a WHERE fragment on `resources`. */
export function visibleResWhere(scope: TenantScope): SQL {
  const approved = and(isNotNull(resources.live), isNull(resources.deletedAt)) as SQL;
  if (scope.all) return approved;
  const platform = and(isNull(resources.companySysCode), eq(resources.isPrivate, 0)) as SQL;
  const company = viewerCompany(scope);
  return and(approved, company === null ? platform : or(platform, eq(resources.companySysCode, company))) as SQL;
}

/** The rule for a row already read (a cached heartbeat lookup, the play list's resource). */
export function isResVisible(scope: TenantScope, row: VisibleRow): boolean {
  if (row.live == null || row.deletedAt) return false;
  if (scope.all) return true;
  if (row.companySysCode === null) return row.isPrivate === 0;
  return row.companySysCode === viewerCompany(scope);
}

/** A company's learner-side scope (null: nobody's), for the home page answers cached per company. */
export const viewerScope = (company: string | null): TenantScope => ({ all: false, companySysCode: company ?? NO_COMPANY });
