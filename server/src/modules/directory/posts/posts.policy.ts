import { Perm } from '@xuetu/contract';
import { hasAction } from '../../../platform/actor.ts';
import { appError, forbidden } from '../../../platform/errors.ts';
import { definePolicy, type Subject } from '../../../platform/policy.ts';

/**
 * Posts: the caller's scope limits which it finds (another company's answers like a missing one);
 * SavePost adds with 新增 and edits with 修改, and a post belongs to departments of its own
 * company only.
 */
export const postPolicy = definePolicy({
  save: (subject: Subject, post: { postCode: string }) =>
    (subject.actor !== null && hasAction(subject.actor, post.postCode ? Perm.PostEdit : Perm.PostAdd)) || forbidden(),
  linkOrg: (_subject: Subject, pair: { post: { companySysCode: string }; org: { companySysCode: string } | undefined }) =>
    (pair.org !== undefined && pair.org.companySysCode === pair.post.companySysCode) || appError('ORG_NOT_FOUND'),
});

export const { authorize, can } = postPolicy;
