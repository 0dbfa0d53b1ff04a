import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorMessage } from '@xuetu/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildUser } from '../../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../../test/helper.ts';
import { uploadMultipart } from '../../../../test/uploads.ts';
import { storedFiles, uploadReservations } from '../../../db/schema/index.ts';
import { ManualClock } from '../../../platform/clock.ts';
import { usageOf } from '../../../platform/files/repository.ts';
import type { LocalStorage } from '../../../platform/storage.ts';

// Issue 22 items 3 and 4 on the resumable (tus) upload: the declared length is reserved against
// the user's and the company's quota when the upload is created (atomically: parallel creates
// cannot all pass), a deferred length is refused, reservations end with the upload (finished:
// the file row counts instead; terminated; abandoned: the hourly purge), and a file name the row
// cannot hold is refused at creation with a Chinese 400, never a database error text.
const MB = 1024 * 1024;
const USER_QUOTA = 1 * MB;
const COMPANY_QUOTA = 1.5 * MB;
const UPLOAD = '/prod-api/media/upload';
const clock = new ManualClock('2026-05-01T02:00:00Z');
let t: TestApp;
let tusDir: string;
let addr: string;

const b64 = (s: string) => Buffer.from(s).toString('base64');
const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x41)]);

async function tus(method: string, url: string, token: string, headers: Record<string, string> = {}, body?: Buffer) {
  const res = await fetch(url.startsWith('http') ? url : `${addr}${url}`, {
    method,
    headers: { 'tus-resumable': '1.0.0', connection: 'close', ydAuthorization: `Bearer ${token}`, ...headers },
    body: body ? new Uint8Array(body) : undefined,
  });
  return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
}
const create = (token: string, size: number, filename = 'lesson.pdf') =>
  tus('POST', UPLOAD, token, { 'upload-length': String(size), 'upload-metadata': `filename ${b64(filename)}` });
const patch = (token: string, location: string, offset: number, body: Buffer) =>
  tus('PATCH', location, token, { 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' }, body);

/** A company of its own (its quota untouched by other tests) and resource administrators in it. */
async function admins(n: number) {
  const company = await buildCompany(t);
  return Promise.all(
    Array.from({ length: n }, async () => {
      const user = await buildUser(t, { company, roles: ['corpadmin'] });
      return { user, token: await user.signIn() };
    }),
  );
}

const reservations = (userId: number) => t.ctx.db.select().from(uploadReservations).where(eq(uploadReservations.ownerUserId, userId));
const fileRows = (userId: number) => t.ctx.db.select().from(storedFiles).where(eq(storedFiles.ownerUserId, userId));
/** bytes on disk: unfinished uploads (tus directory) and stored files of this user */
async function bytesOnDisk(userId: number): Promise<number> {
  const root = (t.ctx.storage as LocalStorage).root;
  const stored = (await fileRows(userId)).reduce((n, r) => n + statSync(join(root, r.storageKey)).size, 0);
  const unfinished = readdirSync(tusDir)
    .filter((f) => !f.endsWith('.json'))
    .reduce((n, f) => n + statSync(join(tusDir, f)).size, 0);
  return stored + unfinished;
}
const tusFiles = () => readdirSync(tusDir).sort();
/** every stored file under FILES_DIR (directories left empty hold no bytes) */
const storedFilesOnDisk = () =>
  readdirSync((t.ctx.storage as LocalStorage).root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
const idOf = (location: string) => location.split('/').pop() ?? '';

beforeAll(async () => {
  tusDir = mkdtempSync(join(tmpdir(), 'xuetu-tus-quota-'));
  t = await buildTestApp({
    clock,
    env: { MEDIA_TUS_DIR: tusDir, UPLOAD_QUOTA_USER_BYTES: USER_QUOTA, UPLOAD_QUOTA_COMPANY_BYTES: COMPANY_QUOTA, FILES_TEMP_HOURS: 24 },
  });
  addr = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t.close();
  rmSync(tusDir, { recursive: true, force: true });
});

describe('tus uploads and the quotas', () => {
  it('refuses a deferred length with a Chinese 400 and reserves nothing', async () => {
    const [{ user, token }] = await admins(1);
    const before = tusFiles();
    const res = await tus('POST', UPLOAD, token, { 'upload-defer-length': '1', 'upload-metadata': `filename ${b64('big.pdf')}` });
    expect([res.status, res.body]).toEqual([400, errorMessage('MEDIA_LENGTH_REQUIRED')]);
    expect(tusFiles()).toEqual(before);
    expect(await reservations(user.id)).toEqual([]);
  });

  it('admits one of six parallel 900 kB uploads under a 1 MB user quota; the file then counts once', async () => {
    const [{ user, token }] = await admins(1);
    const size = 900_000;
    const created = await Promise.all(Array.from({ length: 6 }, () => create(token, size)));
    const admitted = created.filter((r) => r.status === 201);
    expect(admitted).toHaveLength(1);
    for (const r of created.filter((c) => c.status !== 201)) expect([r.status, r.body]).toEqual([413, errorMessage('FILE_QUOTA_USER')]);
    expect((await reservations(user.id)).map((r) => r.bytes)).toEqual([size]);
    expect(await usageOf(t.ctx.db, { userId: user.id, companySysCode: user.companySysCode })).toEqual({ user: size, company: size });

    // the admitted one completes; the stored bytes stay under the quota
    const done = await patch(token, String(admitted[0].headers.location), 0, pdf(size));
    expect(done.status, done.body).toBe(204);
    expect(await reservations(user.id)).toEqual([]);
    expect((await fileRows(user.id)).map((r) => r.size)).toEqual([size]);
    const onDisk = await bytesOnDisk(user.id);
    console.info(`six parallel 900 kB tus uploads, 1 MB (${USER_QUOTA} B) user quota: ${onDisk} B stored`);
    expect(onDisk).toBeLessThanOrEqual(USER_QUOTA);
    // the usage is the file alone (not reservation + file): 148,576 bytes are left
    expect(await usageOf(t.ctx.db, { userId: user.id, companySysCode: user.companySysCode })).toEqual({ user: size, company: size });
    expect((await create(token, USER_QUOTA - size)).status).toBe(201);
    expect((await create(token, 1)).body).toBe(errorMessage('FILE_QUOTA_USER'));
  });

  it('holds the company quota across its users, with parallel creates', async () => {
    // 1.5 MB for the company, 1 MB for each user: of three users' parallel 900 kB uploads one fits
    const people = await admins(3);
    const created = await Promise.all(people.map(({ token }) => create(token, 900_000)));
    expect(created.filter((r) => r.status === 201)).toHaveLength(1);
    for (const r of created.filter((c) => c.status !== 201)) expect([r.status, r.body]).toEqual([413, errorMessage('FILE_QUOTA_COMPANY')]);
    // what is left of the company (672,864 bytes) is still open to a colleague who was refused
    const [second, third] = people.filter((_, i) => created[i].status !== 201);
    expect((await create(second.token, 600_000)).status).toBe(201);
    expect((await create(third.token, 100_000)).body).toBe(errorMessage('FILE_QUOTA_COMPANY'));
    expect(await usageOf(t.ctx.db, { userId: second.user.id, companySysCode: second.user.companySysCode })).toEqual({
      user: 600_000,
      company: 1_500_000,
    });
  });

  it('counts a reservation for multipart uploads too, and releases it when the upload is terminated', async () => {
    const [{ user, token }] = await admins(1);
    const first = await create(token, 900_000);
    expect(first.status).toBe(201);
    expect((await create(token, 900_000)).status).toBe(413);
    // the reservation counts for the plain (multipart) uploads too
    const plain = await uploadMultipart(t, '/Api/upload/Upload/UploadZFileByForm', pdf(200_000), 'a.pdf', { token });
    expect(plain).toMatchObject({ success: false, code: 'FILE_QUOTA_USER' });
    expect((await tus('DELETE', String(first.headers.location), token)).status).toBe(204);
    expect(await reservations(user.id)).toEqual([]);
    expect(tusFiles().filter((f) => f.startsWith(idOf(String(first.headers.location))))).toEqual([]);
    expect((await create(token, 900_000)).status).toBe(201);
  });

  it('releases the reservation of an upload refused by its first bytes', async () => {
    const [{ user, token }] = await admins(1);
    const created = await create(token, 900_000);
    const refused = await patch(token, String(created.headers.location), 0, Buffer.alloc(5000, 1));
    expect(refused.status).toBe(415);
    expect(await reservations(user.id)).toEqual([]);
  });

  it('releases an abandoned upload by the hourly purge after the tus expiry, with its unfinished bytes', async () => {
    const [{ user, token }] = await admins(1);
    const created = await create(token, 900_000);
    const location = String(created.headers.location);
    expect((await patch(token, location, 0, pdf(900_000).subarray(0, 300_000))).status).toBe(204);
    expect(tusFiles().filter((f) => f.startsWith(idOf(location)))).toHaveLength(2);
    // an hour before the expiry the upload may still finish: it stays reserved
    clock.advance(23 * 3_600_000);
    await t.ctx.jobs.drain();
    expect(await reservations(user.id)).toHaveLength(1);
    clock.advance(2 * 3_600_000);
    await t.ctx.jobs.drain();
    expect(await reservations(user.id)).toEqual([]);
    expect(tusFiles().filter((f) => f.startsWith(idOf(location)))).toEqual([]);
    // sessions expire on the same clock
    expect((await create(await user.signIn(), 900_000)).status).toBe(201);
  });
});

describe('tus file names', () => {
  it('refuses a NUL in the file name at creation: a Chinese 400, no SQL text, nothing kept or reserved', async () => {
    const [{ user, token }] = await admins(1);
    const before = tusFiles();
    const res = await create(token, 5000, 'lesson\0.pdf');
    expect([res.status, res.body]).toEqual([400, errorMessage('FILE_NAME_INVALID')]);
    expect(tusFiles()).toEqual(before);
    expect(await reservations(user.id)).toEqual([]);
  });

  it('deletes the stored file and releases the reservation when the rows cannot be written, answering no SQL text', async () => {
    const [{ user, token }] = await admins(1);
    await t.ctx.db.execute(
      sql.raw(`create or replace function xuetu_test_refuse_media() returns trigger language plpgsql as $$
      begin if new.original_name = 'refused.pdf' then raise exception 'row refused by the test'; end if; return new; end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(
        'create trigger xuetu_test_refuse_media before insert on platform_file for each row execute function xuetu_test_refuse_media()',
      ),
    );
    try {
      const storedBefore = storedFilesOnDisk();
      const created = await create(token, 5000, 'refused.pdf');
      expect(created.status).toBe(201);
      const res = await patch(token, String(created.headers.location), 0, pdf(5000));
      expect([res.status, res.body]).toEqual([500, errorMessage('SERVER_ERROR')]);
      expect(storedFilesOnDisk()).toEqual(storedBefore);
      expect(tusFiles().filter((f) => f.startsWith(idOf(String(created.headers.location))))).toEqual([]);
      expect(await reservations(user.id)).toEqual([]);
      expect(await fileRows(user.id)).toEqual([]);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger if exists xuetu_test_refuse_media on platform_file'));
      await t.ctx.db.execute(sql.raw('drop function if exists xuetu_test_refuse_media()'));
    }
  });
});
