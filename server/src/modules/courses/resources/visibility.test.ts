import { type PlayListAnswer, ResType } from '@xuetu/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAIN_RES as R } from '../../../../test/api-paths.ts';
import { buildPlayableResource, buildResource } from '../../../../test/factories.ts';
import { appSignedIn, type TestApp } from '../../../../test/helper.ts';
import { resources } from '../../../db/schema/index.ts';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { NO_SCOPE } from '../../../platform/caller.ts';
import { PLATFORM_WIDE, type TenantScope } from '../../../platform/scope.ts';
import { isResVisible, visibleResWhere } from './visibility.ts';

// Issue 22 item 1: one rule decides who sees a resource on the learner side, and every call that
// shows or plays one follows it. Another company's resource answers exactly like a missing one.
const MISSING = 'RNOSUCHRES';
let t: TestApp;
let learner: string;
let other: string;
/** 演示科技's approved video (with a stored HLS rendition) and its approved rich-text course */
let companyVideo: string;
let companyText: string;
let platformVideo: string;
let platformPrivate: string;

beforeAll(async () => {
  [t, learner, other] = await appSignedIn('learner01', 'other01');
  const video = await buildPlayableResource(t, { companySysCode: DEMO_COMPANY.companySysCode, resName: '演示科技内部视频课' });
  companyVideo = video.resCode;
  const [text] = await t.ctx.db
    .select({ resCode: resources.resCode })
    .from(resources)
    .where(
      and(
        eq(resources.companySysCode, DEMO_COMPANY.companySysCode),
        eq(resources.resType, ResType.RichText),
        eq(resources.auditStatus, 20),
      ),
    )
    .limit(1);
  companyText = text.resCode;
  const shared = await buildPlayableResource(t, { resName: '平台公开视频课' });
  platformVideo = shared.resCode;
  platformPrivate = (await buildResource(t, { resName: '平台私有视频课', isPrivate: 1 })).resCode;
});
afterAll(() => t.close());

/** Every call that shows or plays a resource, with its input for a resource code. */
const calls = (code: string): [string, Record<string, unknown>][] => [
  ['GetTrainResPreView', { rescode: code }],
  ['GetVideoPlayList', { videoId: code }],
  ['GetTrainResDetail', { rescode: code }],
  ['GetTrainResStudyDetail', { rescode: code }],
  ['GetRelevantList', { rescode: code }],
  ['GetNoteList', { recordId: code }],
  ['AddNoteData', { rescode: code, content: '笔记', position: 1 }],
  ['Collect', { rescode: code }],
  ['SetThumbsup', { rescode: code }],
  ['Study', { rescode: code, guid: 'visibility-guid-1', speed: 1, position: 0 }],
  ['StudyComplete', { rescode: code }],
];

const answer = async (call: string, body: Record<string, unknown>, token?: string) => {
  const res = await t.post<unknown>(`${R}/${call}`, body, token);
  return { success: res.success, code: (res as { code?: string }).code, errorCode: res.errorCode, msg: res.msg, data: res.data };
};

describe('the visibility rule', () => {
  it('is the same in SQL and in code, for every kind of viewer and resource', async () => {
    const now = t.ctx.clock.now();
    const rows = {
      platform: await buildResource(t),
      platformPrivate: await buildResource(t, { isPrivate: 1 }),
      own: await buildResource(t, { companySysCode: DEMO_COMPANY.companySysCode }),
      ownPrivate: await buildResource(t, { companySysCode: DEMO_COMPANY.companySysCode, isPrivate: 1 }),
      otherCompany: await buildResource(t, { companySysCode: OTHER_COMPANY.companySysCode }),
      unapproved: await buildResource(t, { live: null, auditStatus: 10 }),
      deleted: await buildResource(t, { deletedAt: now }),
    };
    const scopes: Record<string, TenantScope> = {
      staff: PLATFORM_WIDE,
      demo: { all: false, companySysCode: DEMO_COMPANY.companySysCode },
      signedOut: NO_SCOPE,
    };
    const seen: Record<string, string[]> = {};
    for (const [who, scope] of Object.entries(scopes)) {
      const ids = Object.values(rows).map((r) => r.id);
      const bySql = await t.ctx.db
        .select({ id: resources.id })
        .from(resources)
        .where(and(inArray(resources.id, ids), visibleResWhere(scope)));
      const sqlIds = new Set(bySql.map((r) => r.id));
      seen[who] = Object.entries(rows)
        .filter(([, r]) => isResVisible(scope, r))
        .map(([name]) => name);
      expect(
        Object.entries(rows)
          .filter(([, r]) => sqlIds.has(r.id))
          .map(([name]) => name),
        who,
      ).toEqual(seen[who]);
    }
    expect(seen).toEqual({
      staff: ['platform', 'platformPrivate', 'own', 'ownPrivate', 'otherCompany'],
      demo: ['platform', 'own', 'ownPrivate'],
      signedOut: ['platform'],
    });
  });
});

describe("another company's resource answers like a missing one", () => {
  it('on every call that shows or plays it, for the other company learner and for a visitor', async () => {
    for (const code of [companyVideo, companyText]) {
      for (const [call, body] of calls(code)) {
        const [missingBody] = calls(MISSING).filter(([c]) => c === call);
        for (const [who, token] of [
          ['other01', other],
          ['visitor', undefined],
        ] as const) {
          const got = await answer(call, body, token);
          expect(got, `${who} ${call} ${code}`).toEqual(await answer(call, missingBody[1], token));
          expect(got.success, `${who} ${call}`).toBe(false);
          // the open calls say RES_NOT_FOUND; the learner calls ask a visitor to sign in, as for any code
          if (who === 'other01' || call === 'GetTrainResPreView' || call === 'GetVideoPlayList')
            expect(got.code, `${who} ${call}`).toBe('RES_NOT_FOUND');
          else expect(got.errorCode, `${who} ${call}`).toBe(401);
        }
      }
    }
  });

  it("the owner company's learner still studies and plays them (the text course with its content)", async () => {
    for (const [call, body] of calls(companyVideo)) {
      const got = await answer(call, body, learner);
      // completing needs the time studied: a business answer, not a missing resource
      if (call === 'StudyComplete') expect(got.code).toBe('STUDY_NOT_ENOUGH');
      else expect(got.success, `${call}: ${got.msg}`).toBe(true);
    }
    const pl = await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: companyVideo }, learner);
    expect(pl.data).toMatchObject({ format: 'hls', previewSeconds: 0 });
    const m3u8 = await t.inject({ method: 'GET', url: pl.data.playList[0].item2, headers: { ydAuthorization: `Bearer ${learner}` } });
    expect(m3u8.body.match(/seg_/g)).toHaveLength(3);
    const text = await t.post<{ content: string }>(`${R}/GetVideoPlayList`, { videoId: companyText }, learner);
    expect(text.data.content).toContain('<h2>');
    const detail = await t.post<{ content: string }>(`${R}/GetTrainResDetail`, { rescode: companyText }, learner);
    expect(detail.data.content).toContain('<h2>');
  });

  it("a platform resource plays for every company's learners; a visitor gets its 30 s preview", async () => {
    for (const token of [learner, other]) {
      const pl = await t.post<PlayListAnswer>(`${R}/GetVideoPlayList`, { videoId: platformVideo }, token);
      expect(pl.data).toMatchObject({ format: 'hls', previewSeconds: 0 });
      expect((await t.post(`${R}/GetTrainResDetail`, { rescode: platformVideo }, token)).success).toBe(true);
    }
    const preview = await t.post<PlayListAnswer>(`${R}/GetTrainResPreView`, { rescode: platformVideo });
    expect(preview.data).toMatchObject({ format: 'hls', previewSeconds: 30 });
    expect((await t.inject({ method: 'GET', url: preview.data.playList[0].item2 })).statusCode).toBe(200);
  });

  it('a visitor previews exactly what the portal lists to visitors', async () => {
    const listed = (await t.post<{ resCode: string }[]>(`${R}/IndexHotRes`, { top: 50 })).data.map((c) => c.resCode);
    // the whole list (fewer than the most one page takes)
    expect(listed.length).toBeLessThan(50);
    const candidates = [platformVideo, platformPrivate, companyVideo, companyText];
    expect(candidates.filter((c) => listed.includes(c))).toEqual([platformVideo]);
    for (const code of candidates) {
      const preview = await t.post(`${R}/GetTrainResPreView`, { rescode: code });
      expect(preview.success, code).toBe(listed.includes(code));
    }
  });
});
