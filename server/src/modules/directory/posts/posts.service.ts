import { AdminMsg, type orgPostListBody, pageWindow, type postBody, type postListBody, type setOrgPostBody } from '@xuetu/contract';
import type { z } from 'zod';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { newShortCode } from '../../../platform/codes.ts';
import { appError, appErrorMsg, notFound } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { filterCompany, targetCompany } from '../companies/target.ts';
import { findOrgInScope, findOrgsByIds, listOrgs } from '../orgs/orgs.repository.ts';
import { authorize } from './posts.policy.ts';
import { presentOrgPost, presentPost } from './posts.presenter.ts';
import {
  deletePost as deletePostRow,
  findPostInScope,
  holdersOfPost,
  insertPost,
  linkPostToOrg,
  listOrgPosts,
  listPosts,
  orgLinksOf,
  postNameTaken,
  setPostOrgs,
  unlinkPostFromOrg,
  updatePost,
} from './posts.repository.ts';

const EMPTY = { models: [], totalCount: 0 };

/** GetOrgPostListPage: department–post rows, one department (OrgCode) or all. */
export async function listOrgPostsForAdmin(caller: Caller, input: z.output<typeof orgPostListBody>) {
  const { ctx, scope } = caller;
  const company = await filterCompany(ctx.db, scope, input.companySysCode);
  if (company === null) return EMPTY;
  let orgId: number | undefined;
  if (input.orgCode) {
    const org = await findOrgInScope(ctx.db, scope, {
      orgCode: input.orgCode,
      id: /^\d+$/.test(input.orgCode) ? Number(input.orgCode) : undefined,
    });
    if (!org) return EMPTY;
    orgId = org.id;
  }
  const { limit, offset } = pageWindow(input);
  const { rows, total } = await listOrgPosts(ctx.db, scope, { keyWord: input.keyWord, orgId, company, limit, offset });
  return { models: rows.map(presentOrgPost), totalCount: total };
}

/** GetPostListPage: the company's posts with their department paths. */
export async function listPostsForAdmin(caller: Caller, input: z.output<typeof postListBody>) {
  const { ctx, scope } = caller;
  const company = await filterCompany(ctx.db, scope, input.companySysCode);
  if (company === null) return EMPTY;
  const { limit, offset } = pageWindow(input);
  const { rows, total } = await listPosts(ctx.db, scope, { keyWord: input.keyWord, company, limit, offset });
  const links = await orgLinksOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  const companies = [...new Set(rows.map((r) => r.companySysCode))];
  const orgRows = (await Promise.all(companies.map((c) => listOrgs(ctx.db, scope, c)))).flat();
  const orgById = new Map(orgRows.map((o) => [o.id, o]));
  return {
    models: rows.map((r) =>
      presentPost(
        r,
        links.filter((l) => l.postId === r.id),
        orgById,
      ),
    ),
    totalCount: total,
  };
}

export async function savePost(caller: Caller, input: z.output<typeof postBody>) {
  authorize(caller, 'save', { postCode: input.postCode ?? '' });
  const { scope } = caller;
  return inTransaction(caller, async (tx) => {
    const existing = input.postCode ? await findPostInScope(tx, scope, { postCode: input.postCode }) : undefined;
    if (input.postCode && !existing) throw notFound();
    const companySysCode = existing?.companySysCode ?? (await targetCompany(tx, requireActor(caller), input.companySysCode)).companySysCode;
    if (await postNameTaken(tx, companySysCode, input.postName, existing?.id)) throw appError('POST_NAME_TAKEN');
    if (existing) {
      const row = await updatePost(tx, scope, existing.id, { postName: input.postName, importance: input.importance });
      await recordAudit(tx, caller, {
        action: 'post.edit',
        target: row.postCode,
        detail: { postName: row.postName, importance: row.importance },
      });
      return { postCode: row.postCode };
    }
    const row = await insertPost(tx, scope, {
      postCode: newShortCode('P'),
      postName: input.postName,
      importance: input.importance,
      companySysCode,
    });
    if (input.orgCode) {
      const org = await findOrgInScope(tx, scope, { orgCode: input.orgCode });
      authorize(caller, 'linkOrg', { post: row, org });
      if (org) await linkPostToOrg(tx, scope, row.id, org.id);
    }
    await recordAudit(tx, caller, {
      action: 'post.add',
      target: row.postCode,
      detail: { postName: row.postName, orgCode: input.orgCode },
    });
    return { postCode: row.postCode };
  });
}

/** Deletes a post and its department assignments; refused while users hold it. */
export async function deletePost(caller: Caller, postCode: string) {
  const { scope } = caller;
  return inTransaction(caller, async (tx) => {
    const post = await findPostInScope(tx, scope, { postCode });
    if (!post) throw notFound();
    const n = await holdersOfPost(tx, post.id);
    if (Number(n) > 0) throw appErrorMsg('POST_HAS_USERS', AdminMsg.postHasUsers(n));
    await deletePostRow(tx, scope, post.id);
    await recordAudit(tx, caller, {
      action: 'post.delete',
      target: post.postCode,
      detail: { postName: post.postName },
    });
    return null;
  });
}

export async function removeOrgPost(caller: Caller, input: { postCode: string; orgCode: string }) {
  const { scope } = caller;
  return inTransaction(caller, async (tx) => {
    const post = await findPostInScope(tx, scope, { postCode: input.postCode });
    const org = await findOrgInScope(tx, scope, { orgCode: input.orgCode });
    if (!post || !org) throw notFound();
    if (!(await unlinkPostFromOrg(tx, scope, post.id, org.id))) throw notFound();
    await recordAudit(tx, caller, {
      action: 'post.removeOrg',
      target: post.postCode,
      detail: { orgCode: org.orgCode },
    });
    return null;
  });
}

/** Replaces a post's departments with the selected ones (spec: the last id of each selected path). */
export async function setOrgPosts(caller: Caller, input: z.output<typeof setOrgPostBody>) {
  const { scope } = caller;
  return inTransaction(caller, async (tx) => {
    const post = await findPostInScope(tx, scope, { postCode: input.postCode });
    if (!post) throw notFound();
    const ids = [...new Set(input.orgIds.filter((i) => i > 0))];
    const found = await findOrgsByIds(tx, scope, ids);
    if (found.length !== ids.length) throw appError('ORG_NOT_FOUND');
    for (const org of found) authorize(caller, 'linkOrg', { post, org });
    await setPostOrgs(tx, scope, post.id, ids);
    await recordAudit(tx, caller, { action: 'post.setOrgs', target: post.postCode, detail: { orgIds: ids } });
    return null;
  });
}
