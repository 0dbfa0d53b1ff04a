import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { errorMessage } from '@xuetu/contract';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { fileAppSignedIn } from '../../../test/helper.ts';
import { buildWorkbook, uploadMultipart } from '../../../test/uploads.ts';
import { storedFiles } from '../../db/schema/index.ts';
import type { AppError } from '../errors.ts';
import type { LocalStorage } from '../storage.ts';
import { checkFileName } from './filename.ts';

// Issue 22 item 3: an upload's file name cannot leave bytes on disk without their row. Names the
// row cannot hold are refused before a byte is stored, and a row that cannot be written (for any
// reason) takes its stored object with it.

const [t, admin, learner] = await fileAppSignedIn('corpadmin', 'learner01');

const pdf = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(bytes - 9, 0x41)]);
const png = () =>
  sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 64, g: 158, b: 255 } } })
    .png()
    .toBuffer();

/** Every file under FILES_DIR (the stored objects, their resized copies and any half-written part). */
function filesOnDisk(): string[] {
  const root = (t.ctx.storage as LocalStorage).root;
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}
const rowCount = async () => (await t.ctx.db.select({ id: storedFiles.id }).from(storedFiles)).length;

const ROUTES = [
  {
    name: 'UploadZFileByForm',
    url: '/Api/upload/Upload/UploadZFileByForm',
    token: () => learner,
    body: async () => pdf(200_000),
    ext: 'pdf',
  },
  {
    name: 'UploadZFileByFormTemporarily',
    url: '/Api/upload/Upload/UploadZFileByFormTemporarily',
    token: () => admin,
    body: () => buildWorkbook(['姓名'], [['张三']]),
    ext: 'xlsx',
  },
  {
    name: 'UploadContentFile (document, streamed)',
    url: '/Api/SysConfig/sys_notice/UploadContentFile?kind=document',
    token: () => admin,
    body: async () => pdf(200_000),
    ext: 'pdf',
  },
  {
    name: 'UploadContentFile (image, with resized copies)',
    url: '/Api/SysConfig/sys_notice/UploadContentFile?kind=image',
    token: () => admin,
    body: png,
    ext: 'png',
  },
];

describe('checkFileName', () => {
  const code = (name: string) => {
    try {
      checkFileName(name);
      return 'ok';
    } catch (err) {
      return (err as AppError).code;
    }
  };
  it('keeps ordinary names, Chinese and emoji included', () => {
    for (const name of ['a.pdf', '培训 计划（2026）.docx', '😀.png', `${'x'.repeat(251)}.pdf`, '']) expect(code(name)).toBe('ok');
  });
  it('refuses NUL and other control characters, unpaired surrogates and path separators', () => {
    for (const name of [
      'a\0.pdf',
      'a\u0001.pdf',
      'a\n.pdf',
      'a\u007f.pdf',
      'a\u0085.pdf',
      '\ud800.pdf',
      'a\udc00b.pdf',
      '../a.pdf',
      'a\\b.pdf',
    ])
      expect(code(name), JSON.stringify(name)).toBe('FILE_NAME_INVALID');
  });
  it('refuses names over 255 characters (counted as characters, not UTF-16 units)', () => {
    expect(code(`${'x'.repeat(252)}.pdf`)).toBe('FILE_NAME_TOO_LONG');
    expect(code(`${'😀'.repeat(251)}.pdf`)).toBe('ok');
  });
});

describe.each(ROUTES)('$name', (route) => {
  it('answers a NUL in the file name with a Chinese message and keeps no bytes and no row', async () => {
    const [files, rows] = [filesOnDisk(), await rowCount()];
    const res = await uploadMultipart(t, route.url, await route.body(), `plan\0.${route.ext}`, { token: route.token() });
    expect(res).toMatchObject({ success: false, code: 'FILE_NAME_INVALID', msg: errorMessage('FILE_NAME_INVALID') });
    expect(filesOnDisk()).toEqual(files);
    expect(await rowCount()).toBe(rows);
  });

  it('refuses an over-long name the same way', async () => {
    const files = filesOnDisk();
    const res = await uploadMultipart(t, route.url, await route.body(), `${'名'.repeat(300)}.${route.ext}`, { token: route.token() });
    expect(res).toMatchObject({ success: false, code: 'FILE_NAME_TOO_LONG' });
    expect(filesOnDisk()).toEqual(files);
  });

  it('deletes the stored object when its row cannot be written, and stores it once the row can be', async () => {
    // the database refuses this one row (a trigger), after the bytes are already stored
    await t.ctx.db.execute(
      sql.raw(`create or replace function xuetu_test_refuse_file() returns trigger language plpgsql as $$
      begin if new.original_name = 'refused.${route.ext}' then raise exception 'row refused by the test'; end if; return new; end $$`),
    );
    await t.ctx.db.execute(
      sql.raw(
        'create trigger xuetu_test_refuse_file before insert on platform_file for each row execute function xuetu_test_refuse_file()',
      ),
    );
    try {
      const [files, rows] = [filesOnDisk(), await rowCount()];
      const res = await uploadMultipart(t, route.url, await route.body(), `refused.${route.ext}`, { token: route.token() });
      expect(res).toMatchObject({ success: false, errorCode: 500 });
      expect(JSON.stringify(res)).not.toContain('row refused');
      expect(filesOnDisk()).toEqual(files);
      expect(await rowCount()).toBe(rows);
      // the same file under another name is stored and recorded
      const ok = await uploadMultipart<{ path?: string; key?: string }>(t, route.url, await route.body(), `kept.${route.ext}`, {
        token: route.token(),
      });
      expect(ok.success, ok.msg).toBe(true);
      expect(filesOnDisk().length).toBeGreaterThan(files.length);
      expect(await rowCount()).toBe(rows + 1);
    } finally {
      await t.ctx.db.execute(sql.raw('drop trigger if exists xuetu_test_refuse_file on platform_file'));
      await t.ctx.db.execute(sql.raw('drop function if exists xuetu_test_refuse_file()'));
    }
  });
});
