import { type companyBody, type companyListBody, EnableStatus, pageWindow } from '@xuetu/contract';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit.ts';
import type { Caller } from '../../../platform/caller.ts';
import { newShortCode } from '../../../platform/codes.ts';
import { appError, notFound } from '../../../platform/errors.ts';
import { publish } from '../../../platform/events.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { authorize } from './companies.policy.ts';
import { presentCompany } from './companies.presenter.ts';
import { companyNameOrCodeTaken, findCompanyInScope, insertCompany, listCompanies, updateCompany } from './companies.repository.ts';

/** Company list; company staff see only their own company (DESIGN.md §3). */
export async function listCompaniesForAdmin(caller: Caller, input: z.output<typeof companyListBody>) {
  const { limit, offset } = pageWindow(input);
  const { rows, total } = await listCompanies(caller.ctx.db, caller.scope, { ...input.search, limit, offset });
  return { models: rows.map((r) => presentCompany(r.company, r.userCount)), totalCount: total };
}

/** Creates a company with its own organisation root, or edits one. */
export async function saveCompany(caller: Caller, input: z.output<typeof companyBody>) {
  authorize(caller, 'save', { companySysCode: input.companySysCode ?? '' });
  return inTransaction(caller, async (tx) => {
    if (await companyNameOrCodeTaken(tx, input)) throw appError('COMPANY_TAKEN');
    const values = {
      companyCode: input.companyCode,
      companyName: input.companyName,
      contactName: input.contactName,
      contactPhone: input.contactPhone,
    };
    if (!input.companySysCode) {
      const companySysCode = newShortCode('C-');
      const row = await insertCompany(
        tx,
        caller.scope,
        { ...values, companySysCode, status: input.status, createdAt: caller.now },
        { orgCode: newShortCode('O') },
      );
      await recordAudit(tx, caller, { action: 'company.add', target: companySysCode, detail: values });
      return presentCompany(row);
    }
    const existing = await findCompanyInScope(tx, caller.scope, input.companySysCode);
    if (!existing || existing.companySysCode !== input.companySysCode) throw notFound();
    const row = await updateCompany(tx, caller.scope, existing.id, values);
    await recordAudit(tx, caller, { action: 'company.edit', target: existing.companySysCode, detail: values });
    return presentCompany(row);
  });
}

/** Enables or disables a company. */
export async function toggleCompanyStatus(caller: Caller, companySysCode: string) {
  authorize(caller, 'toggleStatus', { companySysCode });
  return inTransaction(caller, async (tx) => {
    const existing = await findCompanyInScope(tx, caller.scope, companySysCode);
    if (!existing) throw notFound();
    const status = existing.status === EnableStatus.Enabled ? EnableStatus.Disabled : EnableStatus.Enabled;
    await updateCompany(tx, caller.scope, existing.id, { status });
    await recordAudit(tx, caller, {
      action: status === EnableStatus.Enabled ? 'company.enable' : 'company.disable',
      target: existing.companySysCode,
    });
    return { status, companySysCode: existing.companySysCode };
  }).then(async (r) => {
    // a disabled company's people are signed out now (ADR 0010)
    if (r.status === EnableStatus.Disabled)
      await publish(caller.ctx, 'directory.accessEnded', { companySysCode: r.companySysCode, now: caller.now });
    return { status: r.status };
  });
}
