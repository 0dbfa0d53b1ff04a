import { and, asc, count, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { assertOwnerInScope } from '../../../platform/policy.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { companies, orgs } from '../schema/orgs.ts';
import { users } from '../schema/users.ts';

export type CompanyRow = typeof companies.$inferSelect;

/** A company by its sys code or its company code, when the scope may see it. */
export async function findCompanyInScope(db: DbOrTx, scope: TenantScope, code: string): Promise<CompanyRow | undefined> {
  if (!code) return undefined;
  const [row] = await db
    .select()
    .from(companies)
    .where(and(or(eq(companies.companySysCode, code), eq(companies.companyCode, code)), scopeWhere(scope, companies.companySysCode)))
    .limit(1);
  return row;
}

/** Every company the scope may see (an import's company column names one of them). */
export async function companiesInScope(db: DbOrTx, scope: TenantScope): Promise<CompanyRow[]> {
  return db.select().from(companies).where(scopeWhere(scope, companies.companySysCode));
}

export async function listCompanies(db: DbOrTx, scope: TenantScope, q: { key: string; status: string; limit: number; offset: number }) {
  const conds: SQL[] = [scopeWhere(scope, companies.companySysCode)];
  if (q.key) {
    const like = `%${q.key.replace(/[%_\\]/g, '\\$&')}%`;
    conds.push(or(ilike(companies.companyName, like), ilike(companies.companyCode, like)) as SQL);
  }
  if (q.status === '0' || q.status === '1') conds.push(eq(companies.status, Number(q.status)));
  const where = and(...conds);
  const userCount = sql<number>`(select count(*)::int from ${users} where ${users.companySysCode} = ${companies.companySysCode})`;
  const rows = await db
    .select({ company: companies, userCount })
    .from(companies)
    .where(where)
    .orderBy(asc(companies.id))
    .limit(q.limit)
    .offset(q.offset);
  const [total] = await db.select({ n: count() }).from(companies).where(where);
  return { rows, total: Number(total.n) };
}

// ---------- writes: a company is changed only inside the caller's scope (platform staff: any) ----------

type CompanyValues = Pick<typeof companies.$inferInsert, 'companyCode' | 'companyName' | 'contactName' | 'contactPhone'>;

/** A new company with its own organisation root (spec/DESIGN.md §4). */
export async function insertCompany(
  db: DbOrTx,
  scope: TenantScope,
  values: CompanyValues & { companySysCode: string; status: number; createdAt: Date },
  root: { orgCode: string },
): Promise<CompanyRow> {
  assertOwnerInScope(scope, values.companySysCode);
  const [row] = await db.insert(companies).values(values).returning();
  await db.insert(orgs).values({
    orgCode: root.orgCode,
    orgName: values.companyName,
    pId: 0,
    companySysCode: values.companySysCode,
    sortOrder: 1,
    createdAt: values.createdAt,
  });
  return row;
}

export async function updateCompany(
  db: DbOrTx,
  scope: TenantScope,
  id: number,
  values: Partial<CompanyValues & { status: number }>,
): Promise<CompanyRow> {
  const [row] = await db
    .update(companies)
    .set(values)
    .where(and(eq(companies.id, id), scopeWhere(scope, companies.companySysCode)))
    .returning();
  return row;
}

/** Whether a company with this system code exists (any status; platform-wide). */
export async function companyExists(db: DbOrTx, code: string): Promise<boolean> {
  const [row] = await db.select({ id: companies.id }).from(companies).where(eq(companies.companySysCode, code)).limit(1);
  return !!row;
}

/**
 * Whether another company already has this code or name (any company: codes and names are unique
 * platform-wide, so the check looks past the caller's scope and answers only yes or no).
 */
export async function companyNameOrCodeTaken(
  db: DbOrTx,
  input: { companyCode: string; companyName: string; companySysCode?: string | null },
): Promise<boolean> {
  const clash = await db
    .select({ id: companies.id })
    .from(companies)
    .where(
      and(
        or(eq(companies.companyCode, input.companyCode), eq(companies.companyName, input.companyName)),
        input.companySysCode ? ne(companies.companySysCode, input.companySysCode) : undefined,
      ),
    )
    .limit(1);
  return clash.length > 0;
}
