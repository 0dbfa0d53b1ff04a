import { FileStatus, FileVisibility } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { storedFiles, users } from '../../db/schema/index.ts';
import { DEMO_COMPANY } from '../../db/seed/demo.ts';
import { loadActor } from '../../modules/identity/public.ts';
import { type Caller, systemCaller } from '../caller.ts';
import { tenantScope } from '../scope.ts';
import { fileAccess } from './access.ts';

// The one file-access rule (issue 38 item 3): who may read a stored key's bytes, by link (the
// download route) and by the server for a caller (exports, imports).
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function callerOf(account: string): Promise<Caller> {
  const [u] = await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.accountCode, account));
  const actor = await loadActor(t.ctx, u.id, 0);
  if (!actor) throw new Error(account);
  return { ...systemCaller(t.ctx, pino({ level: 'silent' })), actor, scope: tenantScope(actor) };
}

async function storeFile(key: string, row: { owner?: string; company: string | null; visibility: FileVisibility; purpose?: string }) {
  await t.ctx.storage.put(key, Buffer.from(key), 'application/octet-stream');
  const owner = row.owner ? (await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.accountCode, row.owner)))[0].id : null;
  await t.ctx.db.insert(storedFiles).values({
    storageKey: key,
    ownerUserId: owner,
    ownerCompanySysCode: row.company,
    purpose: row.purpose ?? 'upload',
    status: FileStatus.Attached,
    visibility: row.visibility,
    size: key.length,
    contentType: 'application/octet-stream',
    createdAt: t.ctx.clock.now(),
  });
}

describe('fileAccess', () => {
  it('a private file: its owner, staff whose scope covers its company; nobody else', async () => {
    const key = 'tmp/import/2026/rule-private.xlsx';
    await storeFile(key, { owner: 'learner01', company: DEMO_COMPANY.companySysCode, visibility: FileVisibility.Private });
    const verdict = async (account: string) => (await fileAccess(await callerOf(account), key)).ok;
    expect(await verdict('learner01')).toBe(true);
    expect(await verdict('corpadmin')).toBe(true);
    expect(await verdict('admin')).toBe(true);
    // a colleague without a staff role, another company's people
    expect(await verdict('learner02')).toBe(false);
    expect(await verdict('other01')).toBe(false);
    // by link: only a signed one, whoever the caller is (the download route)
    expect(await fileAccess(await callerOf('learner01'), key, { sig: '' })).toEqual({ ok: false, code: 'FILE_LINK_EXPIRED' });
  });

  it('public and unrecorded files: anyone; media keys and keys that are no storage keys: nobody', async () => {
    const anyone = { ...systemCaller(t.ctx, pino({ level: 'silent' })), actor: null };
    await storeFile('upload/2026/rule-public.png', {
      owner: 'learner01',
      company: DEMO_COMPANY.companySysCode,
      visibility: FileVisibility.Public,
    });
    expect((await fileAccess(anyone, 'upload/2026/rule-public.png')).ok).toBe(true);
    expect((await fileAccess(anyone, 'content/2026/01/no-record.png')).ok).toBe(true);
    for (const key of ['media/M1/720/seg_00000.ts', 'media/M1/source.mp4', '../etc/passwd', 'upload//x', 'upload/\u0000x', '/upload/x'])
      expect(await fileAccess(await callerOf('admin'), key)).toEqual({ ok: false, code: 'FILE_NOT_FOUND' });
  });
});

describe('the download route', () => {
  it("never serves media delivery's keys by key (segments and sources have their own signed links)", async () => {
    // a rendition has no platform_file record: before the rule it counted as public
    await t.ctx.storage.put('media/MRULE/720/seg_00000.ts', Buffer.from('segment'), 'video/mp2t');
    const res = await t.inject({ method: 'GET', url: '/prod-api/files/media/MRULE/720/seg_00000.ts' });
    expect(res.json()).toMatchObject({ success: false, code: 'FILE_NOT_FOUND' });
  });

  it('a key that is no storage key, or does not decode, is a missing file (not a 500)', async () => {
    for (const path of ['%25E0%25A4', '%2500abc', 'a%00b', 'upload/..%2F..%2Fetc/passwd'])
      expect((await t.inject({ method: 'GET', url: `/prod-api/files/${path}` })).json()).toMatchObject({
        success: false,
        code: 'FILE_NOT_FOUND',
      });
  });

  it('a private file needs its signed link even for its owner with a session', async () => {
    const key = 'tmp/import/2026/rule-link.xlsx';
    await storeFile(key, { owner: 'learner01', company: DEMO_COMPANY.companySysCode, visibility: FileVisibility.Private });
    const token = await t.login('learner01');
    const res = await t.inject({ method: 'GET', url: `/prod-api/files/${key}`, headers: { ydAuthorization: `Bearer ${token}` } });
    expect(res.json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
  });
});
