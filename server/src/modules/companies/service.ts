import { randomBytes } from 'node:crypto';
import { AdminMsg, type companyBody, type companyListBody, Perm, pageWindow } from '@xuetu/contract';
import { and, eq, gt, isNull, ne, or } from 'drizzle-orm';
import type { z } from 'zod';
import { companies, orgs, sessions, users } from '../../db/schema/index.ts';
import { type Actor, hasAction } from '../../platform/actor.ts';
import { recordAudit } from '../../platform/audit.ts';
import type { AppContext } from '../../platform/context.ts';
import { fail, forbidden, notFound } from '../../platform/errors.ts';
import { tenantScope } from '../../platform/scope.ts';
import { revokeUserSessions } from '../../platform/sessions.ts';
import { presentCompany } from './presenter.ts';
import { findCompanyInScope, listCompanies } from './repository.ts';

export const newCode = (prefix: string) => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;

/** Company list; company staff see only their own company (DESIGN.md §3). */
export async function listCompaniesForAdmin(ctx: AppContext, actor: Actor, input: z.output<typeof companyListBody>) {
  const { limit, offset } = pageWindow(input);
  const { rows, total } = await listCompanies(ctx.db, tenantScope(actor), { ...input.search, limit, offset });
  return { models: rows.map((r) => presentCompany(r.company, r.userCount)), totalCount: total };
}

function requirePlatform(actor: Actor) {
  // companies are managed by system roles 1 and 2 only, whatever a custom role grants
  if (!tenantScope(actor).all) throw forbidden();
}

/** Creates a company with its own organisation root, or edits one. */
export async function saveCompany(ctx: AppContext, actor: Actor, ip: string, input: z.output<typeof companyBody>) {
  requirePlatform(actor);
  if (!hasAction(actor, input.companySysCode ? Perm.CompanyEdit : Perm.CompanyAdd)) throw forbidden();
  return ctx.db.transaction(async (tx) => {
    const clash = await tx
      .select({ id: companies.id })
      .from(companies)
      .where(
        and(
          or(eq(companies.companyCode, input.companyCode), eq(companies.companyName, input.companyName)),
          input.companySysCode ? ne(companies.companySysCode, input.companySysCode) : undefined,
        ),
      )
      .limit(1);
    if (clash.length) throw fail(`${AdminMsg.companyCodeTaken}或公司名称重复`);
    const values = {
      companyCode: input.companyCode,
      companyName: input.companyName,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
    };
    if (!input.companySysCode) {
      const companySysCode = newCode('C-');
      const [row] = await tx
        .insert(companies)
        .values({ ...values, companySysCode, status: input.status })
        .returning();
      // spec/DESIGN.md §4: each company gets its own organisation root
      await tx.insert(orgs).values({ orgCode: newCode('O'), orgName: input.companyName, pId: 0, companySysCode, sortOrder: 1 });
      await recordAudit(tx, { actor, ip, action: 'company.add', target: companySysCode, detail: values });
      return presentCompany(row);
    }
    const existing = await findCompanyInScope(tx, tenantScope(actor), input.companySysCode);
    if (!existing || existing.companySysCode !== input.companySysCode) throw notFound();
    const [row] = await tx.update(companies).set(values).where(eq(companies.id, existing.id)).returning();
    await recordAudit(tx, { actor, ip, action: 'company.edit', target: existing.companySysCode, detail: values });
    return presentCompany(row);
  });
}

/** Enables or disables a company. */
export async function toggleCompanyStatus(ctx: AppContext, actor: Actor, ip: string, companySysCode: string) {
  requirePlatform(actor);
  return ctx.db
    .transaction(async (tx) => {
      const existing = await findCompanyInScope(tx, tenantScope(actor), companySysCode);
      if (!existing) throw notFound();
      const status = existing.status === 1 ? 0 : 1;
      await tx.update(companies).set({ status }).where(eq(companies.id, existing.id));
      await recordAudit(tx, { actor, ip, action: status ? 'company.enable' : 'company.disable', target: existing.companySysCode });
      return { status, companySysCode: existing.companySysCode };
    })
    .then(async (r) => {
      // a disabled company's people are signed out now (ADR 0010)
      if (r.status === 0) await signOutCompany(ctx, r.companySysCode);
      return { status: r.status };
    });
}

async function signOutCompany(ctx: AppContext, companySysCode: string) {
  const live = await ctx.db
    .selectDistinct({ userId: sessions.userId })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(users.companySysCode, companySysCode), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())));
  for (const { userId } of live) await revokeUserSessions(ctx, userId);
}
