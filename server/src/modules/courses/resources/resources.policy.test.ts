import { AuditStatus, MediaStatus, Perm, ResType } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { err, other, own, platform, tech, testActor } from '../../../../test/policy-kit.ts';
import { NO_SCOPE } from '../../../platform/caller.ts';
import type { Subject } from '../../../platform/policy.ts';
import { authorize, can, resPolicy } from './resources.policy.ts';

const shared = { companySysCode: null };

const actor = (companySysCode: string | null, actions: string[]) => testActor({ chnName: '学员', companySysCode, actions });

describe('resource library policy', () => {
  it('a company administrator manages its own directories; platform and other companies answer like missing ones', () => {
    expect(can(tech, 'manageDir', own)).toBe(true);
    expect(() => authorize(tech, 'manageDir', other)).toThrow(err('RES_DIR_NOT_FOUND'));
    expect(() => authorize(tech, 'manageDir', shared)).toThrow(err('RES_DIR_NOT_FOUND'));
    expect(can(platform, 'manageDir', shared)).toBe(true);
  });

  it('a directory holding resources is not deleted, with the count in the message', () => {
    expect(can(tech, 'deleteDir', { ...own, resources: 0 })).toBe(true);
    expect(() => authorize(tech, 'deleteDir', { ...own, resources: 3 })).toThrow(err('RES_DIR_HAS_RESOURCES'));
    expect(() => authorize(tech, 'deleteDir', { ...other, resources: 0 })).toThrow(err('RES_DIR_NOT_FOUND'));
  });

  it('objects are filed under the platform directories or their own company ones', () => {
    expect(can(tech, 'fileUnder', { owner: 'C-TECH', dir: shared })).toBe(true);
    expect(can(tech, 'fileUnder', { owner: 'C-TECH', dir: own })).toBe(true);
    expect(() => authorize(tech, 'fileUnder', { owner: 'C-TECH', dir: other })).toThrow(err('RES_DIR_NOT_FOUND'));
    expect(() => authorize(platform, 'fileUnder', { owner: null, dir: own })).toThrow(err('RES_DIR_NOT_FOUND'));
    expect(() => authorize(tech, 'fileUnder', { owner: 'C-TECH', dir: undefined })).toThrow(err('RES_DIR_NOT_FOUND'));
  });

  it('a resource is edited unless pending; another company one answers like a missing one', () => {
    expect(can(tech, 'edit', { ...own, auditStatus: AuditStatus.Approved })).toBe(true);
    expect(() => authorize(tech, 'edit', { ...own, auditStatus: AuditStatus.Pending })).toThrow(err('RES_PENDING_LOCKED'));
    expect(() => authorize(tech, 'edit', { ...other, auditStatus: AuditStatus.Draft })).toThrow(err('RES_NOT_FOUND'));
    expect(() => authorize(tech, 'manageRes', shared)).toThrow(err('RES_NOT_FOUND'));
    expect(can(platform, 'manageRes', other)).toBe(true);
  });

  it('submitting needs a submittable status and the content or media', () => {
    const video = {
      ...own,
      auditStatus: AuditStatus.Draft,
      resType: ResType.Video,
      content: '',
      mediaFound: true,
      lessonMediaMissing: false,
      mediaProcessing: false,
    };
    expect(can(tech, 'submit', video)).toBe(true);
    expect(() => authorize(tech, 'submit', { ...video, auditStatus: AuditStatus.Pending })).toThrow(err('RES_ALREADY_PENDING'));
    expect(() => authorize(tech, 'submit', { ...video, auditStatus: AuditStatus.Approved })).toThrow(err('RES_TRANSITION_REFUSED'));
    expect(() => authorize(tech, 'submit', { ...video, mediaFound: false })).toThrow(err('RES_MEDIA_REQUIRED'));
    expect(() => authorize(tech, 'submit', { ...video, lessonMediaMissing: true })).toThrow(err('RES_LESSON_MEDIA_NOT_FOUND'));
    expect(() => authorize(tech, 'submit', { ...video, mediaProcessing: true })).toThrow(err('RES_MEDIA_PROCESSING'));
    const text = { ...video, resType: ResType.RichText, mediaFound: false };
    expect(() => authorize(tech, 'submit', { ...text, content: '  ' })).toThrow(err('RES_CONTENT_REQUIRED'));
    expect(can(tech, 'submit', { ...text, content: '<p>x</p>' })).toBe(true);
    expect(() => authorize(tech, 'submit', { ...video, ...other })).toThrow(err('RES_NOT_FOUND'));
  });

  it('audit and revoke follow the audit table inside the scope', () => {
    expect(can(tech, 'pass', { ...own, auditStatus: AuditStatus.Pending })).toBe(true);
    expect(can(tech, 'reject', { ...own, auditStatus: AuditStatus.Pending })).toBe(true);
    expect(() => authorize(tech, 'pass', { ...own, auditStatus: AuditStatus.Draft })).toThrow(err('RES_TRANSITION_REFUSED'));
    expect(() => authorize(tech, 'pass', { ...shared, auditStatus: AuditStatus.Pending })).toThrow(err('RES_NOT_FOUND'));
    expect(can(tech, 'revoke', { ...own, auditStatus: AuditStatus.Approved })).toBe(true);
    expect(() => authorize(tech, 'revoke', { ...own, auditStatus: AuditStatus.Pending })).toThrow(err('RES_TRANSITION_REFUSED'));
  });

  it('uploads are used by their own company; platform staff use any for a platform resource', () => {
    expect(can(tech, 'useMedia', { media: own, owner: 'C-TECH' })).toBe(true);
    expect(() => authorize(tech, 'useMedia', { media: other, owner: 'C-TECH' })).toThrow(err('MEDIA_NOT_FOUND'));
    expect(() => authorize(tech, 'useMedia', { media: undefined, owner: 'C-TECH' })).toThrow(err('MEDIA_NOT_FOUND'));
    expect(() => authorize(tech, 'useLessonMedia', { media: other, owner: 'C-TECH' })).toThrow(err('RES_LESSON_MEDIA_NOT_FOUND'));
    expect(can(platform, 'useMedia', { media: shared, owner: 'C-TECH' })).toBe(true);
    // a company's upload does not go into another company's (or a platform) resource, even for staff
    expect(() => authorize(platform, 'useMedia', { media: own, owner: null })).toThrow(err('MEDIA_NOT_FOUND'));
  });

  it('only a failed or stalled upload of the caller company is retried', () => {
    expect(can(tech, 'retryMedia', { ...own, status: MediaStatus.Failed })).toBe(true);
    expect(() => authorize(tech, 'retryMedia', { ...own, status: MediaStatus.Ready })).toThrow(err('MEDIA_RETRY_REFUSED'));
    // waiting or processing: only when its job is gone (stalled), not while a process works on it
    expect(can(tech, 'retryMedia', { ...own, status: MediaStatus.Processing, stalled: true })).toBe(true);
    expect(() => authorize(tech, 'retryMedia', { ...own, status: MediaStatus.Processing })).toThrow(err('MEDIA_RETRY_REFUSED'));
    expect(() => authorize(tech, 'retryMedia', { ...other, status: MediaStatus.Failed })).toThrow(err('MEDIA_NOT_FOUND'));
    expect(() => authorize(tech, 'manageMedia', other)).toThrow(err('MEDIA_NOT_FOUND'));
  });

  it("the current version is for administrators of the resource; the approved one by the catalogue's rule", () => {
    const admin: Subject = { ...tech, actor: actor('C-TECH', [Perm.ResList]) };
    const learner: Subject = { ...tech, actor: actor('C-TECH', []) };
    const outsider: Subject = { actor: actor('C-LOGI', []), scope: { all: false, companySysCode: 'C-LOGI' } };
    const visitor: Subject = { actor: null, scope: NO_SCOPE };
    expect(resPolicy.rules.viewCurrent(admin, own)).toBe(true);
    expect(can(learner, 'viewCurrent', own)).toBe(false);
    expect(can(admin, 'viewCurrent', other)).toBe(false);
    const live = { ...own, live: {}, isPrivate: 1 };
    expect(can(learner, 'viewLive', live)).toBe(true);
    expect(can(learner, 'viewLive', { ...live, isPrivate: 0 })).toBe(true);
    // another company's resource, private or not, answers like a missing one (issue 22)
    expect(() => authorize(outsider, 'viewLive', live)).toThrow(err('RES_NOT_FOUND'));
    expect(() => authorize(outsider, 'viewLive', { ...live, isPrivate: 0 })).toThrow(err('RES_NOT_FOUND'));
    expect(() => authorize(visitor, 'viewLive', { ...live, isPrivate: 0 })).toThrow(err('RES_NOT_FOUND'));
    // the platform's: to everyone unless private (then platform staff only)
    const platformLive = { ...shared, live: {}, isPrivate: 0 };
    expect([outsider, visitor, learner].map((s) => can(s, 'viewLive', platformLive))).toEqual([true, true, true]);
    expect([outsider, visitor, platform].map((s) => can(s, 'viewLive', { ...platformLive, isPrivate: 1 }))).toEqual([false, false, true]);
    expect(() => authorize(learner, 'viewLive', { ...live, live: null })).toThrow(err('RES_NOT_FOUND'));
  });
});
