import { type ResDirNode, ROOT_DIR_NO, type resDirSaveInput } from '@xuetu/contract';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit.ts';
import { newCode } from '../../../platform/codes.ts';
import { appError } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { authorize, type Caller, newOwner } from '../resources/resources.policy.ts';
import * as repo from './dirs.repository.ts';

/** The directory and every directory below it (by dNo → dCode). */
export function dirSubtree(dirs: repo.DirRow[], dCode: string): repo.DirRow[] {
  const root = dirs.find((d) => d.dCode === dCode);
  if (!root) return [];
  const out = [root];
  for (let i = 0; i < out.length; i++) for (const d of dirs) if (d.dpNo === out[i].dNo) out.push(d);
  return out;
}

export function presentDirTree(rows: repo.DirRow[], counts: Map<string, number>, rootNo = ROOT_DIR_NO): ResDirNode[] {
  const known = new Set(rows.map((r) => r.dNo));
  const node = (r: repo.DirRow): ResDirNode => ({
    dCode: r.dCode,
    dName: r.dName,
    dNo: r.dNo,
    dpNo: r.dpNo,
    sort: r.sort,
    companySysCode: r.companySysCode ?? '',
    resCount: counts.get(r.dCode) ?? 0,
    children: rows.filter((c) => c.dpNo === r.dNo).map(node),
  });
  // a directory whose parent the viewer cannot see shows at the top
  return rows.filter((r) => r.dpNo === rootNo || (rootNo === ROOT_DIR_NO && !known.has(r.dpNo))).map(node);
}

export async function getDirTree(caller: Caller, companySysCode: string): Promise<ResDirNode[]> {
  const rows = await repo.listDirs(caller.ctx.db, caller.scope, caller.scope.all ? companySysCode || undefined : undefined);
  return presentDirTree(rows, await repo.countResources(caller.ctx.db));
}

/** Children of one directory number (00 = top level), without grandchildren. */
export async function listByParentNo(caller: Caller, pNo: string): Promise<ResDirNode[]> {
  const rows = await repo.listDirs(caller.ctx.db, caller.scope);
  return presentDirTree(rows, await repo.countResources(caller.ctx.db), pNo || ROOT_DIR_NO).map((n) => ({ ...n, children: [] }));
}

/**
 * SaveData: create when no dCode is given (a missing dpNo means top level), otherwise rename,
 * move (dpNo) and reorder (sort). A company directory may sit below a platform one; a platform
 * directory only below a platform one.
 */
export async function saveDir(caller: Caller, input: z.output<typeof resDirSaveInput>): Promise<{ dCode: string; dNo: string }> {
  const scope = caller.scope;
  return inTransaction(caller, async (tx) => {
    const existing = input.dCode ? await repo.findDir(tx, scope, input.dCode) : undefined;
    if (input.dCode && !existing) throw appError('RES_DIR_NOT_FOUND');
    if (existing) authorize(caller, 'manageDir', existing);
    if (existing && input.dNo && input.dNo !== existing.dNo) throw appError('RES_DIR_NO_MISMATCH');
    const owner = existing ? existing.companySysCode : await newOwner(tx, caller, input.companySysCode);
    const dpNo = input.dpNo || ROOT_DIR_NO;
    if (dpNo !== ROOT_DIR_NO) {
      authorize(caller, 'fileUnder', { owner, dir: await repo.findDirByNo(tx, scope, dpNo) });
      if (existing && dirSubtree(await repo.listDirs(tx, scope), existing.dCode).some((d) => d.dNo === dpNo))
        throw appError('RES_DIR_PARENT_LOOP');
    }
    if (existing) {
      await repo.updateDir(tx, scope, existing.id, { dName: input.dName, dpNo, sort: input.sort ?? existing.sort });
      await recordAudit(tx, caller, { action: 'resdir.update', target: existing.dCode });
      return { dCode: existing.dCode, dNo: existing.dNo };
    }
    const row = await repo.insertDir(tx, scope, {
      dCode: newCode('RD'),
      dName: input.dName,
      dNo: await repo.nextDirNo(tx),
      dpNo,
      sort: input.sort ?? (await repo.maxSort(tx, dpNo)) + 10,
      companySysCode: owner,
      createdAt: caller.now,
    });
    await recordAudit(tx, caller, { action: 'resdir.add', target: row.dCode, detail: { name: row.dName } });
    return { dCode: row.dCode, dNo: row.dNo };
  });
}

/** Refused while it or a child holds resources (with the count); children go with it otherwise. */
export async function deleteDir(caller: Caller, dCode: string): Promise<void> {
  await inTransaction(caller, async (tx) => {
    const dir = await repo.findDir(tx, caller.scope, dCode);
    if (!dir) throw appError('RES_DIR_NOT_FOUND');
    authorize(caller, 'manageDir', dir);
    // every company's resources count: a platform directory may hold company resources
    const tree = dirSubtree(await repo.listDirs(tx, { all: true }), dir.dCode);
    const counts = await repo.countResources(
      tx,
      tree.map((d) => d.dCode),
    );
    authorize(caller, 'deleteDir', { ...dir, resources: [...counts.values()].reduce((a, b) => a + b, 0) });
    for (const d of tree) await repo.deleteDir(tx, caller.scope, d.id);
    await recordAudit(tx, caller, { action: 'resdir.delete', target: dir.dCode, detail: { name: dir.dName } });
  });
}
