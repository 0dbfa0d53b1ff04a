import {
  IMPORT_COLUMNS,
  IMPORT_COMPANY_COLUMN,
  ImportMsg,
  isValidIdCard,
  PHONE_PATTERN,
  parseDateTime,
  type UserRowView,
} from '@xuetu/contract';
import type { Tx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError, appErrorMsg } from '../../../platform/errors.ts';
import { setJobResult } from '../../../platform/jobs/repository.ts';
import { inTransaction } from '../../../platform/tx.ts';
import type { SheetRow } from '../../../platform/workbook/index.ts';
import { companiesInScope } from '../companies/companies.repository.ts';
import { targetCompany } from '../companies/target.ts';
import { orgTreeOfCompany } from '../orgs/orgs.repository.ts';
import { postNamesOfCompany } from '../posts/posts.repository.ts';
import { UNMANAGEABLE_REASON, unmanageableUserIds } from '../users/manage.ts';
import { presentUserRow } from '../users/users.presenter.ts';
import {
  type ImportedUpdate,
  idCardsAndMobilesOfCompany,
  insertImportedUsers,
  rolesOfUsers,
  takenAccountCodes,
  updateImportedUsers,
  usersByIdCardsOrMobiles,
} from '../users/users.repository.ts';

const [NAME, ID_CARD, MOBILE, ORG, POST, PART_TIME, VALID] = IMPORT_COLUMNS;

interface PlannedRow {
  rowNumber: number;
  companySysCode: string;
  chnName: string;
  idCard: string;
  mobile: string;
  orgId: number | null;
  postId: number | null;
  partTimePostId: number | null;
  validDate: Date | null;
  /** set when the ID number already exists in the company: the row updates that person */
  existingId: number | null;
}

export interface ImportPlan {
  errors: string[];
  rows: PlannedRow[];
  companies: { companySysCode: string; companyCode: string }[];
}

interface CompanyIndex {
  companyCode: string;
  /** department by full path 'A/B/C' and by name (null when the name is ambiguous) */
  orgByPath: Map<string, number>;
  orgByName: Map<string, number | null>;
  postByName: Map<string, number>;
  userByIdCard: Map<string, { id: number; mobile: string }>;
  userByMobile: Map<string, string>;
}

async function indexCompany(ctx: AppContext, companySysCode: string, companyCode: string): Promise<CompanyIndex> {
  const orgRows = await orgTreeOfCompany(ctx.db, companySysCode);
  const byId = new Map(orgRows.map((o) => [o.id, o]));
  const orgByPath = new Map<string, number>();
  const orgByName = new Map<string, number | null>();
  for (const o of orgRows) {
    const names: string[] = [];
    let cur: typeof o | undefined = o;
    for (let i = 0; cur && i < 50; i++) {
      names.unshift(cur.orgName);
      cur = byId.get(cur.pId);
    }
    orgByPath.set(names.join('/'), o.id);
    // the company's own top node may be left out of a path
    if (names.length > 1) orgByPath.set(names.slice(1).join('/'), o.id);
    orgByName.set(o.orgName, orgByName.has(o.orgName) ? null : o.id);
  }
  const postRows = await postNamesOfCompany(ctx.db, companySysCode);
  const userRows = await idCardsAndMobilesOfCompany(ctx.db, companySysCode);
  return {
    companyCode,
    orgByPath,
    orgByName,
    postByName: new Map(postRows.map((p) => [p.postName, p.id])),
    userByIdCard: new Map(userRows.filter((u) => u.idCard).map((u) => [u.idCard.toUpperCase(), { id: u.id, mobile: u.mobile }])),
    userByMobile: new Map(userRows.filter((u) => u.mobile).map((u) => [u.mobile, u.idCard.toUpperCase()])),
  };
}

/**
 * checkuserinfo: validates every row and resolves departments and posts; one message per bad
 * cell: row number, column, reason. Nothing is written.
 */
export async function planImport(
  caller: Caller,
  sheet: { headers: string[]; rows: SheetRow[] },
  requestedCompany: string,
): Promise<ImportPlan> {
  const { ctx } = caller;
  const actor = requireActor(caller);
  const missing = [NAME, ID_CARD, MOBILE].filter((h) => !sheet.headers.includes(h));
  if (missing.length) throw appErrorMsg('IMPORT_HEADER_MISSING', ImportMsg.headerMissing(missing.join('、')));
  if (sheet.rows.length === 0) throw appError('IMPORT_NO_ROWS');
  const withCompany = sheet.headers.includes(IMPORT_COMPANY_COLUMN);
  const scope = caller.scope;

  // the company of each row: the company column, or the one the request names / the actor's own
  const fixed = withCompany ? null : await targetCompany(ctx.db, actor, requestedCompany);
  const companyRows = withCompany ? await companiesInScope(ctx.db, scope) : [fixed as NonNullable<typeof fixed>];
  const companyByCode = new Map<string, (typeof companyRows)[number]>();
  for (const c of companyRows) {
    companyByCode.set(c.companyCode, c);
    companyByCode.set(c.companySysCode, c);
  }
  const indexes = new Map<string, CompanyIndex>();
  const indexOf = async (c: (typeof companyRows)[number]) => {
    let idx = indexes.get(c.companySysCode);
    if (!idx) {
      idx = await indexCompany(ctx, c.companySysCode, c.companyCode);
      indexes.set(c.companySysCode, idx);
    }
    return idx;
  };

  // one per bad cell, with its row so that errors found later can be put in row order
  const errors: { row: number; text: string }[] = [];
  const planned: PlannedRow[] = [];
  const seenId = new Map<string, number>();
  const seenMobile = new Map<string, number>();
  const pendingExisting: { rowNumber: number; existingId: number }[] = [];
  let seen = 0;
  for (const row of sheet.rows) {
    // thousands of rows: let other requests in now and then
    if (++seen % 1000 === 0) await new Promise((r) => setImmediate(r));
    const get = (h: string) => row.cells.get(h) ?? '';
    const bad = (col: string, reason: string) => errors.push({ row: row.rowNumber, text: ImportMsg.cellError(row.rowNumber, col, reason) });
    const before = errors.length;
    let company = fixed;
    if (withCompany) {
      const code = get(IMPORT_COMPANY_COLUMN);
      company = code ? (companyByCode.get(code) ?? null) : null;
      if (!code) bad(IMPORT_COMPANY_COLUMN, ImportMsg.required);
      else if (!company) bad(IMPORT_COMPANY_COLUMN, ImportMsg.companyNotFound(code));
    }
    const chnName = get(NAME);
    if (!chnName) bad(NAME, ImportMsg.required);
    else if (chnName.length > 50) bad(NAME, ImportMsg.nameTooLong);
    const idCard = get(ID_CARD).toUpperCase();
    if (!idCard) bad(ID_CARD, ImportMsg.required);
    else if (!isValidIdCard(idCard)) bad(ID_CARD, /E\+/i.test(idCard) ? ImportMsg.idCardAsNumber : ImportMsg.badFormat);
    else if (seenId.has(idCard)) bad(ID_CARD, ImportMsg.duplicateOf(seenId.get(idCard)));
    else seenId.set(idCard, row.rowNumber);
    const mobile = get(MOBILE);
    if (!mobile) bad(MOBILE, ImportMsg.required);
    else if (!PHONE_PATTERN.test(mobile)) bad(MOBILE, ImportMsg.badFormat);
    else if (seenMobile.has(mobile)) bad(MOBILE, ImportMsg.duplicateOf(seenMobile.get(mobile)));
    else seenMobile.set(mobile, row.rowNumber);
    const validText = get(VALID);
    const validDate = validText ? parseDateTime(validText.replace(/\//g, '-')) : null;
    if (validText && !validDate && !validText.startsWith('1900')) bad(VALID, ImportMsg.dateFormat);

    let orgId: number | null = null;
    let postId: number | null = null;
    let partTimePostId: number | null = null;
    let existingId: number | null = null;
    if (company) {
      const idx = await indexOf(company);
      // split and trim, not /\s*[/／>]\s*/g: that pattern rescans a long run of spaces from each of them
      const orgText = get(ORG)
        .split(/[/／>]/)
        .map((p) => p.trim())
        .join('/');
      if (orgText) {
        const found = orgText.includes('/') ? idx.orgByPath.get(orgText) : idx.orgByName.get(orgText);
        if (found === null) bad(ORG, ImportMsg.orgAmbiguous(orgText));
        else if (found === undefined) bad(ORG, ImportMsg.orgNotFound(orgText));
        else orgId = found;
      }
      const postText = get(POST);
      if (postText) {
        postId = idx.postByName.get(postText) ?? null;
        if (postId === null) bad(POST, ImportMsg.postNotFound(postText));
      }
      const partText = get(PART_TIME);
      if (partText) {
        partTimePostId = idx.postByName.get(partText) ?? null;
        if (partTimePostId === null) bad(PART_TIME, ImportMsg.postNotFound(partText));
      }
      if (idCard && mobile) {
        existingId = idx.userByIdCard.get(idCard)?.id ?? null;
        const owner = idx.userByMobile.get(mobile);
        if (owner !== undefined && owner !== idCard) bad(MOBILE, ImportMsg.mobileTaken);
      }
    }
    if (existingId !== null && errors.length === before) pendingExisting.push({ rowNumber: row.rowNumber, existingId });
    if (errors.length === before && company) {
      planned.push({
        rowNumber: row.rowNumber,
        companySysCode: company.companySysCode,
        chnName,
        idCard,
        mobile,
        orgId,
        postId,
        partTimePostId,
        validDate,
        existingId,
      });
    }
  }
  // rows that would change a person the actor may not manage (e.g. a platform-role holder of
  // their company): reported and never written, exactly as the direct edit routes refuse them
  const refused = await unmanageableUserIds(
    ctx.db,
    actor,
    pendingExisting.map((p) => p.existingId),
  );
  const refusedRows = new Set(pendingExisting.filter((p) => refused.has(p.existingId)).map((p) => p.rowNumber));
  for (const rowNumber of refusedRows) errors.push({ row: rowNumber, text: ImportMsg.cellError(rowNumber, ID_CARD, UNMANAGEABLE_REASON) });
  if (refusedRows.size) errors.sort((a, b) => a.row - b.row);
  return {
    errors: errors.map((e) => e.text),
    rows: planned.filter((r) => !refusedRows.has(r.rowNumber)),
    companies: [...indexes.entries()].map(([companySysCode, idx]) => ({ companySysCode, companyCode: idx.companyCode })),
  };
}

const CHUNK = 500;

/** Picks free account codes for new people: the ID number, else company code + ID number. */
async function accountCodes(tx: Tx, rows: PlannedRow[], companyCodeOf: Map<string, string>): Promise<string[]> {
  const candidates = rows.map((r) => r.idCard);
  const taken = new Set<string>();
  for (let i = 0; i < candidates.length; i += CHUNK) {
    const part = candidates.slice(i, i + CHUNK);
    const alts = part.map((c, j) => `${companyCodeOf.get(rows[i + j].companySysCode)}-${c}`);
    const found = await takenAccountCodes(
      tx,
      [...part, ...alts].map((c) => c.toLowerCase()),
    );
    for (const code of found) taken.add(code.toLowerCase());
  }
  return rows.map((r) => {
    if (!taken.has(r.idCard.toLowerCase())) {
      taken.add(r.idCard.toLowerCase());
      return r.idCard;
    }
    const alt = `${companyCodeOf.get(r.companySysCode)}-${r.idCard}`;
    if (!taken.has(alt.toLowerCase())) {
      taken.add(alt.toLowerCase());
      return alt;
    }
    return `${alt}-${r.rowNumber}-${Date.now().toString(36)}`;
  });
}

/** The counts of a finished import (SaveExportIn's data, an import job's result). */
export interface ImportResult {
  added: number;
  updated: number;
}

/** The columns an import writes of a person it adds or updates alike. */
const importedColumns = (r: PlannedRow): Omit<ImportedUpdate, 'id'> => ({
  chn_name: r.chnName,
  mobile: r.mobile,
  org_id: r.orgId,
  post_id: r.postId,
  part_time_post_id: r.partTimePostId,
  valid_date: r.validDate?.toISOString() ?? null,
});

/**
 * SaveExportIn: all or nothing in one transaction. People are keyed by ID number within the
 * company: a re-import updates them instead of adding duplicates. `jobId`: the import job this
 * runs in, whose result is stored in the same transaction.
 */
export async function runImport(caller: Caller, plan: ImportPlan, opts: { jobId?: number } = {}): Promise<ImportResult> {
  const { ctx } = caller;
  requireActor(caller);
  if (plan.errors.length) throw appErrorMsg('IMPORT_INVALID', plan.errors.slice(0, 20).join('\n'), plan.errors);
  const companyCodeOf = new Map(plan.companies.map((c) => [c.companySysCode, c.companyCode]));
  const updates = plan.rows.filter((r) => r.existingId !== null);
  const inserts = plan.rows.filter((r) => r.existingId === null);
  const scope = caller.scope;
  const result = { added: inserts.length, updated: updates.length };
  await inTransaction(ctx, async (tx) => {
    for (let i = 0; i < updates.length; i += CHUNK) {
      const part = updates.slice(i, i + CHUNK).map((r) => ({ id: r.existingId as number, ...importedColumns(r) }));
      await updateImportedUsers(tx, scope, part, caller.now);
    }
    const codes = await accountCodes(tx, inserts, companyCodeOf);
    for (let i = 0; i < inserts.length; i += CHUNK) {
      const part = inserts.slice(i, i + CHUNK).map((r, j) => ({
        account_code: codes[i + j],
        id_card: r.idCard,
        company_sys_code: r.companySysCode,
        ...importedColumns(r),
      }));
      await insertImportedUsers(tx, scope, part, caller.now);
    }
    await recordAudit(tx, caller, {
      action: 'user.import',
      target: plan.companies.map((c) => c.companyCode).join(','),
      detail: { ...result },
    });
    if (opts.jobId !== undefined) await setJobResult(tx, opts.jobId, result);
  });
  return result;
}

/**
 * UserExportIn (participant dialog, "import learners"): finds the listed people among the users
 * the caller may see, by ID number or else phone. msg lists the rows that matched nobody.
 */
export async function matchListedUsers(caller: Caller, sheet: { headers: string[]; rows: SheetRow[] }) {
  const { ctx } = caller;
  if (!sheet.headers.includes(ID_CARD) && !sheet.headers.includes(MOBILE))
    throw appErrorMsg('IMPORT_HEADER_MISSING', ImportMsg.headerNeedsOne(ID_CARD, MOBILE));
  const scope = caller.scope;
  const idCards = sheet.rows.map((r) => (r.cells.get(ID_CARD) ?? '').toUpperCase()).filter(Boolean);
  const mobiles = sheet.rows.map((r) => r.cells.get(MOBILE) ?? '').filter(Boolean);
  const found: UserRowView[] = [];
  const seen = new Set<number>();
  const byId = new Map<string, UserRowView>();
  const byMobile = new Map<string, UserRowView>();
  for (let i = 0; i < Math.max(idCards.length, mobiles.length); i += CHUNK) {
    const ids = idCards.slice(i, i + CHUNK);
    const ms = mobiles.slice(i, i + CHUNK);
    const rows = await usersByIdCardsOrMobiles(ctx.db, scope, ids, ms, CHUNK * 4);
    const roleMap = await rolesOfUsers(
      ctx.db,
      rows.map((r) => r.user.id),
    );
    for (const r of rows) {
      const view = presentUserRow(r, roleMap.get(r.user.id));
      byId.set(view.idCard.toUpperCase(), view);
      if (!byMobile.has(view.mobile)) byMobile.set(view.mobile, view);
    }
  }
  const missing: string[] = [];
  for (const row of sheet.rows) {
    const id = (row.cells.get(ID_CARD) ?? '').toUpperCase();
    const m = row.cells.get(MOBILE) ?? '';
    const hit = (id && byId.get(id)) || (m && byMobile.get(m)) || undefined;
    if (!hit) missing.push(ImportMsg.rowNotFound(row.rowNumber, row.cells.get(NAME) ?? ''));
    else if (!seen.has(hit.userId)) {
      seen.add(hit.userId);
      found.push(hit);
    }
  }
  return { users: found, msg: missing.slice(0, 50).join('；') };
}
