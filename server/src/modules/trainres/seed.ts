import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AuditStatus, MediaStatus, ResType } from '@xuetu/contract';
import { eq, inArray } from 'drizzle-orm';
import { lecturers, media, resAudits, resDirs, resources, users } from '../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../db/seed/demo.ts';
import { newCode } from '../../platform/codes.ts';
import type { AppContext } from '../../platform/context.ts';
import { nextDirNo } from './dir-repository.ts';
import { processMedia } from './media/job.ts';

/** Makes a short test clip with ffmpeg (argument arrays, a timeout); null when ffmpeg is absent. */
function generate(ffmpeg: string, out: string, kind: 'video' | 'audio'): Buffer | null {
  const input =
    kind === 'video'
      ? ['-f', 'lavfi', '-i', 'testsrc2=size=320x240:rate=10', '-f', 'lavfi', '-i', 'sine=frequency=330:sample_rate=22050']
      : ['-f', 'lavfi', '-i', 'sine=frequency=523:sample_rate=22050'];
  const encode =
    kind === 'video'
      ? ['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest']
      : ['-c:a', 'libmp3lame', '-b:a', '48k'];
  const r = spawnSync(ffmpeg, ['-hide_banner', '-loglevel', 'error', '-y', ...input, '-t', kind === 'video' ? '4' : '3', ...encode, out], {
    timeout: 30_000,
  });
  return r.status === 0 ? readFileSync(out) : null;
}

/**
 * Demo resource library: platform and company directories of both demo companies, approved
 * video, audio and rich-text courses (short clips generated with ffmpeg once, shared by the
 * video courses), plus one pending and one rejected resource with their audit history. Runs no
 * jobs: the media is processed here, so no test run finds media work queued.
 */
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

  const [corp] = await db.select({ id: users.id, name: users.chnName }).from(users).where(eq(users.accountCode, 'corpadmin'));
  const [admin] = await db.select({ id: users.id, name: users.chnName }).from(users).where(eq(users.accountCode, 'admin'));
  const lecturer = (await db.select({ code: lecturers.lecturerCode }).from(lecturers).limit(1))[0]?.code ?? '';

  // media: one video and one audio clip, generated once
  const work = mkdtempSync(join(tmpdir(), 'xuetu-seed-media-'));
  const mediaCodes: { video: string; audio: string } = { video: '', audio: '' };
  try {
    for (const kind of ['video', 'audio'] as const) {
      const ext = kind === 'video' ? '.mp4' : '.mp3';
      const bytes = generate(ctx.env.FFMPEG_PATH, join(work, `demo${ext}`), kind);
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
          originalName: kind === 'video' ? '演示视频.mp4' : '演示音频.mp3',
          size: bytes.length,
          status: MediaStatus.Uploaded,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await processMedia(ctx, row, new AbortController().signal, async () => {});
      mediaCodes[kind] = mediaCode;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const durations = new Map(
    (
      await db
        .select()
        .from(media)
        .where(inArray(media.mediaCode, [mediaCodes.video, mediaCodes.audio].filter(Boolean).concat('-')))
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
  };
  const demos: Demo[] = [
    { name: '安全生产基础', dir: 'safety', company: null, type: ResType.Video, status: AuditStatus.Approved, recommend: 1, by: admin },
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
  let sort = 0;
  for (const d of demos) {
    const mediaId = d.type === ResType.Video ? mediaCodes.video : d.type === ResType.Audio ? mediaCodes.audio : '';
    // without ffmpeg the media courses are left out (nothing to play)
    if (d.type !== ResType.RichText && !mediaId) continue;
    const fields = {
      resName: d.name,
      introduce: `<p>${d.name}：演示课程，展示视频、音频与图文资源的学习与审核流程。</p>`,
      cover: '',
      lecturerCode: lecturer,
      resType: d.type,
      content:
        d.type === ResType.RichText ? `<h2>${d.name}</h2><p>本课程介绍${d.name}的要点。</p><ul><li>要点一</li><li>要点二</li></ul>` : '',
      mediaId,
      duration: durations.get(mediaId) ?? 0,
      creditHours: 1,
    };
    sort += 10;
    const [row] = await db
      .insert(resources)
      .values({
        ...fields,
        resCode: newCode('R'),
        companySysCode: d.company,
        dCode: dirs[d.dir].dCode,
        recommendCate: d.recommend ?? 0,
        sort,
        auditStatus: d.status,
        live: d.status === AuditStatus.Approved ? fields : null,
        createdBy: d.by?.id ?? null,
        submittedBy: d.by?.id ?? null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
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
