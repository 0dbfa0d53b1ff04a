import { type CertDefinitionSaveInput, type CertIssuedListInput, CertLimits, CertMsg, type certDefinitionListInput } from '@xuetu/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.ts';
import { recordAudit } from '../../platform/audit.ts';
import { type Caller, requireActor } from '../../platform/caller.ts';
import { appError } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/tx.ts';
import { checkPicks, companyNamesByCode, filterCompany, peopleOfPicks, targetCompany } from '../directory/public.ts';
import { companyProjectsByCode, projectRefsById } from '../projects/public.ts';
import { idsOf, presentDefinition, presentIssued } from './certificates.presenter.ts';
import * as repo from './certificates.repository.ts';
import { issueCertificate } from './issue.ts';

// 证书管理 (issue 42): a platform administrator manages any company's certificates, a company
// administrator their own company's (the tenant scope on every read and write; another company's
// certificate answers like a missing one).

const DAY_MS = 86_400_000;
/** "expiring" on the definitions' counts: within 30 days (the first reminder of issue 42 item 3) */
const EXPIRING_DAYS = 30;

async function presentDefinitions(db: DbOrTx, rows: repo.DefinitionRow[], now: Date) {
  const ids = rows.map((r) => r.id);
  const [names, rules, counts] = await Promise.all([
    companyNamesByCode(db, [...new Set(rows.map((r) => r.companySysCode))]),
    repo.rulesOf(db, ids),
    repo.countsOf(db, ids, now, new Date(now.getTime() + EXPIRING_DAYS * DAY_MS)),
  ]);
  const projects = await projectRefsById(
    db,
    rules.flatMap((r) => (r.projectId ? [r.projectId] : [])),
  );
  return rows.map((r) =>
    presentDefinition(
      r,
      names.get(r.companySysCode) ?? '',
      rules
        .filter((x) => x.definitionId === r.id)
        .map((x) =>
          x.kind === 'project'
            ? { ...x, examCode: projects.get(x.projectId!)?.code ?? '', examName: projects.get(x.projectId!)?.name ?? '' }
            : x,
        ),
      counts.get(r.id),
    ),
  );
}

export async function listDefinitionsForAdmin(
  caller: Caller,
  input: z.output<typeof certDefinitionListInput>,
  window: { limit: number; offset: number },
) {
  const db = caller.ctx.db;
  const company = await filterCompany(db, caller.scope, input.companySysCode);
  if (company === null) return { models: [], totalCount: 0 };
  const { rows, total } = await repo.listDefinitions(db, caller.scope, { company, keyword: input.keyword }, window);
  return { models: await presentDefinitions(db, rows, caller.now), totalCount: total };
}

export async function getDefinitionForAdmin(caller: Caller, id: number) {
  const row = await repo.findDefinitionInScope(caller.ctx.db, caller.scope, id);
  if (!row) throw appError('CERT_DEFINITION_NOT_FOUND');
  return (await presentDefinitions(caller.ctx.db, [row], caller.now))[0]!;
}

/** Each rule's exam or project must be the certificate's company's (another company's answers like a missing one). */
async function resolveRules(tx: DbOrTx, company: string, rules: CertDefinitionSaveInput['rules']) {
  const keys = rules.map((r) => `${r.kind}:${r.refCode}`);
  if (new Set(keys).size !== keys.length) throw appError('CERT_RULE_DUPLICATE');
  const of = (kind: string) => rules.filter((r) => r.kind === kind).map((r) => r.refCode);
  const [exams, projects] = await Promise.all([
    repo.companyExamsByCode(tx, company, of('exam')),
    companyProjectsByCode(tx, company, of('project')),
  ]);
  return rules.map((r) => {
    if (r.kind === 'project') {
      const project = projects.get(r.refCode);
      if (!project) throw appError('CERT_RULE_PROJECT_NOT_FOUND');
      return { kind: r.kind, examId: null, projectId: project.id, minScore: null };
    }
    const exam = exams.get(r.refCode);
    if (!exam) throw appError('CERT_RULE_EXAM_NOT_FOUND');
    return { kind: r.kind, examId: exam.id, projectId: null, minScore: r.minScore };
  });
}

export async function saveDefinition(caller: Caller, input: CertDefinitionSaveInput) {
  const actor = requireActor(caller);
  const saved = await inTransaction(caller, async (tx) => {
    const existing = input.id ? await repo.findDefinitionInScope(tx, caller.scope, input.id, true) : undefined;
    if (input.id && !existing) throw appError('CERT_DEFINITION_NOT_FOUND');
    const company = existing ? existing.companySysCode : (await targetCompany(tx, actor, input.companySysCode)).companySysCode;
    if (await repo.definitionNameTaken(tx, company, input.name, existing?.id)) throw appError('CERT_NAME_TAKEN');
    const rules = await resolveRules(tx, company, input.rules);
    const values = {
      name: input.name,
      template: input.template,
      prefix: input.prefix,
      validityMonths: input.validityMonths,
      enabled: input.enabled,
    };
    const row = existing
      ? await repo.updateDefinition(tx, caller.scope, existing.id, { ...values, now: caller.now })
      : await repo.insertDefinition(tx, caller.scope, { ...values, companySysCode: company, createdBy: actor.userId, now: caller.now });
    if (!row) throw appError('CERT_DEFINITION_NOT_FOUND');
    await repo.replaceRules(tx, caller.scope, row.id, rules);
    await recordAudit(tx, caller, {
      action: existing ? 'certificate.edit' : 'certificate.add',
      target: String(row.id),
      detail: { name: row.name },
    });
    return row;
  });
  return (await presentDefinitions(caller.ctx.db, [saved], caller.now))[0]!;
}

/** What the sources name (`exam:<id>`, `project:<id>`), by source: two statements for any number. */
export async function sourceNames(db: DbOrTx, sources: string[]): Promise<Map<string, string>> {
  const [exams, projects] = await Promise.all([repo.examNames(db, idsOf('exam', sources)), projectRefsById(db, idsOf('project', sources))]);
  const out = new Map<string, string>();
  for (const [id, name] of exams) out.set(`exam:${id}`, name);
  for (const [id, p] of projects) out.set(`project:${id}`, p.name);
  return out;
}

function filterOf(input: CertIssuedListInput, company: string | undefined, now: Date): repo.IssuedFilter {
  return {
    company,
    definitionId: input.definitionId,
    status: input.status,
    expiringUntil: input.expiringWithinDays ? new Date(now.getTime() + input.expiringWithinDays * DAY_MS) : undefined,
    keyword: input.keyword,
    now,
  };
}

/** The filter of the issued list and its export, or null when the company filter names nothing in scope. */
export async function issuedFilter(caller: Caller, input: CertIssuedListInput): Promise<repo.IssuedFilter | null> {
  const company = await filterCompany(caller.ctx.db, caller.scope, input.companySysCode);
  return company === null ? null : filterOf(input, company, caller.now);
}

export async function listIssuedForAdmin(caller: Caller, input: CertIssuedListInput, window: { limit: number; offset: number }) {
  const filter = await issuedFilter(caller, input);
  if (!filter) return { models: [], totalCount: 0 };
  const db = caller.ctx.db;
  const { rows, total } = await repo.listIssued(db, caller.scope, filter, window);
  const names = await sourceNames(
    db,
    rows.map((r) => r.issued.source),
  );
  return { models: rows.map((r) => presentIssued(r, caller.now, names)), totalCount: total };
}

export async function revokeCertificate(caller: Caller, input: { id: number; reason: string }) {
  const actor = requireActor(caller);
  await inTransaction(caller, async (tx) => {
    const found = await repo.findIssuedInScope(tx, caller.scope, input.id);
    if (!found) throw appError('CERT_NOT_FOUND');
    if (found.issued.status === repo.IssuedStatus.Revoked) throw appError('CERT_ALREADY_REVOKED');
    const row = await repo.revokeIssued(tx, caller.scope, found.issued.id, {
      reason: input.reason,
      kind: 'manual',
      by: actor.userId,
      now: caller.now,
    });
    if (!row) throw appError('CERT_ALREADY_REVOKED');
    await recordAudit(tx, caller, { action: 'certificate.revoke', target: row.number, detail: { reason: input.reason } });
  });
  const after = (await repo.findIssuedInScope(caller.ctx.db, caller.scope, input.id))!;
  return presentIssued(after, caller.now, await sourceNames(caller.ctx.db, [after.issued.source]));
}

/**
 * Issues the certificate to the picked people (the participant dialog's people, departments and
 * posts of the certificate's company), skipping those who hold a valid one of it already. The
 * definition's row is locked meanwhile, so two issues at once do not both give someone one.
 */
export async function issueManually(
  caller: Caller,
  input: { definitionId: number; participants: { users: number[]; orgs: number[]; posts: number[] } },
) {
  const actor = requireActor(caller);
  const result = await inTransaction(caller, async (tx) => {
    const definition = await repo.findDefinitionInScope(tx, caller.scope, input.definitionId, true);
    if (!definition) throw appError('CERT_DEFINITION_NOT_FOUND');
    if (!definition.enabled) throw appError('CERT_DEFINITION_DISABLED');
    const picks = await checkPicks(tx, definition.companySysCode, input.participants);
    const people = [...new Set((await peopleOfPicks(tx, definition.companySysCode, picks)).map((p) => p.userId))];
    if (!people.length) throw appError('CERT_NOBODY_TO_ISSUE');
    if (people.length > CertLimits.manualMax) throw appError('CERT_TOO_MANY_PEOPLE');
    const [holders, names] = await Promise.all([repo.validHolders(tx, definition.id, people, caller.now), repo.peopleNames(tx, people)]);
    let issued = 0;
    for (const userId of people) {
      if (holders.has(userId)) continue;
      const row = await issueCertificate(tx, caller.scope, {
        definition,
        userId,
        holderName: names.get(userId) ?? '',
        source: (number) => `manual:${number}`,
        score: null,
        issuedBy: actor.userId,
        now: caller.now,
      });
      if (row) issued++;
    }
    await recordAudit(tx, caller, { action: 'certificate.issue', target: String(definition.id), detail: { issued } });
    return { issued, skipped: people.length - issued };
  });
  return { ...result, msg: CertMsg.issued(result.issued, result.skipped) };
}
