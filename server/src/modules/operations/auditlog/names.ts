import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { companies, orgs, posts, roles, users } from '../../../db/schema/index.ts';

/** What an audit target code names, by the action's domain (user.* → account code, org.* → org code, …). */
const KINDS = {
  user: { table: users, code: users.accountCode, name: users.chnName },
  User: { table: users, code: users.accountCode, name: users.chnName },
  org: { table: orgs, code: orgs.orgCode, name: orgs.orgName },
  post: { table: posts, code: posts.postCode, name: posts.postName },
  company: { table: companies, code: companies.companySysCode, name: companies.companyName },
  role: { table: roles, code: roles.code, name: roles.roleName },
} as const;
type Kind = keyof typeof KINDS;
const isKind = (k: string): k is Kind => k in KINDS;

/**
 * Names for a page of audit entries: the target of each (people, departments, posts, companies,
 * roles) and the company it happened in. One query per kind; gone objects get no name.
 */
export async function auditNames(db: DbOrTx, rows: { action: string; target: string; companySysCode: string | null }[]) {
  const codes = new Map<Kind, Set<string>>();
  const companyCodes = new Set<string>();
  for (const r of rows) {
    const kind = r.action.split('.')[0];
    if (isKind(kind) && r.target) {
      if (!codes.has(kind)) codes.set(kind, new Set());
      codes.get(kind)!.add(r.target);
    }
    if (r.companySysCode) companyCodes.add(r.companySysCode);
  }
  const byKind = new Map<string, Map<string, string>>();
  for (const [kind, set] of codes) {
    const k = KINDS[kind];
    const found = await db
      .select({ code: k.code, name: k.name })
      .from(k.table)
      .where(inArray(k.code, [...set]));
    byKind.set(kind, new Map(found.map((f) => [f.code, f.name])));
  }
  const companyNames = companyCodes.size
    ? new Map(
        (
          await db
            .select({ code: companies.companySysCode, name: companies.companyName })
            .from(companies)
            .where(inArray(companies.companySysCode, [...companyCodes]))
        ).map((c) => [c.code, c.name]),
      )
    : new Map<string, string>();
  return {
    targetName: (r: { action: string; target: string }) => byKind.get(r.action.split('.')[0])?.get(r.target) ?? '',
    companyName: (code: string | null) => (code ? (companyNames.get(code) ?? '') : ''),
  };
}
