import { FileStatus, FileVisibility } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { QUESTION_DIR as D, QUESTION as Q } from '../../../../test/api-paths.ts';
import { buildUser } from '../../../../test/factories.ts';
import { appSignedIn, type TestApp } from '../../../../test/helper.ts';
import { buildWorkbook, uploadImportFile } from '../../../../test/uploads.ts';
import { storedFiles } from '../../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';

// Issue 38 item 3: the Moodle XML and QTI exports embed only stored files the exporter may read by
// the one file-access rule (platform/files/access.ts). A stem naming another company's private
// file (an import workbook, a course's source video) exports with the link as written and without
// its bytes; the same company's private files, read by its administrator, still embed.
let t: TestApp;
let corp: string;
let learner: string;
let otherAdmin: string;

beforeAll(async () => {
  [t, corp, learner] = await appSignedIn('corpadmin', 'learner01');
  otherAdmin = await (await buildUser(t, { company: OTHER_COMPANY.companySysCode, roles: ['corpadmin'] })).signIn();
});
afterAll(() => t.close());

/** A private import upload of `token`'s user: its key and bytes. */
async function privateUpload(token: string, marker: string) {
  const bytes = await buildWorkbook(['姓名', '身份证号'], [[marker, '110101199001011234']]);
  const res = await uploadImportFile(t, bytes, `${marker}.xlsx`, token);
  expect(res.success, res.msg).toBe(true);
  return { key: res.data.path, bytes };
}

/** A course's source video as the media upload stores it: a private record under media/. */
async function sourceVideo(companySysCode: string, mediaCode: string) {
  const key = `media/${mediaCode}/source.mp4`;
  const bytes = Buffer.from(`video bytes of ${companySysCode}`);
  await t.ctx.storage.put(key, bytes, 'video/mp4');
  await t.ctx.db.insert(storedFiles).values({
    storageKey: key,
    ownerCompanySysCode: companySysCode,
    purpose: 'media',
    status: FileStatus.Attached,
    visibility: FileVisibility.Private,
    size: bytes.length,
    contentType: 'video/mp4',
    createdAt: t.ctx.clock.now(),
  });
  return { key, bytes };
}

/** A directory of `token`'s company with one question whose stem shows each key as a picture. */
async function bankNaming(token: string, keys: string[], extra: Record<string, unknown> = {}) {
  const dir = await t.post<{ dirCode: string }>(`${D}/SaveData`, { dirName: `导出-${keys.length}-${Math.random()}`, ...extra }, token);
  expect(dir.success, dir.msg).toBe(true);
  const qName = `<p>看图作答${keys.map((k) => `<img src="/prod-api/files/${k}">`).join('')}</p>`;
  const q = await t.post(`${Q}/AddData`, { dirCode: dir.data.dirCode, qType: 1, qName, a: '甲', b: '乙', answer: 'A' }, token);
  expect(q.success, q.msg).toBe(true);
  return dir.data.dirCode;
}

async function exportAs(token: string, dirCode: string, format: 'moodlexml' | 'qti21'): Promise<Buffer> {
  const res = await t.postRaw(`${Q}/Export`, { dirCode, format }, token);
  expect(res.statusCode).toBe(200);
  expect(String(res.headers['content-type'])).not.toMatch(/json/);
  return Buffer.from(res.rawPayload);
}

/** Every entry of a zip, by name. */
function unzip(buffer: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    const out = new Map<string, Buffer>();
    yauzl.fromBuffer(buffer, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      zip.on('entry', (entry: yauzl.Entry) =>
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        }),
      );
      zip.on('end', () => resolve(out));
      zip.readEntry();
    });
  });
}

describe('question export and stored files', () => {
  it("another company's private files are not embedded: the link stays, the bytes do not travel", async () => {
    const workbook = await privateUpload(corp, '机密名单');
    const video = await sourceVideo(DEMO_COMPANY.companySysCode, 'MEXPORT1');
    const dir = await bankNaming(otherAdmin, [workbook.key, video.key]);

    const xml = (await exportAs(otherAdmin, dir, 'moodlexml')).toString('utf8');
    expect(xml).toContain('看图作答');
    expect(xml).not.toContain(workbook.bytes.toString('base64'));
    expect(xml).not.toContain(video.bytes.toString('base64'));
    expect(xml).not.toContain('<file ');
    expect(xml).toContain(`/prod-api/files/${workbook.key}`);

    const entries = await unzip(await exportAs(otherAdmin, dir, 'qti21'));
    expect([...entries.keys()].filter((n) => n.startsWith('images/'))).toEqual([]);
    for (const data of entries.values()) {
      expect(data.equals(workbook.bytes)).toBe(false);
      expect(data.equals(video.bytes)).toBe(false);
    }
  });

  it("the company's own private files embed for its administrator; media sources never do", async () => {
    const own = await privateUpload(corp, '本人名单');
    const colleague = await privateUpload(learner, '同事名单');
    const video = await sourceVideo(DEMO_COMPANY.companySysCode, 'MEXPORT2');
    const dir = await bankNaming(corp, [own.key, colleague.key, video.key]);

    const xml = (await exportAs(corp, dir, 'moodlexml')).toString('utf8');
    expect(xml).toContain(own.bytes.toString('base64'));
    expect(xml).toContain(colleague.bytes.toString('base64'));
    expect(xml).not.toContain(video.bytes.toString('base64'));

    const images = [...(await unzip(await exportAs(corp, dir, 'qti21'))).entries()].filter(([n]) => n.startsWith('images/'));
    expect(images.map(([, data]) => data.toString('base64')).sort()).toEqual(
      [own.bytes.toString('base64'), colleague.bytes.toString('base64')].sort(),
    );
  });
});
