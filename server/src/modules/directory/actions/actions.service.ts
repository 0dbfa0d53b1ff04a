import { AdminMsg, type actionBody, EnableStatus, flattenActions, type roleTreeQuery } from '@xuetu/contract';
import type { z } from 'zod';
import { invalidateAllActors } from '../../../platform/actor.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newShortCode } from '../../../platform/codes.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError, appErrorMsg, notFound } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { isPlatformAdmin } from '../roles/rules.ts';
import { presentAction, presentActionTree } from './actions.presenter.ts';
import { childPermissions, codesTaken, deleteActions, findAction, insertAction, listActions, updateAction } from './actions.repository.ts';

const BUILTIN_CODES = new Set(flattenActions().map((n) => n.value));

/**
 * GetRoleTree: the action tree filtered by Status ('' all, '1' valid) and ActionType ('0,1,2').
 * Below the platform administrator only actions the caller holds appear, so a company
 * administrator builds roles from their own actions only.
 */
export async function getActionTree(caller: Caller, input: z.output<typeof roleTreeQuery>) {
  const actor = requireActor(caller);
  const types = new Set(
    input.actionType
      .split(',')
      .map((t) => Number(t.trim()))
      .filter((t) => [0, 1, 2].includes(t)),
  );
  const rows = (await listActions(caller.ctx.db)).filter(
    (r) => types.has(r.type) && (input.status === '' || String(r.status) === input.status),
  );
  const held = new Set(actor.actions);
  const all = isPlatformAdmin(actor);
  return presentActionTree(rows, (r) => all || held.has(r.value));
}

export async function getActionById(caller: Caller, id: number) {
  const db = caller.ctx.db;
  const row = await findAction(db, { id });
  if (!row) throw notFound();
  const perms = await childPermissions(db, row.id);
  return { ...presentAction(row), pageActions: perms.map((p) => ({ id: p.id, name: p.name, value: p.value })) };
}

// sys_action and its grants are platform-owned (no company): these writes take no tenant scope;
// the routes admit the action values of platform administrators (ADR 0023).
type ActionInput = z.output<typeof actionBody>;

/** Adds, renames and removes a page's button permissions (type 2 children) to match the list. */
async function syncPagePermissions(
  tx: Parameters<Parameters<AppContext['db']['transaction']>[0]>[0],
  parentId: number,
  items: NonNullable<ActionInput['pageActions']>,
) {
  const existing = await childPermissions(tx, parentId);
  const values = items.map((i) => i.value);
  if (new Set(values).size !== values.length) throw appError('ACTION_CODE_TAKEN');
  const keepIds = new Set(items.filter((i) => i.id).map((i) => i.id as number));
  const gone = existing.filter((e) => !keepIds.has(e.id));
  if (gone.some((g) => BUILTIN_CODES.has(g.code))) throw appError('ACTION_BUILTIN_DELETE');
  if (gone.length) {
    const ids = gone.map((g) => g.id);
    await deleteActions(tx, ids);
  }
  let sort = 0;
  for (const item of items) {
    sort += 10;
    const current = item.id ? existing.find((e) => e.id === item.id) : undefined;
    if (item.id && !current) throw notFound();
    if (current) {
      if (BUILTIN_CODES.has(current.code) && current.value !== item.value) throw appError('ACTION_BUILTIN_VALUE');
      await updateAction(tx, current.id, { name: item.name, value: item.value, sort });
    } else {
      const taken = await codesTaken(tx, [item.value]);
      if (taken.length) throw appErrorMsg('ACTION_CODE_TAKEN', AdminMsg.actionCodeTakenValue(item.value));
      await insertAction(tx, { parentId, name: item.name, type: 2, code: item.value, value: item.value, sort });
    }
  }
}

async function checkParent(tx: Parameters<typeof findAction>[0], parentId: number, selfId?: number) {
  if (parentId === 0) return;
  const parent = await findAction(tx, { id: parentId });
  if (!parent || parent.id === selfId) throw appError('ACTION_PARENT_NOT_FOUND');
  // no loops: walk up from the parent
  const rows = await listActions(tx);
  const byId = new Map(rows.map((r) => [r.id, r]));
  let cur = byId.get(parentId);
  for (let i = 0; cur && i < 50; i++) {
    if (cur.id === selfId) throw appError('ACTION_PARENT_LOOP');
    cur = byId.get(cur.parentId);
  }
}

/** The columns an add or edit writes, from the dialog's fields. */
function actionColumns(input: ActionInput, code: string, value: string) {
  const { parentId, name, type, url, icon, needAction, sort, isHidden, status } = input;
  return { parentId, name, type, url, icon, needAction, sort, isHidden, status, code, value };
}

export async function addAction(caller: Caller, input: ActionInput) {
  const code = input.code || input.value || newShortCode('A.');
  const value = input.value || code;
  const row = await inTransaction(caller, async (tx) => {
    await checkParent(tx, input.parentId);
    if ((await codesTaken(tx, [code])).length) throw appError('ACTION_CODE_TAKEN');
    const created = await insertAction(tx, actionColumns(input, code, value));
    if (input.pageActions) await syncPagePermissions(tx, created.id, input.pageActions);
    await recordAudit(tx, caller, {
      action: 'action.add',
      target: code,
      detail: { name: input.name, type: input.type, url: input.url },
    });
    return created;
  });
  await invalidateAllActors(caller.ctx);
  return presentAction(row);
}

export async function editAction(caller: Caller, input: ActionInput) {
  if (!input.id) throw notFound();
  const row = await inTransaction(caller, async (tx) => {
    const current = await findAction(tx, { id: input.id });
    if (!current) throw notFound();
    const code = input.code || current.code;
    const value = input.value || current.value;
    if (BUILTIN_CODES.has(current.code) && (code !== current.code || value !== current.value)) throw appError('ACTION_BUILTIN_CODE');
    if (code !== current.code && (await codesTaken(tx, [code])).length) throw appError('ACTION_CODE_TAKEN');
    await checkParent(tx, input.parentId, current.id);
    const updated = await updateAction(tx, current.id, actionColumns(input, code, value));
    if (input.pageActions) await syncPagePermissions(tx, current.id, input.pageActions);
    await recordAudit(tx, caller, {
      action: 'action.edit',
      target: code,
      detail: { name: input.name, pageActions: input.pageActions?.map((p) => p.value) },
    });
    return updated;
  });
  await invalidateAllActors(caller.ctx);
  return presentAction(row);
}

/** SaveActionStatus: toggles valid/invalid; users see the change at their next load. */
export async function toggleActionStatus(caller: Caller, code: string) {
  const row = await inTransaction(caller, async (tx) => {
    const current = await findAction(tx, { code });
    if (!current) throw notFound();
    const status = current.status === EnableStatus.Enabled ? EnableStatus.Disabled : EnableStatus.Enabled;
    const updated = await updateAction(tx, current.id, { status });
    await recordAudit(tx, caller, {
      action: status === EnableStatus.Enabled ? 'action.enable' : 'action.disable',
      target: code,
    });
    return updated;
  });
  await invalidateAllActors(caller.ctx);
  return presentAction(row);
}
