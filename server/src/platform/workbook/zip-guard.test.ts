import { buffer } from 'node:stream/consumers';
import { errorMessage } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import yazl from 'yazl';
import { assertSafeXlsx } from './zip-guard.ts';

// issue 24 item 6: the guard reads archives with yauzl; every refusal keeps its code and its message
// (the zip bomb that lies about its size, the encrypted part and the truncated archive are in
// modules/imports/imports.test.ts)

/** A zip of the given parts, written by yazl (deflated unless `store`). */
async function zip(parts: { name: string; data: Buffer; store?: boolean; zip64?: boolean }[]): Promise<Buffer> {
  const z = new yazl.ZipFile();
  for (const p of parts) z.addBuffer(p.data, p.name, { compress: !p.store, forceZip64Format: !!p.zip64 });
  z.end();
  return buffer(z.outputStream);
}

/** The same bytes with every `from` (both headers of a part) written as `to`, of the same length. */
function rename(buf: Buffer, from: string, to: string): Buffer {
  expect(to.length).toBe(from.length);
  const out = Buffer.from(buf);
  for (let at = out.indexOf(from); at >= 0; at = out.indexOf(from, at + 1)) out.write(to, at, 'latin1');
  return out;
}

const refusal = (code: 'IMPORT_UNREADABLE' | 'IMPORT_UNZIP_TOO_LARGE' | 'IMPORT_UNZIP_BROKEN') => ({ code, msg: errorMessage(code) });

describe('the zip guard', () => {
  it('answers each part by name, inflated anew on each open', async () => {
    const parts = await assertSafeXlsx(
      await zip([
        { name: 'xl/workbook.xml', data: Buffer.from('<workbook/>') },
        { name: 'xl/sharedStrings.xml', data: Buffer.from('<sst>导入学员</sst>'), store: true },
      ]),
    );
    expect([...parts.keys()]).toEqual(['xl/workbook.xml', 'xl/sharedStrings.xml']);
    for (let i = 0; i < 2; i++) {
      expect((await buffer(await (parts.get('xl/workbook.xml')?.open() as Promise<NodeJS.ReadableStream>))).toString()).toBe('<workbook/>');
      expect((await buffer(await (parts.get('xl/sharedStrings.xml')?.open() as Promise<NodeJS.ReadableStream>))).toString()).toBe(
        '<sst>导入学员</sst>',
      );
    }
  });

  it('refuses more entries than the limit, and takes as many', async () => {
    const tiny = (n: number) => Array.from({ length: n }, (_, i) => ({ name: `xl/media/p${i}.xml`, data: Buffer.from('x') }));
    // refused from the directory's count, before any part is read
    await expect(assertSafeXlsx(await zip(tiny(2_001)))).rejects.toMatchObject(refusal('IMPORT_UNREADABLE'));
    const limits = { maxUnzippedBytes: 1024, maxZipEntries: 3 };
    await expect(assertSafeXlsx(await zip(tiny(4)), limits)).rejects.toMatchObject(refusal('IMPORT_UNREADABLE'));
    expect((await assertSafeXlsx(await zip(tiny(3)), limits)).size).toBe(3);
  });

  it('counts the inflated size of all parts together, honest sizes or not', async () => {
    const part = (i: number) => ({ name: `xl/worksheets/sheet${i}.xml`, data: Buffer.alloc(12 * 1024 * 1024) });
    expect((await assertSafeXlsx(await zip([part(1), part(2)]))).size).toBe(2);
    await expect(assertSafeXlsx(await zip([part(1), part(2), part(3)]))).rejects.toMatchObject(refusal('IMPORT_UNZIP_TOO_LARGE'));
    // stored parts count too
    await expect(
      assertSafeXlsx(
        await zip([
          { ...part(1), store: true },
          { ...part(2), store: true },
          { ...part(3), store: true },
        ]),
      ),
    ).rejects.toMatchObject(refusal('IMPORT_UNZIP_TOO_LARGE'));
    // about 80 MB are zipped and inflated: 7 s alone, far more on a busy 2-core machine
  }, 90_000);

  it('refuses names that climb out or start at the root', async () => {
    const ok = await zip([{ name: 'xl/aa/sheet1.xml', data: Buffer.from('<x/>') }]);
    expect((await assertSafeXlsx(ok)).size).toBe(1);
    for (const bad of ['../../sheet1.xml', 'xl/../../../etc', '/xl/a/sheet1.xml', 'C:/a/sheet1.xml', '..\\..\\sheet1.xml'])
      await expect(assertSafeXlsx(rename(ok, 'xl/aa/sheet1.xml', bad.padEnd(16, '_'))), bad).rejects.toMatchObject(
        refusal('IMPORT_UNREADABLE'),
      );
  });

  it('refuses a compression it does not know, zip64, and a part that does not inflate', async () => {
    const ok = await zip([{ name: 'xl/workbook.xml', data: Buffer.from('<workbook>'.repeat(100)) }]);
    const cd = ok.readUInt32LE(ok.length - 6);
    const bzip2 = Buffer.from(ok);
    bzip2.writeUInt16LE(12, cd + 10);
    await expect(assertSafeXlsx(bzip2)).rejects.toMatchObject(refusal('IMPORT_UNREADABLE'));
    const broken = Buffer.from(ok);
    broken.fill(0xff, 30 + 'xl/workbook.xml'.length, 30 + 'xl/workbook.xml'.length + 4);
    await expect(assertSafeXlsx(broken)).rejects.toMatchObject(refusal('IMPORT_UNZIP_BROKEN'));
    // zip64, as ADR 0011 has it
    await expect(assertSafeXlsx(await zip([{ name: 'xl/workbook.xml', data: Buffer.from('<x/>'), zip64: true }]))).rejects.toMatchObject(
      refusal('IMPORT_UNREADABLE'),
    );
    // a central directory that points to no local header
    const lost = Buffer.from(ok);
    lost.writeUInt32LE(7, cd + 42);
    await expect(assertSafeXlsx(lost)).rejects.toMatchObject(refusal('IMPORT_UNREADABLE'));
  });
});
