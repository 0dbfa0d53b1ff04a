import { EnableStatus, UserType } from '@xuetu/contract';
import { and, asc, count, eq, ilike, inArray, isNotNull, isNull, like, or, type SQL, sql } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { likeContains } from '../../../platform/like.ts';
import { scopeWhere, type TenantScope } from '../../../platform/scope.ts';
import { companies, orgs, posts } from '../schema/orgs.ts';
import { roles, users } from '../schema/users.ts';

// What other modules read of the directory's people, departments, posts and companies (ADR 0039):
// they never import these tables. Joins go through the views below; lists of names by ids or codes
// through one set-based query each.

const qb = new QueryBuilder();

const personColumns = {
  id: users.id,
  accountCode: users.accountCode,
  chnName: users.chnName,
  headImage: users.headImage,
  companySysCode: users.companySysCode,
  orgId: users.orgId,
  orgName: orgs.orgName,
};

/**
 * A person as another module joins them: id, account code, name, picture, company, and the name
 * of their department. A subquery in FROM, which PostgreSQL flattens into the caller's query: a
 * join on it costs what a join on the tables did (the department's join drops out when unused).
 */
export const peopleView = qb.select(personColumns).from(users).leftJoin(orgs, eq(orgs.id, users.orgId)).as('person');

/** peopleView of the people whose account is in use: enabled and not cancelled. */
export const activePeopleView = qb
  .select(personColumns)
  .from(users)
  .leftJoin(orgs, eq(orgs.id, users.orgId))
  .where(and(eq(users.status, EnableStatus.Enabled), isNull(users.cancelledAt)))
  .as('active_person');

/** A company's name by its code, to join (`code`, `name`). */
export const companyNameView = qb
  .select({ code: companies.companySysCode, name: companies.companyName })
  .from(companies)
  .as('company_name');

/** A company's first top department (the lowest id among those without a parent), or undefined. */
export async function topDepartmentOf(db: DbOrTx, companySysCode: string): Promise<number | undefined> {
  const [top] = await db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.companySysCode, companySysCode), eq(orgs.pId, 0)))
    .orderBy(orgs.id)
    .limit(1);
  return top?.id;
}

/** Names of companies by code (codes not found are left out). */
export async function companyNamesByCode(db: DbOrTx, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const rows = await db
    .select({ code: companies.companySysCode, name: companies.companyName })
    .from(companies)
    .where(inArray(companies.companySysCode, codes));
  return new Map(rows.map((r) => [r.code, r.name]));
}

/** What a code names, by kind: a person's account code, a department's or post's code, a company's or role's code. */
const NAMED = {
  user: { table: users, code: users.accountCode, name: users.chnName },
  org: { table: orgs, code: orgs.orgCode, name: orgs.orgName },
  post: { table: posts, code: posts.postCode, name: posts.postName },
  company: { table: companies, code: companies.companySysCode, name: companies.companyName },
  role: { table: roles, code: roles.code, name: roles.roleName },
} as const;
export type NamedKind = keyof typeof NAMED;

/** Names of people, departments, posts, companies or roles by their codes (gone ones are left out). */
export async function namesByCode(db: DbOrTx, kind: NamedKind, codes: string[]): Promise<Map<string, string>> {
  if (!codes.length) return new Map();
  const k = NAMED[kind];
  const rows = await db.select({ code: k.code, name: k.name }).from(k.table).where(inArray(k.code, codes));
  return new Map(rows.map((r) => [r.code, r.name]));
}

/**
 * People by account code, by account code prefix and/or company, in account code order: the demo
 * seeds find the demo accounts with it.
 */
export function findPeopleByAccount(db: DbOrTx, by: { codes?: string[]; prefix?: string; company?: string }) {
  return db
    .select({ id: users.id, accountCode: users.accountCode, chnName: users.chnName, companySysCode: users.companySysCode })
    .from(users)
    .where(
      and(
        by.codes ? inArray(users.accountCode, by.codes.length ? by.codes : ['']) : undefined,
        by.prefix ? like(users.accountCode, `${by.prefix.replace(/[%_\\]/g, '\\$&')}%`) : undefined,
        by.company ? eq(users.companySysCode, by.company) : undefined,
      ),
    )
    .orderBy(asc(users.accountCode));
}

/** The ids of a company's enabled people who have signed in at least once (they have a password). */
export async function activatedPeopleOf(db: DbOrTx, companySysCode: string): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companySysCode, companySysCode), eq(users.status, EnableStatus.Enabled), isNotNull(users.passwordHash)));
  return rows.map((r) => r.id);
}

/** Company accounts (not cancelled) and how many of them are activated; company undefined = every company. */
export async function countCompanyAccounts(db: DbOrTx, company?: string): Promise<{ accounts: number; activated: number }> {
  const [row] = await db
    .select({
      accounts: count(),
      activated: sql<number>`count(*) filter (where ${users.passwordHash} is not null)`,
    })
    .from(users)
    .where(
      and(
        eq(users.userType, UserType.CompanyUser),
        isNull(users.cancelledAt),
        company ? eq(users.companySysCode, company) : isNotNull(users.companySysCode),
      ),
    );
  return { accounts: Number(row.accounts), activated: Number(row.activated) };
}

// ---------- whom an administrator may message (content's messages) ----------

/** People an administrator may message: active accounts inside the scope, by name, account code or phone. */
export async function searchReceivers(db: DbOrTx, scope: TenantScope, keyword: string, limit: number, offset: number) {
  const where = and(
    scopeWhere(scope, users.companySysCode),
    eq(users.status, EnableStatus.Enabled),
    isNotNull(users.passwordHash),
    keyword
      ? (or(
          ilike(users.chnName, likeContains(keyword)),
          ilike(users.accountCode, likeContains(keyword)),
          ilike(users.mobile, likeContains(keyword)),
        ) as SQL)
      : undefined,
  );
  const [rows, [{ n }]] = await Promise.all([
    db
      .select({
        userId: users.id,
        accountCode: users.accountCode,
        chnName: users.chnName,
        companyName: companies.companyName,
        orgName: orgs.orgName,
      })
      .from(users)
      .leftJoin(companies, eq(companies.companySysCode, users.companySysCode))
      .leftJoin(orgs, eq(orgs.id, users.orgId))
      .where(where)
      .orderBy(users.id)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(users).where(where),
  ]);
  return { rows: rows.map((r) => ({ ...r, companyName: r.companyName ?? '', orgName: r.orgName ?? '' })), total: Number(n) };
}

/** The ids among `ids` that the scope may message. */
export async function receiversInScope(db: DbOrTx, scope: TenantScope, ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, ids), scopeWhere(scope, users.companySysCode), eq(users.status, EnableStatus.Enabled)));
  return rows.map((r) => r.id);
}

/** Ids among `ids` that are departments / posts inside the scope (others are dropped). */
export async function groupsInScope(db: DbOrTx, scope: TenantScope, kind: 'org' | 'post', ids: number[]): Promise<number[]> {
  if (!ids.length) return [];
  const table = kind === 'org' ? orgs : posts;
  const rows = await db
    .select({ id: table.id })
    .from(table)
    .where(and(inArray(table.id, ids), scopeWhere(scope, table.companySysCode)));
  return rows.map((r) => r.id);
}

/**
 * Active people inside the scope who work in one of the departments (or a department below
 * one) or hold one of the posts (main or part-time).
 */
export async function receiversOfGroups(db: DbOrTx, scope: TenantScope, orgIds: number[], postIds: number[]): Promise<number[]> {
  const conds: SQL[] = [];
  if (orgIds.length) {
    const ids = sql.join(
      orgIds.map((id) => sql`${id}`),
      sql`, `,
    );
    conds.push(sql`${users.orgId} in (
      with recursive sub(id) as (
        select id from ${orgs} where id in (${ids})
        union select o.id from ${orgs} o join sub on o.p_id = sub.id
      ) select id from sub)`);
  }
  if (postIds.length) conds.push(or(inArray(users.postId, postIds), inArray(users.partTimePostId, postIds)) as SQL);
  if (!conds.length) return [];
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(scopeWhere(scope, users.companySysCode), eq(users.status, EnableStatus.Enabled), isNull(users.cancelledAt), or(...conds)));
  return rows.map((r) => r.id);
}
