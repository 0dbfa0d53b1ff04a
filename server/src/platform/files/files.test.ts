import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { FileStatus, FileVisibility, type UploadResult } from '@xuetu/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { buildWorkbook, uploadImportFile, uploadMultipart } from '../../../test/uploads.ts';
import { siteSettings, storedFiles } from '../../db/schema/index.ts';
import { ManualClock } from '../clock.ts';
import type { LocalStorage } from '../storage.ts';

const clock = new ManualClock('2026-04-01T02:00:00Z');
let t: TestApp;
const tokens: Record<string, string> = {};

/** Sessions expire on the same clock: sign in again after moving it by hours. */
async function signIn() {
  for (const a of ['learner01', 'learner02', 'learner03', 'learner04', 'other01']) tokens[a] = await t.login(a);
}

beforeAll(async () => {
  t = await buildTestApp({ clock, env: { UPLOAD_QUOTA_USER_BYTES: 60_000, UPLOAD_QUOTA_COMPANY_BYTES: 100_000, FILES_TEMP_HOURS: 24 } });
  await signIn();
});
afterAll(() => t.close());

/** a body file-type recognises as a PDF */
const pdf = (bytes: number, fill = 0x41) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, fill)]);

const UPLOAD = '/Api/upload/Upload/UploadZFileByForm';
const upload = (account: string, file: Buffer, filename = 'a.pdf') =>
  uploadMultipart<UploadResult>(t, UPLOAD, file, filename, { token: tokens[account] });

const fileRow = async (key: string) => (await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.storageKey, key)))[0];
const storedPath = (key: string) => join((t.ctx.storage as LocalStorage as unknown as { root: string }).root, key);

describe('uploads', () => {
  it('needs a session', async () => {
    expect(await uploadMultipart(t, UPLOAD, pdf(100), 'a.pdf')).toMatchObject({ success: false, errorCode: 401 });
  });

  it('records the owner, company, purpose, size and type of each upload, as temporary', async () => {
    const res = await upload('learner01', pdf(1000));
    expect(res.success).toBe(true);
    expect(await fileRow(res.data.path)).toMatchObject({
      purpose: 'upload',
      status: FileStatus.Temp,
      visibility: FileVisibility.Public,
      size: 1000,
      contentType: 'application/pdf',
      originalName: 'a.pdf',
      ownerCompanySysCode: 'C-DEMO-TECH',
    });
  });

  it('refuses content that is not what the route accepts, storing nothing', async () => {
    const before = await t.ctx.db.select().from(storedFiles);
    const res = await upload('learner01', Buffer.from('MZ\x90\x00 not a document'), 'x.exe');
    expect(res).toMatchObject({ success: false, msg: '不支持的文件类型' });
    expect(await t.ctx.db.select().from(storedFiles)).toHaveLength(before.length);
  });

  it('applies the per-user quota, then the per-company quota, and stores nothing past them', async () => {
    // learner01 holds 1000 bytes; the user quota is 60000 and the company quota 100000
    expect((await upload('learner01', pdf(40_000))).success).toBe(true);
    const over = await upload('learner01', pdf(20_000));
    expect(over).toMatchObject({ success: false, code: 'FILE_QUOTA_USER' });
    expect((await upload('learner02', pdf(40_000))).success).toBe(true);
    // the company now holds 81000: another colleague's 20000 bytes do not fit
    const company = await upload('learner03', pdf(20_000));
    expect(company).toMatchObject({ success: false, code: 'FILE_QUOTA_COMPANY' });
    const rows = await t.ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerCompanySysCode, 'C-DEMO-TECH'));
    expect(rows.reduce((n, r) => n + r.size, 0)).toBe(81_000);
    // another company's quota is its own
    expect((await upload('other01', pdf(20_000))).success).toBe(true);
  });
});

describe('downloads', () => {
  let key: string;
  beforeAll(async () => {
    const res = await upload('other01', pdf(1000, 0x42));
    key = res.data.path;
  });

  it('answers the whole file with an ETag and Last-Modified', async () => {
    const res = await t.inject({ method: 'GET', url: `/prod-api/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.rawPayload).toHaveLength(1000);
  });

  it('answers a byte range with 206 and an unsatisfiable one with 416', async () => {
    const res = await t.inject({ method: 'GET', url: `/prod-api/files/${key}`, headers: { range: 'bytes=0-8' } });
    expect(res.statusCode).toBe(206);
    expect(res.headers['content-range']).toBe('bytes 0-8/1000');
    expect(res.rawPayload.toString()).toBe('%PDF-1.4\n');
    const tail = await t.inject({ method: 'GET', url: `/prod-api/files/${key}`, headers: { range: 'bytes=-10' } });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(Buffer.alloc(10, 0x42))).toBe(true);
    const bad = await t.inject({ method: 'GET', url: `/prod-api/files/${key}`, headers: { range: 'bytes=5000-' } });
    expect(bad.statusCode).toBe(416);
    expect(bad.headers['content-range']).toBe('bytes */1000');
  });

  it('answers a conditional request for an unchanged file with 304', async () => {
    const first = await t.inject({ method: 'GET', url: `/prod-api/files/${key}` });
    const etag = first.headers.etag as string;
    const again = await t.inject({ method: 'GET', url: `/prod-api/files/${key}`, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload).toHaveLength(0);
    const since = await t.inject({
      method: 'GET',
      url: `/prod-api/files/${key}`,
      headers: { 'if-modified-since': first.headers['last-modified'] as string },
    });
    expect(since.statusCode).toBe(304);
    const changed = await t.inject({ method: 'GET', url: `/prod-api/files/${key}`, headers: { 'if-none-match': '"other"' } });
    expect(changed.statusCode).toBe(200);
  });
});

describe('private files', () => {
  const xlsx = () => buildWorkbook(['姓名', '手机号'], []);

  it('are served only through a signed link, to the user it was issued to, until it expires', async () => {
    const res = await uploadImportFile(t, await xlsx(), 'people.xlsx', tokens.learner04);
    if (!res.success) throw new Error(res.msg);
    const { url, path } = res.data;
    expect((await fileRow(path)).visibility).toBe(FileVisibility.Private);
    expect(url).toMatch(/\?sig=/);
    const bare = await t.inject({ method: 'GET', url: `/prod-api/files/${path}` });
    expect(bare.json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
    const mine = await t.inject({ method: 'GET', url, headers: { ydAuthorization: `Bearer ${tokens.learner04}` } });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['cache-control']).toBe('private, no-store');
    const someoneElse = await t.inject({ method: 'GET', url, headers: { ydAuthorization: `Bearer ${tokens.other01}` } });
    expect(someoneElse.json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
    // a link signed for one private file does not open another
    const second = await uploadImportFile(t, await xlsx(), 'more.xlsx', tokens.learner04);
    const borrowed = `/prod-api/files/${second.data.path}${url.slice(url.indexOf('?'))}`;
    const other = await t.inject({ method: 'GET', url: borrowed, headers: { ydAuthorization: `Bearer ${tokens.learner04}` } });
    expect(other.json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
    clock.advance(11 * 60_000);
    const late = await t.inject({ method: 'GET', url, headers: { ydAuthorization: `Bearer ${tokens.learner04}` } });
    expect(late.json()).toMatchObject({ success: false, code: 'FILE_LINK_EXPIRED' });
  });
});

describe('purge of temporary uploads', () => {
  it('deletes uploads never saved with anything once they are older than FILES_TEMP_HOURS, and keeps saved ones', async () => {
    const kept = await upload('other01', pdf(300));
    const dropped = await upload('other01', pdf(300));
    await t.ctx.db.update(storedFiles).set({ status: FileStatus.Attached }).where(eq(storedFiles.storageKey, kept.data.path));
    clock.advance(23 * 3_600_000);
    await t.ctx.jobs.drain();
    expect(await fileRow(dropped.data.path)).toBeDefined();
    clock.advance(2 * 3_600_000);
    await t.ctx.jobs.drain();
    expect(await fileRow(dropped.data.path)).toBeUndefined();
    expect(existsSync(storedPath(dropped.data.path))).toBe(false);
    expect(await fileRow(kept.data.path)).toBeDefined();
    expect(existsSync(storedPath(kept.data.path))).toBe(true);
  });
});

describe('purge of files nothing refers to any more', () => {
  const mention = (key: string) => `<p><img src="/prod-api/files/${key}"></p>`;
  const purge = () => t.ctx.jobs.drain();
  beforeEach(signIn);

  it('keeps a saved file while a row mentions it, and deletes a replaced one in two steps a day apart', async () => {
    const first = (await upload('learner02', pdf(200))).data.path;
    await t.ctx.db.insert(siteSettings).values({ key: 'test.purge', value: mention(first) });
    await t.ctx.db
      .update(storedFiles)
      .set({ status: FileStatus.Attached, attachedAt: clock.now() })
      .where(eq(storedFiles.storageKey, first));
    clock.advance(25 * 3_600_000);
    await purge();
    expect((await fileRow(first)).status).toBe(FileStatus.Attached);
    // the object now refers to a second file instead (a replaced cover, an edited notice)
    await signIn();
    const second = (await upload('learner02', pdf(200))).data.path;
    await t.ctx.db
      .update(siteSettings)
      .set({ value: mention(second) })
      .where(eq(siteSettings.key, 'test.purge'));
    await t.ctx.db
      .update(storedFiles)
      .set({ status: FileStatus.Attached, attachedAt: clock.now() })
      .where(eq(storedFiles.storageKey, second));
    clock.advance(25 * 3_600_000);
    await purge();
    expect((await fileRow(first)).status).toBe(FileStatus.Orphan);
    expect(existsSync(storedPath(first))).toBe(true);
    clock.advance(25 * 3_600_000);
    await purge();
    expect(await fileRow(first)).toBeUndefined();
    expect(existsSync(storedPath(first))).toBe(false);
    expect((await fileRow(second)).status).toBe(FileStatus.Attached);
    expect(existsSync(storedPath(second))).toBe(true);
  });

  it('gives an orphan back to whatever mentions it again before the second step', async () => {
    const key = (await upload('learner03', pdf(200))).data.path;
    await t.ctx.db.update(storedFiles).set({ status: FileStatus.Attached, attachedAt: clock.now() }).where(eq(storedFiles.storageKey, key));
    clock.advance(25 * 3_600_000);
    await purge();
    expect((await fileRow(key)).status).toBe(FileStatus.Orphan);
    await t.ctx.db.insert(siteSettings).values({ key: 'test.purge.again', value: mention(key) });
    clock.advance(25 * 3_600_000);
    await purge();
    expect((await fileRow(key)).status).toBe(FileStatus.Attached);
    expect(existsSync(storedPath(key))).toBe(true);
  });

  it('never purges files of a purpose no table is registered for', async () => {
    const key = (await upload('learner03', pdf(200))).data.path;
    await t.ctx.db
      .update(storedFiles)
      .set({ status: FileStatus.Attached, attachedAt: clock.now(), purpose: 'unregistered' })
      .where(eq(storedFiles.storageKey, key));
    clock.advance(50 * 3_600_000);
    await purge();
    await purge();
    expect((await fileRow(key)).status).toBe(FileStatus.Attached);
  });
});
