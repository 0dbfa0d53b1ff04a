import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditStatus, MediaStatus, ResType } from '@xuetu/contract';
import { eq, inArray } from 'drizzle-orm';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { newCode } from '../../../platform/codes.ts';
import type { AppContext } from '../../../platform/context.ts';
import { anyLecturerCode } from '../../content/public.ts';
import { findPeopleByAccount } from '../../directory/public.ts';
import { nextDirNo } from '../dirs/dirs.repository.ts';
import { processMedia } from '../media/jobs.ts';
import { media, resAudits, resDirs, resources } from '../schema/resources.ts';

/** Makes a short test clip with ffmpeg (argument arrays, a timeout); null when ffmpeg is absent. */
function generate(ffmpeg: string, out: string, kind: 'video' | 'audio', seconds = kind === 'video' ? 4 : 3): Buffer | null {
  const input =
    kind === 'video'
      ? ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=22050']
      : ['-f', 'lavfi', '-i', 'sine=frequency=523:sample_rate=22050'];
  const encode =
    kind === 'video'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest']
      : ['-c:a', 'libmp3lame', '-b:a', '48k'];
  const r = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...input, '-t', String(seconds), ...encode, out], {
    timeout: 30_000,
  });
  return r.status === 0 ? readFileSync(out) : null;
}

/**
 * Tiny committed samples (~3 s, a few KB: `samples/`) the demo uses when ffmpeg is absent (they
 * then play as the original only, OD), and the demo document course's pdf. Read from beside this
 * file, so they are there wherever the server runs from source (tests, `npm start`).
 */
const SAMPLES = new URL('./samples/', import.meta.url);
export function sampleFile(name: 'sample.mp4' | 'sample.mp3' | 'sample.pdf'): Buffer {
  return readFileSync(new URL(name, SAMPLES));
}
/** reading time credited for the demo pdf course (documents have no media duration) */
const DEMO_DOC_SECONDS = 60;

/**
 * Demo resource library: platform and company directories of both demo companies, approved
 * video, audio, document (pdf) and rich-text courses, a video course of three lessons (short clips generated with ffmpeg once,
 * shared by the video courses; the committed samples when ffmpeg is absent), plus one pending and one rejected resource with their audit history. Runs no
 * jobs: the media is processed here, so no test run finds media work queued.
 */
/** A demo course as the seeds store it: a fresh code, created and last changed at `now`. */
export async function insertSeedCourse(
  db: AppContext['db'],
  values: Omit<typeof resources.$inferInsert, 'resCode' | 'createdAt' | 'updatedAt'>,
  now: Date,
): Promise<typeof resources.$inferSelect> {
  const [row] = await db
    .insert(resources)
    .values({ ...values, resCode: newCode('R'), createdAt: now, updatedAt: now })
    .returning();
  return row;
}

export async function seedDemoResources(ctx: AppContext): Promise<void> {
  const db = ctx.db;
  const now = ctx.clock.now();
  const dirs: Record<string, { dCode: string; dNo: string }> = {};
  let no = 0;
  const addDir = async (key: string, dName: string, company: string | null, parent?: string) => {
    const dNo = await nextDirNo(db);
    no++;
    const dCode = newCode('RD');
    await db
      .insert(resDirs)
      .values({ dCode, dName, dNo, dpNo: parent ? dirs[parent].dNo : '00', companySysCode: company, sort: no * 10, createdAt: now });
    dirs[key] = { dCode, dNo };
  };
  await addDir('general', '通用课程', null);
  await addDir('safety', '安全生产', null, 'general');
  await addDir('onboard', '新员工入职', DEMO_COMPANY.companySysCode);
  await addDir('skills', '岗位技能', DEMO_COMPANY.companySysCode);
  await addDir('logistics', '物流操作', OTHER_COMPANY.companySysCode);

  const staff = new Map(
    (await findPeopleByAccount(db, { codes: ['corpadmin', 'admin'] })).map((u) => [u.accountCode, { id: u.id, name: u.chnName }]),
  );
  const corp = staff.get('corpadmin');
  const admin = staff.get('admin');
  const lecturer = await anyLecturerCode(db);

  // media: one video and one audio clip, generated once
  const work = mkdtempSync(join(tmpdir(), 'xuetu-seed-media-'));
  // longVideo (~40 s) is for the signed-out preview, which stops at 30 s (issue 13)
  const mediaCodes: { video: string; audio: string; longVideo: string; doc: string } = { video: '', audio: '', longVideo: '', doc: '' };
  try {
    for (const slot of ['video', 'audio', 'longVideo'] as const) {
      const kind = slot === 'audio' ? 'audio' : 'video';
      const ext = kind === 'video' ? '.mp4' : '.mp3';
      // without ffmpeg: the committed sample (the long clip's 30 s preview needs a real one: left out)
      const bytes =
        generate(ctx.env.FFMPEG_PATH, join(work, `${slot}${ext}`), kind, slot === 'longVideo' ? 40 : undefined) ??
        (slot === 'longVideo' ? null : sampleFile(kind === 'video' ? 'sample.mp4' : 'sample.mp3'));
      if (!bytes) continue;
      const mediaCode = newCode('M');
      const sourceKey = `media/${mediaCode}/source${ext}`;
      await ctx.storage.put(sourceKey, bytes, kind === 'video' ? 'video/mp4' : 'audio/mpeg');
      const [row] = await db
        .insert(media)
        .values({
          mediaCode,
          companySysCode: null,
          ownerUserId: admin?.id ?? null,
          kind,
          sourceKey,
          ext,
          mime: kind === 'video' ? 'video/mp4' : 'audio/mpeg',
          originalName: slot === 'longVideo' ? '演示长视频.mp4' : kind === 'video' ? '演示视频.mp4' : '演示音频.mp3',
          size: bytes.length,
          status: MediaStatus.Uploaded,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await processMedia(ctx, row, new AbortController().signal, async () => {});
      mediaCodes[slot] = mediaCode;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  // the document course's pdf: ready as uploaded (documents are not processed)
  if (existsSync(new URL('sample.pdf', SAMPLES))) {
    const bytes = sampleFile('sample.pdf');
    const mediaCode = newCode('M');
    const sourceKey = `media/${mediaCode}/source.pdf`;
    await ctx.storage.put(sourceKey, bytes, 'application/pdf');
    await db.insert(media).values({
      mediaCode,
      companySysCode: DEMO_COMPANY.companySysCode,
      ownerUserId: corp?.id ?? null,
      kind: 'document',
      sourceKey,
      ext: '.pdf',
      mime: 'application/pdf',
      originalName: '安全操作手册.pdf',
      size: bytes.length,
      status: MediaStatus.Ready,
      progress: 100,
      renditions: [{ quality: 'OD', key: sourceKey, height: 0, format: 'file' }],
      createdAt: now,
      updatedAt: now,
    });
    mediaCodes.doc = mediaCode;
  }
  const durations = new Map(
    (
      await db
        .select()
        .from(media)
        .where(inArray(media.mediaCode, [mediaCodes.video, mediaCodes.audio, mediaCodes.longVideo].filter(Boolean).concat('-')))
    ).map((m) => [m.mediaCode, m.duration]),
  );

  type Demo = {
    name: string;
    dir: string;
    company: string | null;
    type: number;
    status: number;
    recommend?: number;
    by: { id: number; name: string } | undefined;
    comment?: string;
    /** the ~40 s clip (the signed-out preview stops at 30 s) */
    long?: boolean;
    /** a course of several lessons (ADR 0022): titles and which clip each plays */
    lessons?: { title: string; long?: boolean }[];
  };
  const demos: Demo[] = [
    { name: '安全生产基础', dir: 'safety', company: null, type: ResType.Video, status: AuditStatus.Approved, recommend: 1, by: admin },
    {
      name: '应急处置与逃生演练',
      dir: 'safety',
      company: null,
      type: ResType.Video,
      status: AuditStatus.Approved,
      recommend: 2,
      by: admin,
      long: true,
    },
    {
      name: '新员工入职指引',
      dir: 'onboard',
      company: DEMO_COMPANY.companySysCode,
      type: ResType.Video,
      status: AuditStatus.Approved,
      recommend: 2,
      by: corp,
    },
    {
      name: '沟通技巧（音频课）',
      dir: 'skills',
      company: DEMO_COMPANY.companySysCode,
      type: ResType.Audio,
      status: AuditStatus.Approved,
      recommend: 3,
      by: corp,
    },
    {
      name: '安全操作手册（文档）',
      dir: 'onboard',
      company: DEMO_COMPANY.companySysCode,
      type: ResType.Document,
      status: AuditStatus.Approved,
      by: corp,
    },
    {
      name: '企业文化与价值观',
      dir: 'onboard',
      company: DEMO_COMPANY.companySysCode,
      type: ResType.RichText,
      status: AuditStatus.Approved,
      by: corp,
    },
    {
      name: '仓储作业规范',
      dir: 'logistics',
      company: OTHER_COMPANY.companySysCode,
      type: ResType.Video,
      status: AuditStatus.Approved,
      by: admin,
    },
    {
      name: '班组安全管理（系列课）',
      dir: 'skills',
      company: DEMO_COMPANY.companySysCode,
      type: ResType.Video,
      status: AuditStatus.Approved,
      by: corp,
      lessons: [{ title: '第 1 课 岗前安全检查' }, { title: '第 2 课 隐患识别与上报', long: true }, { title: '第 3 课 事故应急处置' }],
    },
    {
      name: '消防演练实操',
      dir: 'skills',
      company: DEMO_COMPANY.companySysCode,
      type: ResType.Video,
      status: AuditStatus.Pending,
      by: corp,
    },
    {
      name: '设备操作规程',
      dir: 'skills',
      company: DEMO_COMPANY.companySysCode,
      type: ResType.RichText,
      status: AuditStatus.Rejected,
      by: corp,
      comment: '缺少操作步骤的配图，请补充后重新提交',
    },
  ];
  // a company's row for a platform clip (same stored files), one per clip and company
  const copies = new Map<string, string>();
  const companyCopy = async (mediaCode: string, company: string | null, owner: number | null): Promise<string> => {
    if (!company) return mediaCode;
    const key = `${mediaCode}|${company}`;
    const known = copies.get(key);
    if (known) return known;
    const [src] = await db.select().from(media).where(eq(media.mediaCode, mediaCode));
    const { id: _id, ...rest } = src;
    const code = newCode('M');
    await db.insert(media).values({ ...rest, mediaCode: code, companySysCode: company, ownerUserId: owner });
    copies.set(key, code);
    durations.set(code, src.duration);
    return code;
  };
  let sort = 0;
  for (const d of demos) {
    const mediaId = d.long
      ? mediaCodes.longVideo
      : d.type === ResType.Video
        ? mediaCodes.video
        : d.type === ResType.Audio
          ? mediaCodes.audio
          : d.type === ResType.Document
            ? mediaCodes.doc
            : '';
    // without ffmpeg the media courses are left out (nothing to play)
    if (d.type !== ResType.RichText && !mediaId) continue;
    // lessons: the generated clips (the long one when there is one) as the company's own uploads
    // (a company edits only with its own media), the sum is the course's length
    const lessons: { title: string; mediaId: string; duration: number }[] = [];
    for (const l of d.lessons ?? []) {
      const code = await companyCopy((l.long && mediaCodes.longVideo) || mediaCodes.video, d.company, d.by?.id ?? null);
      lessons.push({ title: l.title, mediaId: code, duration: durations.get(code) ?? 0 });
    }
    const fields = {
      resName: d.name,
      introduce: `<p>${d.name}：演示课程，展示视频、音频、文档与图文资源的学习与审核流程。</p>`,
      cover: '',
      lecturerCode: lecturer,
      resType: d.type,
      content:
        d.type === ResType.RichText ? `<h2>${d.name}</h2><p>本课程介绍${d.name}的要点。</p><ul><li>要点一</li><li>要点二</li></ul>` : '',
      mediaId,
      duration: lessons.length
        ? lessons.reduce((sum, l) => sum + l.duration, 0)
        : d.type === ResType.Document
          ? DEMO_DOC_SECONDS
          : (durations.get(mediaId) ?? 0),
      creditHours: 1,
      lessons,
    };
    sort += 10;
    const row = await insertSeedCourse(
      db,
      {
        ...fields,
        companySysCode: d.company,
        dCode: dirs[d.dir].dCode,
        recommendCate: d.recommend ?? 0,
        sort,
        auditStatus: d.status,
        live: d.status === AuditStatus.Approved ? fields : null,
        createdBy: d.by?.id ?? null,
        submittedBy: d.by?.id ?? null,
      },
      now,
    );
    const log = (action: string, from: number, to: number, comment = '') =>
      db.insert(resAudits).values({
        resId: row.id,
        action,
        fromStatus: from,
        toStatus: to,
        comment,
        userId: d.by?.id ?? null,
        userName: d.by?.name ?? '',
        createdAt: now,
      });
    await log('submit', AuditStatus.Draft, AuditStatus.Pending);
    if (d.status === AuditStatus.Approved) await log('pass', AuditStatus.Pending, AuditStatus.Approved);
    if (d.status === AuditStatus.Rejected) await log('reject', AuditStatus.Pending, AuditStatus.Rejected, d.comment);
  }
}
