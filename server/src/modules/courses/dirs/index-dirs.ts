import { ROOT_DIR_NO } from '@xuetu/contract';
import { NO_SCOPE } from '../../../platform/caller.ts';
import type { Caller } from '../resources/resources.policy.ts';
import * as repo from './dirs.repository.ts';

/**
 * The home page's category tabs: the directories below `dNo` (default 00, the top level) that
 * the viewer sees: platform directories, and their own company's when signed in.
 */
export async function listIndexDirs(caller: Caller, dNo: string): Promise<{ dCode: string; dName: string; dNo: string; dpNo: string }[]> {
  const rows = await repo.listDirs(caller.ctx.db, caller.scope.all ? NO_SCOPE : caller.scope);
  return rows.filter((r) => r.dpNo === (dNo || ROOT_DIR_NO)).map((r) => ({ dCode: r.dCode, dName: r.dName, dNo: r.dNo, dpNo: r.dpNo }));
}
