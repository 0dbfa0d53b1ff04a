import { NoticeStatus, type PageResult } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { fileAppSignedIn } from '../../../../test/helper.ts';
import { uploadMultipart } from '../../../../test/uploads.ts';
import { sanitizeRichHtml } from '../../../platform/sanitize-html.ts';
import { makePdf, makePng } from '../portal/assets.ts';

// Notice administration: every endpoint's 401 / action / company / bad input / success.
const [t, admin, corp, learner] = await fileAppSignedIn('admin', 'corpadmin', 'learner01');

const base = '/Api/SysConfig/sys_notice';
type AdminNotice = { noticeSysCode: string; companySysCode: string; status: number; noticeTitle: string };

const upload = (token: string | undefined, kind: string, name: string, data: Buffer, mime: string) =>
  uploadMultipart<{ key: string; url: string; name: string; size: number }>(t, `${base}/UploadContentFile?kind=${kind}`, data, name, {
    token,
    type: mime,
  });

describe('sanitising', () => {
  it('removes scripts, event handlers and javascript: URLs and keeps the formatting', () => {
    const dirty =
      '<p onclick="x()">Hi <b>there</b><script>alert(1)</script></p><img src="x" onerror="alert(1)"><a href="javascript:alert(1)">a</a>' +
      '<a href="java\tscript:alert(1)">b</a><a href="https://ok.example/" target="_blank">c</a><iframe src="https://evil"></iframe>' +
      '<img src="/prod-api/files/content/a.png" alt="pic"><style>body{}</style><p style="color:red">s</p>';
    const clean = sanitizeRichHtml(dirty);
    expect(clean).not.toMatch(/script|onerror|onclick|javascript|iframe|style/i);
    expect(clean).toContain('<b>there</b>');
    expect(clean).toContain('href="https://ok.example/"');
    expect(clean).toContain('<img src="/prod-api/files/content/a.png" alt="pic">');
  });

  it('saves a notice with <script> and onerror= clean', async () => {
    const res = await t.post<{ noticeSysCode: string }>(
      `${base}/AddNotice`,
      {
        noticeTitle: '带脚本的公告',
        noticeValue: '<p>正文</p><script>alert(1)</script><img src="/a.png" onerror="alert(2)">',
        publish: true,
      },
      admin,
    );
    expect(res.success).toBe(true);
    const detail = await t.post<{ noticeValue: string }>('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', {
      noticeSysCode: res.data.noticeSysCode,
    });
    expect(detail.data.noticeValue).toBe('<p>正文</p><img src="/a.png">');
  });
});

describe('uploads', () => {
  it('stores an image and a document checked by content, refuses a disguised file', async () => {
    expect((await upload(undefined, 'image', 'a.png', await makePng(4, 4, () => [1, 2, 3]), 'image/png')).errorCode).toBe(401);
    expect((await upload(learner, 'image', 'a.png', await makePng(4, 4, () => [1, 2, 3]), 'image/png')).errorCode).toBe(403);
    const img = await upload(corp, 'image', 'a.png', await makePng(4, 4, () => [1, 2, 3]), 'image/png');
    expect(img.success).toBe(true);
    expect(img.data.key).toMatch(/^content\/\d{4}\/\d{2}\/[0-9a-f]{24}\.png$/);
    const pdf = await upload(corp, 'document', '手册.pdf', await makePdf('T', ['x']), 'application/pdf');
    expect(pdf.success).toBe(true);
    expect(pdf.data.name).toBe('手册.pdf');
    const fake = await upload(corp, 'image', 'evil.png', Buffer.from('<script>alert(1)</script>'), 'image/png');
    expect(fake).toMatchObject({ success: false, msg: '请上传图片文件！格式：jpg,png,gif,webp' });
    const exe = await upload(
      corp,
      'document',
      'a.pdf',
      Buffer.from([0x4d, 0x5a, 0x90, 0, 3, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff]),
      'application/pdf',
    );
    expect(exe.success).toBe(false);
  });
});

describe('notice administration', () => {
  it('answers 401 without a session and refuses a learner on every endpoint', async () => {
    const calls: [string, object][] = [
      ['GetNoticeDataPageList', {}],
      ['GetNoticeEditData', { noticeSysCode: 'N-DEMO-01' }],
      ['AddNotice', { noticeTitle: 'x' }],
      ['UpdateNotice', { noticeSysCode: 'N-DEMO-01', noticeTitle: 'x' }],
      ['SetNoticeStatus', { noticeSysCode: 'N-DEMO-01', status: 0 }],
      ['DelNotice', { noticeSysCode: 'N-DEMO-01' }],
    ];
    for (const [path, body] of calls) {
      expect((await t.post(`${base}/${path}`, body)).errorCode, path).toBe(401);
      expect((await t.post(`${base}/${path}`, body, learner)).errorCode, path).toBe(403);
    }
  });

  it('validates input with Chinese messages', async () => {
    expect(await t.post(`${base}/AddNotice`, { noticeTitle: '  ' }, admin)).toMatchObject({ success: false, msg: '请输入公告标题' });
    expect(await t.post(`${base}/AddNotice`, { noticeTitle: 'x'.repeat(101) }, admin)).toMatchObject({
      success: false,
      msg: '公告标题不能超过100个字符',
    });
    expect(await t.post(`${base}/AddNotice`, { noticeTitle: '外链', noticeType: 2 }, admin)).toMatchObject({
      success: false,
      msg: '请输入外部链接地址',
    });
    expect(
      await t.post(`${base}/AddNotice`, { noticeTitle: '外链', noticeType: 2, noticeUrl: 'javascript:alert(1)' }, admin),
    ).toMatchObject({
      success: false,
      msg: '请输入以 http:// 或 https:// 开头的链接地址',
    });
    expect((await t.post(`${base}/AddNotice`, { noticeTitle: 'x', noticeChannel: 9 }, admin)).success).toBe(false);
    expect((await t.post(`${base}/AddNotice`, { noticeTitle: 'x', pcCoverUrl: 'javascript:alert(1)' }, admin)).success).toBe(false);
    expect(
      (await t.post(`${base}/AddNotice`, { noticeTitle: 'x', enclosures: [{ enclosureName: 'a', fileKey: '../../etc/passwd' }] }, admin))
        .success,
    ).toBe(false);
    expect((await t.post(`${base}/AddNotice`, { noticeTitle: 'x', releaseTime: 'tomorrow' }, admin)).success).toBe(false);
    expect((await t.post(`${base}/UpdateNotice`, { noticeTitle: 'x' }, admin)).msg).toBe('缺少公告编号');
  });

  it('keeps a company administrator inside their company', async () => {
    const list = await t.post<PageResult<AdminNotice>>(`${base}/GetNoticeDataPageList`, { pageRows: 100 }, corp);
    expect(list.data.models.map((m) => m.noticeSysCode)).toEqual(['N-DEMO-CORP']);
    for (const code of ['N-DEMO-LOGI', 'N-DEMO-01']) {
      expect((await t.post(`${base}/GetNoticeEditData`, { noticeSysCode: code }, corp)).success).toBe(false);
      expect((await t.post(`${base}/UpdateNotice`, { noticeSysCode: code, noticeTitle: 'hack' }, corp)).success).toBe(false);
      expect((await t.post(`${base}/SetNoticeStatus`, { noticeSysCode: code, status: 0 }, corp)).success).toBe(false);
      expect((await t.post(`${base}/DelNotice`, { noticeSysCode: code }, corp)).success).toBe(false);
    }
    expect(await t.post(`${base}/AddNotice`, { noticeTitle: 'x', companySysCode: 'C-DEMO-LOGI' }, corp)).toMatchObject({
      success: false,
      code: 'CONTENT_COMPANY_DENIED',
      msg: '只能管理本公司的内容',
    });
    const own = await t.post<{ noticeSysCode: string }>(`${base}/AddNotice`, { noticeTitle: '公司自己的公告' }, corp);
    expect(own.success).toBe(true);
    const edit = await t.post<{ companySysCode: string; status: number }>(
      `${base}/GetNoticeEditData`,
      { noticeSysCode: own.data.noticeSysCode },
      corp,
    );
    expect(edit.data).toMatchObject({ companySysCode: 'C-DEMO-TECH', status: 0 });
  });

  it('lets platform staff see every company and filter', async () => {
    const all = await t.post<PageResult<AdminNotice>>(`${base}/GetNoticeDataPageList`, { pageRows: 100 }, admin);
    const companies = new Set(all.data.models.map((m) => m.companySysCode));
    expect(companies).toEqual(new Set(['', 'C-DEMO-TECH', 'C-DEMO-LOGI']));
    const drafts = await t.post<PageResult<AdminNotice>>(`${base}/GetNoticeDataPageList`, { search: { status: 0 } }, admin);
    expect(drafts.data.models.every((m) => m.status === 0)).toBe(true);
    const logi = await t.post<PageResult<AdminNotice>>(
      `${base}/GetNoticeDataPageList`,
      { search: { companySysCode: 'C-DEMO-LOGI' } },
      admin,
    );
    expect(logi.data.models.map((m) => m.noticeSysCode)).toEqual(['N-DEMO-LOGI']);
    expect(await t.post(`${base}/AddNotice`, { noticeTitle: 'x', companySysCode: 'NOPE' }, admin)).toMatchObject({
      code: 'COMPANY_NOT_FOUND',
      msg: '公司不存在',
    });
  });

  it('publishes a draft with a cover and an attachment and shows it on the home page at once', async () => {
    const home = async () =>
      (await t.post<{ noticeSysCode: string }[]>('/Api/Ydxs/OpenApi/GetFPNoticeInfoList', { top: 6 })).data.map((n) => n.noticeSysCode);
    await home(); // warm the cache
    const cover = await upload(admin, 'image', 'cover.png', await makePng(8, 8, () => [200, 100, 50]), 'image/png');
    const file = await upload(admin, 'document', '附件.pdf', await makePdf('A', ['b']), 'application/pdf');
    const draft = await t.post<{ noticeSysCode: string }>(
      `${base}/AddNotice`,
      {
        noticeTitle: '新发布的公告',
        noticeSecondTitle: '第一行\n第二行',
        noticeValue: `<p>正文<img src="${cover.data.url}"></p>`,
        pcCoverUrl: cover.data.key,
        enclosures: [{ enclosureName: file.data.name, fileKey: file.data.key, size: file.data.size }],
      },
      admin,
    );
    const code = draft.data.noticeSysCode;
    expect(await home()).not.toContain(code);
    expect((await t.post('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', { noticeSysCode: code })).success).toBe(false);
    expect(await t.post(`${base}/SetNoticeStatus`, { noticeSysCode: code, status: 2 }, admin)).toMatchObject({
      success: true,
      msg: '发布成功',
    });
    expect((await home())[0]).toBe(code);
    const detail = await t.post<{ enclosure: { enclosureName: string; enclosurloadUrl: string }[]; releaseTime: string }>(
      '/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode',
      { noticeSysCode: code },
    );
    expect(detail.data.enclosure[0].enclosureName).toBe('附件.pdf');
    expect(detail.data.releaseTime).not.toBe('1900-01-01 00:00:00');
    expect(await t.post(`${base}/SetNoticeStatus`, { noticeSysCode: code, status: 0 }, admin)).toMatchObject({
      success: true,
      msg: '已取消发布',
    });
    expect(await home()).not.toContain(code);
    expect((await t.post(`${base}/DelNotice`, { noticeSysCode: code }, admin)).success).toBe(true);
    expect((await t.post(`${base}/GetNoticeEditData`, { noticeSysCode: code }, admin)).success).toBe(false);
  });

  it('keeps a notice scheduled for the future hidden until its release time', async () => {
    const res = await t.post<{ noticeSysCode: string }>(
      `${base}/AddNotice`,
      { noticeTitle: '未来的公告', releaseTime: '2099-01-01 08:00:00', publish: true },
      admin,
    );
    expect((await t.post('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', { noticeSysCode: res.data.noticeSysCode })).success).toBe(false);
  });

  it('messages the company’s people when a company notice is published', async () => {
    const count = async () => (await t.post<number>('/Api/SysConfig/sys_message/GetNoReadCount', {}, learner)).data;
    // the demo seed queues its own jobs (exam assignment messages): run them first
    await t.ctx.jobs.drain();
    const before = await count();
    await t.post(`${base}/AddNotice`, { noticeTitle: '部门通知', publish: true }, corp);
    // the fan-out is a background job
    expect(await count()).toBe(before);
    await t.ctx.jobs.drain();
    expect(await count()).toBe(before + 1);
    const other = await t.login('other01');
    const list = await t.post<PageResult<{ title: string }>>('/Api/SysConfig/sys_message/GetMessageDataPageList', {}, other);
    expect(list.data.models.map((m) => m.title)).not.toContain('新公告：部门通知');
  });

  it('messages them once: withdrawing and publishing again sends nothing more', async () => {
    const count = async () => (await t.post<number>('/Api/SysConfig/sys_message/GetNoReadCount', {}, learner)).data;
    await t.ctx.jobs.drain();
    const before = await count();
    const { data } = await t.post<{ noticeSysCode: string }>(`${base}/AddNotice`, { noticeTitle: '再次发布的通知' }, corp);
    const code = data.noticeSysCode;
    const setStatus = (status: number) => t.post(`${base}/SetNoticeStatus`, { noticeSysCode: code, status }, corp);
    expect((await setStatus(NoticeStatus.Published)).success).toBe(true);
    await t.ctx.jobs.drain();
    expect(await count()).toBe(before + 1);
    expect((await setStatus(0)).success).toBe(true);
    expect((await setStatus(NoticeStatus.Published)).success).toBe(true);
    // saving it published again (UpdateNotice with publish) does not message them either
    expect((await setStatus(0)).success).toBe(true);
    expect(
      (await t.post(`${base}/UpdateNotice`, { noticeSysCode: code, noticeTitle: '再次发布的通知', publish: true }, corp)).success,
    ).toBe(true);
    await t.ctx.jobs.drain();
    expect(await count()).toBe(before + 1);
  });

  it('needs the publish action to save and publish in one step', async () => {
    const res = await t.post(`${base}/AddNotice`, { noticeTitle: 'x', publish: true }, learner);
    expect(res.errorCode).toBe(403);
  });
});
