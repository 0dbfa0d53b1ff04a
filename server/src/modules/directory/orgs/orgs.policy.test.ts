import { ORG_ROOT_ID, Perm, SysRole } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../../platform/actor.ts';
import { subjectOf } from '../../../platform/policy.ts';
import { authorize as authorizePost, can as canPost } from '../posts/posts.policy.ts';
import { authorize, can } from './orgs.policy.ts';

const corp = (actions: string[]) =>
  subjectOf({ userId: 1, sysRoles: [SysRole.CompanyAdmin], companySysCode: 'C-TECH', actions } as unknown as Actor);
const err = (code: string) => expect.objectContaining({ code });

describe('department policy', () => {
  it('never changes the virtual root', () => {
    expect(() => authorize(corp([Perm.OrgDelete]), 'edit', { id: ORG_ROOT_ID })).toThrow(err('ORG_ROOT_LOCKED'));
    expect(() => authorize(corp([Perm.OrgDelete]), 'delete', { id: ORG_ROOT_ID })).toThrow(err('ORG_ROOT_LOCKED'));
    expect(can(corp([]), 'edit', { id: 5 })).toBe(true);
  });

  it('deleting needs its own action', () => {
    expect(() => authorize(corp([]), 'delete', { id: 5 })).toThrow(err('FORBIDDEN'));
    expect(can(corp([Perm.OrgDelete]), 'delete', { id: 5 })).toBe(true);
  });

  it('moves a department under one of its own company only', () => {
    const org = { companySysCode: 'C-TECH' };
    expect(can(corp([]), 'placeUnder', { org, parent: { companySysCode: 'C-TECH' } })).toBe(true);
    expect(() => authorize(corp([]), 'placeUnder', { org, parent: { companySysCode: 'C-LOGI' } })).toThrow(err('ORG_PARENT_NOT_FOUND'));
    expect(() => authorize(corp([]), 'placeUnder', { org, parent: undefined })).toThrow(err('ORG_PARENT_NOT_FOUND'));
  });
});

describe('post policy', () => {
  it('adding needs 新增 and editing 修改', () => {
    expect(canPost(corp([Perm.PostAdd]), 'save', { postCode: '' })).toBe(true);
    expect(() => authorizePost(corp([Perm.PostAdd]), 'save', { postCode: 'P1' })).toThrow(err('FORBIDDEN'));
    expect(canPost(corp([Perm.PostEdit]), 'save', { postCode: 'P1' })).toBe(true);
  });

  it('a post joins departments of its own company only', () => {
    const post = { companySysCode: 'C-TECH' };
    expect(canPost(corp([]), 'linkOrg', { post, org: { companySysCode: 'C-TECH' } })).toBe(true);
    expect(() => authorizePost(corp([]), 'linkOrg', { post, org: { companySysCode: 'C-LOGI' } })).toThrow(err('ORG_NOT_FOUND'));
  });
});
