import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { companies, users } from '../../db/schema/index.ts';
import { scopeWhere, type TenantScope } from '../../platform/scope.ts';

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
