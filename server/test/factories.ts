// Per-domain test factories: a test makes the rows it changes instead of editing shared demo rows
// and restoring them by hand (docs/adr/0025-test-factories.md). Each factory inserts with drizzle,
// with unique counter-based codes and names, takes column overrides and returns the created row.
import { and, eq, inArray } from 'drizzle-orm';
import {
  actions,
  companies,
  exams,
  type LiveVersion,
  media,
  notices,
  orgs,
  paperQuestions,
  papers,
  posts,
  questions,
  resDirs,
  resources,
  roleActions,
  roles,
  userRoles,
  users,
} from '../src/db/schema/index.ts';
import { DEMO_COMPANY, DEMO_PASSWORD } from '../src/db/seed/demo.ts';
import { makeIdCard } from '../src/db/seed/idcard.ts';
import { createSession } from '../src/modules/identity/session/sessions.ts';
import type { AppContext } from '../src/platform/context.ts';
import { hashPassword } from '../src/platform/passwords.ts';

/** A test app or its context: every factory writes to that app's database. */
type Target = AppContext | { ctx: AppContext };
const ctxOf = (t: Target): AppContext => ('ctx' in t ? t.ctx : t);

// unique within a worker; every test file has its own database, so no clash across files
let n = 0;
const next = () => {
  n += 1;
  return n;
};
const pad = (i: number, len: number) => String(i).padStart(len, '0');

// scrypt costs ~50 ms: one hash per distinct password per worker (a pure value, safe to share)
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let h = hashes.get(password);
  if (!h) {
    h = hashPassword(password);
    hashes.set(password, h);
  }
  return h;
};

const codeOfCompany = (c: string | { companySysCode: string } | null | undefined) =>
  c === null ? null : typeof c === 'object' ? c.companySysCode : (c ?? DEMO_COMPANY.companySysCode);

/** The id of a company's top department (the first one made), or null when it has none. */
async function topOrgId(ctx: AppContext, companySysCode: string): Promise<number | null> {
  const [top] = await ctx.db
    .select({ id: orgs.id })
    .from(orgs)
    .where(and(eq(orgs.companySysCode, companySysCode), eq(orgs.pId, 0)))
    .orderBy(orgs.id)
    .limit(1);
  return top?.id ?? null;
}

export type CompanyRow = typeof companies.$inferSelect & { rootOrgId: number };

/** A company with its top department (as the company screen makes one). */
export async function buildCompany(t: Target, overrides: Partial<typeof companies.$inferInsert> = {}): Promise<CompanyRow> {
  const ctx = ctxOf(t);
  const i = next();
  const [row] = await ctx.db
    .insert(companies)
    .values({ companySysCode: `C-F${pad(i, 5)}`, companyCode: `F${pad(i, 5)}`, companyName: `工厂公司${i}`, ...overrides })
    .returning();
  const [root] = await ctx.db
    .insert(orgs)
    .values({ orgCode: `OF${pad(i, 5)}`, orgName: row.companyName, pId: 0, companySysCode: row.companySysCode, sortOrder: 1 })
    .returning();
  return { ...row, rootOrgId: root.id };
}

/** A department; by default directly under the top department of the demo company. */
export async function buildOrg(
  t: Target,
  overrides: Partial<typeof orgs.$inferInsert> & { company?: string | { companySysCode: string } } = {},
): Promise<typeof orgs.$inferSelect> {
  const ctx = ctxOf(t);
  const { company, ...values } = overrides;
  const companySysCode = values.companySysCode ?? (codeOfCompany(company) as string);
  const pId = values.pId !== undefined ? values.pId : ((await topOrgId(ctx, companySysCode)) ?? 0);
  const i = next();
  const [row] = await ctx.db
    .insert(orgs)
    .values({ orgCode: `OF${pad(i, 5)}`, orgName: `工厂部门${i}`, sortOrder: i, ...values, companySysCode, pId })
    .returning();
  return row;
}

/** A post (job title) of the demo company unless `companySysCode` is given. */
export async function buildPost(t: Target, overrides: Partial<typeof posts.$inferInsert> = {}): Promise<typeof posts.$inferSelect> {
  const ctx = ctxOf(t);
  const i = next();
  const [row] = await ctx.db
    .insert(posts)
    .values({
      postCode: `PF${pad(i, 5)}`,
      postName: `工厂岗位${i}`,
      companySysCode: DEMO_COMPANY.companySysCode,
      importance: 1,
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A role; `actions` are sys_action codes granted to it. By default a company role of the demo
 * company with no actions; `companySysCode: null` makes a platform role.
 */
export async function buildRole(
  t: Target,
  overrides: Partial<typeof roles.$inferInsert> & { actions?: string[] } = {},
): Promise<typeof roles.$inferSelect> {
  const ctx = ctxOf(t);
  const { actions: codes = [], ...values } = overrides;
  const i = next();
  const [row] = await ctx.db
    .insert(roles)
    .values({ code: `frole${i}`, roleName: `工厂角色${i}`, companySysCode: DEMO_COMPANY.companySysCode, ...values })
    .returning();
  if (codes.length) {
    const found = await ctx.db.select({ id: actions.id, code: actions.code }).from(actions).where(inArray(actions.code, codes));
    if (found.length !== new Set(codes).size) throw new Error(`buildRole: unknown action in ${codes.join(', ')}`);
    await ctx.db.insert(roleActions).values(found.map((a) => ({ roleId: row.id, actionId: a.id })));
  }
  return row;
}

export type BuiltUser = typeof users.$inferSelect & {
  /** role codes given */
  roles: string[];
  /** the password it signs in with (null: not activated) */
  password: string | null;
  /** a session token for this user, made directly (no login route, no captcha guard) */
  signIn(): Promise<string>;
};

/**
 * A person. Defaults: an activated learner of the demo company in its top department, password
 * DEMO_PASSWORD. `company` takes a code or a built company (null: platform staff, userType
 * SysUser), `roles` role codes (platform roles like 'admin' too), `password: null` an imported,
 * not yet activated person.
 */
export async function buildUser(
  t: Target,
  overrides: Partial<typeof users.$inferInsert> & {
    company?: string | { companySysCode: string } | null;
    roles?: string[];
    password?: string | null;
  } = {},
): Promise<BuiltUser> {
  const ctx = ctxOf(t);
  const { company, roles: roleCodes = ['learner'], password = DEMO_PASSWORD, ...values } = overrides;
  const companySysCode = values.companySysCode !== undefined ? values.companySysCode : codeOfCompany(company);
  const i = next();
  const orgId = values.orgId !== undefined ? values.orgId : companySysCode ? await topOrgId(ctx, companySysCode) : null;
  const [row] = await ctx.db
    .insert(users)
    .values({
      accountCode: `fuser${i}`,
      chnName: `工厂学员${i}`,
      mobile: `135${pad(i, 8)}`,
      idCard: makeIdCard(`19${70 + (Math.floor(i / 1000) % 30)}0101`, i % 1000),
      userType: companySysCode ? 'ComPanyUser' : 'SysUser',
      passwordHash: password === null ? null : await hashOf(password),
      activatedAt: password === null ? null : new Date(),
      ...values,
      companySysCode,
      orgId: orgId ?? null,
    })
    .returning();
  if (roleCodes.length) {
    const found = await ctx.db.select({ id: roles.id }).from(roles).where(inArray(roles.code, roleCodes));
    if (found.length !== new Set(roleCodes).size) throw new Error(`buildUser: unknown role in ${roleCodes.join(', ')}`);
    await ctx.db.insert(userRoles).values(found.map((r) => ({ userId: row.id, roleId: r.id })));
  }
  return { ...row, roles: roleCodes, password, signIn: () => createSession(ctx, row.id) };
}

/**
 * Two fresh companies: `company` with its administrator (`boss`) and a learner per name, `other`
 * with its administrator (`otherBoss`); everyone signed in, the learners' tokens by name in `tok`.
 */
export async function buildCompanyWithPeople(t: Target, learners: readonly string[]) {
  const company = await buildCompany(t);
  const other = await buildCompany(t);
  const boss = await (await buildUser(t, { company, roles: ['corpadmin'] })).signIn();
  const otherBoss = await (await buildUser(t, { company: other, roles: ['corpadmin'] })).signIn();
  const people: Record<string, BuiltUser> = {};
  const tok: Record<string, string> = {};
  for (const name of learners) {
    people[name] = await buildUser(t, { company });
    tok[name] = await people[name].signIn();
  }
  return { company, other, boss, otherBoss, people, tok };
}

/** A notice; by default a published platform-wide notice on the notice list, released now. */
export async function buildNotice(t: Target, overrides: Partial<typeof notices.$inferInsert> = {}): Promise<typeof notices.$inferSelect> {
  const ctx = ctxOf(t);
  const i = next();
  const [row] = await ctx.db
    .insert(notices)
    .values({
      noticeSysCode: `NF${pad(i, 6)}`,
      noticeTitle: `工厂公告${i}`,
      noticeValue: `<p>工厂公告${i}的内容</p>`,
      status: 2,
      releaseTime: ctx.clock.now(),
      companySysCode: null,
      ...overrides,
    })
    .returning();
  return row;
}

/** A bank question; by default a single-choice question of the demo company (answer A). */
export async function buildQuestion(
  t: Target,
  overrides: Partial<typeof questions.$inferInsert> = {},
): Promise<typeof questions.$inferSelect> {
  const ctx = ctxOf(t);
  const i = next();
  const [row] = await ctx.db
    .insert(questions)
    .values({
      qCode: `QF${pad(i, 6)}`,
      companySysCode: DEMO_COMPANY.companySysCode,
      qType: 1,
      qName: `工厂题目${i}`,
      a: '对的选项',
      b: '错的选项',
      answer: 'A',
      ...overrides,
    })
    .returning();
  return row;
}

/**
 * A draft exam on a fixed paper of `questions` (default: two new questions), open from now for a
 * week. Publishing and assigning people go through the exam service (they resolve participants).
 */
export async function buildExam(
  t: Target,
  overrides: Partial<typeof exams.$inferInsert> & { questions?: (typeof questions.$inferSelect)[] } = {},
): Promise<typeof exams.$inferSelect & { paper: typeof papers.$inferSelect }> {
  const ctx = ctxOf(t);
  const { questions: given, ...values } = overrides;
  const companySysCode = values.companySysCode ?? DEMO_COMPANY.companySysCode;
  const qs = given ?? [await buildQuestion(ctx, { companySysCode }), await buildQuestion(ctx, { companySysCode })];
  const i = next();
  const total = qs.reduce((s, q) => s + Number(q.score), 0);
  const [paper] = await ctx.db
    .insert(papers)
    .values({
      paperCode: `PF${pad(i, 6)}`,
      companySysCode,
      paperName: `工厂试卷${i}`,
      paperType: 1,
      totlescore: total,
      totleq: qs.length,
      type1: qs.filter((q) => q.qType === 1).length,
      type2: qs.filter((q) => q.qType === 2).length,
      type3: qs.filter((q) => q.qType === 3).length,
      type4: qs.filter((q) => q.qType === 4).length,
      type5: qs.filter((q) => q.qType === 5).length,
    })
    .returning();
  if (qs.length)
    await ctx.db.insert(paperQuestions).values(qs.map((q, k) => ({ paperId: paper.id, qCode: q.qCode, sortOrder: k + 1, score: q.score })));
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(exams)
    .values({
      examCode: `EF${pad(i, 6)}`,
      companySysCode,
      examName: `工厂考试${i}`,
      paperId: paper.id,
      time: 60,
      examStartTime: now,
      examEndTime: new Date(now.getTime() + 7 * 86_400_000),
      ...values,
    })
    .returning();
  return { ...row, paper };
}

/**
 * An approved (live) video course with its ready media, in a new top-level directory unless
 * `dCode` is given. Defaults: platform-wide (`companySysCode: null`), 600 s, 2 credit hours.
 */
export async function buildResource(
  t: Target,
  overrides: Partial<typeof resources.$inferInsert> = {},
): Promise<typeof resources.$inferSelect> {
  const ctx = ctxOf(t);
  const i = next();
  const now = ctx.clock.now();
  const companySysCode = overrides.companySysCode === undefined ? null : overrides.companySysCode;
  const duration = overrides.duration ?? 600;
  let dCode = overrides.dCode;
  if (dCode === undefined) {
    const [dir] = await ctx.db
      .insert(resDirs)
      .values({ dCode: `DF${pad(i, 6)}`, dName: `工厂目录${i}`, dNo: `F${pad(i, 6)}`, companySysCode })
      .returning();
    dCode = dir.dCode;
  }
  const mediaCode = `MF${pad(i, 6)}`;
  await ctx.db.insert(media).values({
    mediaCode,
    companySysCode,
    kind: 'video',
    sourceKey: `media/${mediaCode}/source.mp4`,
    ext: '.mp4',
    mime: 'video/mp4',
    size: 1000,
    duration,
    status: 'ready',
    createdAt: now,
    updatedAt: now,
  });
  const live: LiveVersion = {
    resName: overrides.resName ?? `工厂课程${i}`,
    introduce: overrides.introduce ?? `<p>工厂课程${i}的简介</p>`,
    cover: '',
    lecturerCode: '',
    resType: 1,
    content: '',
    mediaId: mediaCode,
    duration,
    creditHours: overrides.creditHours ?? 2,
  };
  const [row] = await ctx.db
    .insert(resources)
    .values({
      ...live,
      resCode: `RF${pad(i, 6)}`,
      auditStatus: 20,
      live,
      createdAt: now,
      updatedAt: now,
      ...overrides,
      companySysCode,
      dCode,
    })
    .returning();
  return row;
}

/**
 * A buildResource course that plays: its media gets a stored HLS rendition (storeHlsRendition) of
 * `segments` segments of `segmentSeconds` each.
 */
export async function buildPlayableResource(
  t: Target,
  overrides: Partial<typeof resources.$inferInsert> = {},
  segments = 3,
  segmentSeconds = 10,
): Promise<typeof resources.$inferSelect> {
  const row = await buildResource(t, overrides);
  await storeHlsRendition(t, row.mediaId, segments, segmentSeconds);
  return row;
}

/**
 * Gives a media row (e.g. a `buildResource`'s, `MF…`) a stored HLS rendition FD of `segments`
 * segments of `segmentSeconds` each (MPEG-TS-looking bytes, no ffmpeg needed) and that duration.
 */
export async function storeHlsRendition(t: Target, mediaCode: string, segments = 3, segmentSeconds = 10): Promise<void> {
  const ctx = ctxOf(t);
  const key = `media/${mediaCode}/FD`;
  const lines = ['#EXTM3U', `#EXT-X-TARGETDURATION:${segmentSeconds}`, '#EXT-X-PLAYLIST-TYPE:VOD'];
  for (let i = 0; i < segments; i++) {
    lines.push(`#EXTINF:${segmentSeconds}.0,`, `seg_${pad(i, 4)}.ts`);
    await ctx.storage.put(`${key}/seg_${pad(i, 4)}.ts`, Buffer.alloc(188, 0x47));
  }
  await ctx.storage.put(`${key}/index.m3u8`, Buffer.from([...lines, '#EXT-X-ENDLIST'].join('\n')));
  await ctx.db
    .update(media)
    .set({ duration: segments * segmentSeconds, renditions: [{ quality: 'FD', key: `${key}/index.m3u8`, height: 360, format: 'hls' }] })
    .where(eq(media.mediaCode, mediaCode));
}

/** The seeded demo learners' account codes, learner01 … learnerNN (db/seed/demo.ts). */
export const demoLearners = (count: number) => Array.from({ length: count }, (_, i) => `learner${String(i + 1).padStart(2, '0')}`);
