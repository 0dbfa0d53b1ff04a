import { randomBytes } from 'node:crypto';
import { NoticeStatus } from '@xuetu/contract';
import { DEMO_COMPANY, OTHER_COMPANY } from '../../../db/seed/demo.ts';
import { demoSample } from '../../../db/seed/samples.ts';
import type { AppContext } from '../../../platform/context.ts';
import { makeImageVariants } from '../../../platform/files/variants.ts';
import { sanitizeRichHtml } from '../../../platform/sanitize-html.ts';
import { lecturers, links, modelInfos, noticeEnclosures, notices, regulationDocs, siteSettings } from '../schema.ts';
import { bannerPng, makeIntroMp4, makePdf, portraitPng } from './assets.ts';

/** Demo portal content (DESIGN.md §6): notices with an attachment, banners, links of every type, lecturers, models, regulations, footer. */
export async function seedDemoPortal(ctx: AppContext): Promise<void> {
  const sizes = new Map<string, number>();
  const put = async (buffer: Buffer, ext: string, mime: string) => {
    const key = `content/2026/01/${randomBytes(12).toString('hex')}${ext}`;
    await ctx.storage.put(key, buffer, mime);
    sizes.set(key, buffer.length);
    return key;
  };
  const sizeOf = (key: string) => sizes.get(key) ?? 0;
  // with the resized copies an upload of the portal's images gets (issue 15)
  const png = async (b: Buffer) => {
    const key = await put(b, '.png', 'image/png');
    await makeImageVariants(ctx.storage, key, b, 'image/png');
    return key;
  };
  const day = 24 * 60 * 60 * 1000;
  const now = ctx.clock.now().getTime();
  const ago = (days: number, hour = 9) => new Date(Math.floor((now - days * day) / day) * day + (hour - 8) * 60 * 60 * 1000);

  const bannerA = await png(await bannerPng([32, 92, 190], [64, 158, 255]));
  const bannerB = await png(await bannerPng([18, 120, 110], [70, 190, 160]));
  const pdfKey = await put(
    await makePdf('Xuetu 2026 Safety Training Handbook', [
      'Chapter 1. Workplace safety basics',
      'Chapter 2. Fire prevention and evacuation',
      'Chapter 3. First aid at work',
      'Please finish the online course before the exam window opens.',
    ]),
    '.pdf',
    'application/pdf',
  );
  const docxKey = await put(
    demoSample('training-signup-form.docx'),
    '.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  const regPdfKey = await put(
    await makePdf('Employee Handbook', ['1. Working hours 09:00-17:30 on workdays', '2. Attendance and leave', '3. Code of conduct']),
    '.pdf',
    'application/pdf',
  );
  const regDocKey = await put(
    demoSample('information-security-rules.docx'),
    '.docx',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  );
  const logiPdfKey = await put(
    await makePdf('Warehouse Operation Rules', ['1. Forklift licence required', '2. Daily inventory check']),
    '.pdf',
    'application/pdf',
  );
  const faces = [
    await png(await portraitPng([64, 158, 255])),
    await png(await portraitPng([103, 194, 58])),
    await png(await portraitPng([230, 162, 60])),
    await png(await portraitPng([144, 107, 230])),
  ];
  const covers = await Promise.all(
    (
      [
        [
          [64, 158, 255],
          [121, 187, 255],
        ],
        [
          [103, 194, 58],
          [149, 212, 117],
        ],
        [
          [230, 162, 60],
          [243, 209, 158],
        ],
        [
          [245, 108, 108],
          [250, 182, 182],
        ],
      ] as [number, number, number][][]
    ).map(async ([a, b]) => png(await bannerPng(a, b, 480, 270))),
  );
  const mp4 = await makeIntroMp4();
  const videoKey = mp4 ? await put(mp4, '.mp4', 'video/mp4') : '';

  await ctx.db.transaction(async (tx) => {
    // ---- notices ----
    const titles: [string, string][] = [
      ['关于开展2026年度安全生产培训的通知', '为进一步提升全员安全意识，平台将于本月开展年度安全生产培训，请各单位组织员工按时参加。'],
      ['学途平台春季课程上新公告', '本季度新增职业技能、管理提升、办公效率三大类共 36 门课程，欢迎学习。'],
      ['关于系统升级维护的公告', '平台将于本周六 22:00-24:00 进行系统升级，期间暂停服务。'],
      ['2026年度优秀学员评选结果公示', '经过综合评定，共有 20 名学员获评年度优秀学员，现予以公示。'],
      ['在线考试操作指南', '本指南介绍参加在线考试的完整流程与注意事项，考前请仔细阅读。'],
      ['关于规范培训学时认定的说明', '自即日起，课程学时以实际观看时长为准，倍速播放按规则折算。'],
      ['职业技能等级认定报名通知', '2026年第二期职业技能等级认定开始报名，符合条件的员工可在线报名。'],
      ['消防安全知识竞赛活动通知', '为普及消防知识，平台举办线上消防安全知识竞赛，欢迎踊跃参与。'],
      ['新员工入职培训安排', '新员工请在入职后两周内完成入职必修课程与考试。'],
      ['关于个人信息保护的提示', '请勿向他人泄露账号密码与短信验证码，谨防诈骗。'],
      ['移动端学习功能上线', '现已支持在手机浏览器中学习课程、参加考试。'],
      ['学习积分兑换规则', '学习积分可用于兑换学习资料与纪念品，具体规则见正文。'],
      ['劳动法律法规专题课程推荐', '精选劳动合同、社会保险等专题课程，帮助员工了解自身权益。'],
    ];
    const body = (desc: string) =>
      sanitizeRichHtml(
        `<h2>通知正文</h2><p>${desc}</p><ul><li>培训对象：全体员工</li><li>培训方式：线上学习 + 在线考试</li><li>咨询电话：400-800-2026（工作日 09:00-17:30）</li></ul><p>特此通知。</p>`,
      );
    let i = 0;
    for (const [title, desc] of titles) {
      i += 1;
      const [row] = await tx
        .insert(notices)
        .values({
          noticeSysCode: `N-DEMO-${String(i).padStart(2, '0')}`,
          noticeTitle: title,
          noticeSecondTitle: i === 1 ? '学途在线培训平台\n2026年度安全生产培训工作组' : '',
          noticeDesc: desc,
          noticeValue: body(desc),
          noticeChannel: 1,
          status: NoticeStatus.Published,
          releaseTime: ago(i * 3 - 2, 9 + (i % 6)),
          pv: 300 - i * 17,
        })
        .returning({ id: notices.id });
      if (i === 1) {
        await tx.insert(noticeEnclosures).values([
          { noticeId: row.id, enclosureName: '2026年度安全生产培训手册.pdf', fileKey: pdfKey, size: sizeOf(pdfKey), sortOrder: 0 },
          { noticeId: row.id, enclosureName: '培训报名表.docx', fileKey: docxKey, size: sizeOf(docxKey), sortOrder: 1 },
        ]);
      }
    }
    await tx.insert(notices).values([
      {
        noticeSysCode: 'N-DEMO-CORP',
        noticeTitle: '演示科技：本季度内部培训计划',
        noticeDesc: '本季度内部培训计划已发布，请各部门按计划组织学习。',
        noticeValue: body('本季度内部培训计划已发布，请各部门按计划组织学习。'),
        companySysCode: DEMO_COMPANY.companySysCode,
        status: NoticeStatus.Published,
        releaseTime: ago(1, 14),
        pv: 42,
      },
      {
        noticeSysCode: 'N-DEMO-LOGI',
        noticeTitle: '示例物流：仓储安全专项检查通知',
        noticeDesc: '仓储部将于下周开展安全专项检查。',
        noticeValue: body('仓储部将于下周开展安全专项检查。'),
        companySysCode: OTHER_COMPANY.companySysCode,
        status: NoticeStatus.Published,
        releaseTime: ago(2, 10),
        pv: 17,
      },
      {
        noticeSysCode: 'N-DEMO-DRAFT',
        noticeTitle: '（草稿）下半年培训规划征求意见',
        noticeDesc: '草稿，尚未发布。',
        noticeValue: body('草稿，尚未发布。'),
        status: NoticeStatus.Draft,
      },
      {
        noticeSysCode: 'N-DEMO-BANNER',
        noticeTitle: '职业技能提升行动 · 免费课程开放中',
        noticeDesc: '百门精品课程限时免费学习',
        noticeValue: body('职业技能提升行动：百门精品课程限时免费学习，登录后即可开始。'),
        noticeChannel: 2,
        pcCoverUrl: bannerB,
        status: NoticeStatus.Published,
        releaseTime: ago(5, 9),
        pv: 88,
      },
    ]);

    // ---- links of every type ----
    const link = (linkType: number, n: number, linkName: string, extra: Partial<typeof links.$inferInsert> = {}) => ({
      linkCode: `L-DEMO-${linkType}${n}`,
      linkName,
      linkType,
      pcLinkName: linkName,
      sortOrder: n,
      ...extra,
    });
    await tx
      .insert(links)
      .values([
        link(0, 1, '学途 · 让学习更简单', { pcBanner: bannerA, pcLinkUrl: '/infonoticelist' }),
        link(1, 1, '通知公告', { pcLinkUrl: '/infonoticelist' }),
        link(1, 2, '培训课程', { pcLinkUrl: '/trainres/index' }),
        link(1, 3, '在线考试', { pcLinkUrl: '/ysUserExam/myexam' }),
        link(1, 4, '人社服务', { pcLinkUrl: 'https://www.mohrss.gov.cn/' }),
        link(2, 1, '安全生产', { pcLinkUrl: '/infonoticelist', pcCoverUrlPath: covers[0] }),
        link(2, 2, '职业技能', { pcLinkUrl: '/infonoticelist', pcCoverUrlPath: covers[1] }),
        link(2, 3, '管理提升', { pcLinkUrl: '/infonoticelist', pcCoverUrlPath: covers[2] }),
        link(2, 4, '法律法规', { pcLinkUrl: '/infonoticelist', pcCoverUrlPath: covers[3] }),
        link(3, 1, '电工作业', { pcCoverUrlPath: covers[0], pcLinkUrl: '/infonoticelist' }),
        link(3, 2, '焊接与热切割', { pcCoverUrlPath: covers[1], pcLinkUrl: '/infonoticelist' }),
        link(3, 3, '叉车司机', { pcCoverUrlPath: covers[2], pcLinkUrl: '/infonoticelist' }),
        link(3, 4, '育婴员', { pcCoverUrlPath: covers[3], pcLinkUrl: '/infonoticelist' }),
        link(4, 1, '读书会', { pcCoverUrlPath: covers[1], pcLinkUrl: '/infonoticelist' }),
        link(4, 2, '羽毛球俱乐部', { pcCoverUrlPath: covers[0], pcLinkUrl: '/infonoticelist' }),
        link(4, 3, '摄影社', { pcCoverUrlPath: covers[3], pcLinkUrl: '/infonoticelist' }),
        link(5, 1, '乡村教师培训计划', { pcCoverUrlPath: covers[2], pcLinkUrl: '/infonoticelist' }),
        link(5, 2, '残疾人就业技能帮扶', { pcCoverUrlPath: covers[1], pcLinkUrl: '/infonoticelist' }),
        link(5, 3, '退役军人职业培训', { pcCoverUrlPath: covers[0], pcLinkUrl: '/infonoticelist' }),
      ]);

    // ---- lecturers ----
    const lecturer = (n: number, lecturerName: string, lecturerTag: string, briefIntroduce: string, withVideo = false) => ({
      lecturerCode: `T-DEMO-${n}`,
      lecturerName,
      lecturerTag,
      briefIntroduce,
      faceUrl: faces[n - 1],
      profilesDetail: `${lecturerName}，${briefIntroduce}\n主讲课程覆盖企业培训、职业技能与安全生产等方向，累计授课超过 500 场。`,
      videos: JSON.stringify(withVideo && videoKey ? [{ name: '讲师介绍', key: videoKey }] : []),
      sortOrder: n,
    });
    await tx
      .insert(lecturers)
      .values([
        lecturer(1, '陈立新', '安全生产', '注册安全工程师，十五年企业安全管理经验。', true),
        lecturer(2, '林晓雯', '人力资源', '高级人力资源管理师，专注劳动关系与员工发展。'),
        lecturer(3, '王建国', '职业技能', '高级技师，国家职业技能竞赛裁判。'),
        lecturer(4, '赵思远', '管理提升', '管理学博士，企业管理咨询顾问。'),
      ]);

    // ---- display models (PC) ----
    await tx.insert(modelInfos).values([
      {
        modelCode: 'M-DEMO-1',
        modelName: '课程中心',
        modelDesc: '海量精品课程',
        linkUrl: '/trainres/index',
        sortOrder: 1,
        imageUrl: covers[0],
      },
      {
        modelCode: 'M-DEMO-2',
        modelName: '在线考试',
        modelDesc: '随学随考',
        linkUrl: '/ysUserExam/myexam',
        sortOrder: 2,
        imageUrl: covers[1],
      },
      {
        modelCode: 'M-DEMO-3',
        modelName: '培训项目',
        modelDesc: '学时达标追踪',
        linkUrl: '/project/mystudy',
        sortOrder: 3,
        imageUrl: covers[2],
      },
      {
        modelCode: 'M-DEMO-4',
        modelName: '规章制度',
        modelDesc: '制度文件下载',
        linkUrl: '/regulations/index',
        sortOrder: 4,
        imageUrl: covers[3],
      },
    ]);

    // ---- regulations documents ----
    await tx.insert(regulationDocs).values([
      {
        docCode: 'D-DEMO-1',
        title: '员工手册（2026版）',
        fileKey: regPdfKey,
        fileName: '员工手册2026.pdf',
        fileExt: 'pdf',
        size: sizeOf(regPdfKey),
        sortOrder: 1,
      },
      {
        docCode: 'D-DEMO-2',
        title: '信息安全管理制度',
        fileKey: regDocKey,
        fileName: '信息安全管理制度.docx',
        fileExt: 'docx',
        size: sizeOf(regDocKey),
        sortOrder: 2,
      },
      {
        docCode: 'D-DEMO-3',
        title: '2026年度安全生产培训手册',
        fileKey: pdfKey,
        fileName: '安全生产培训手册.pdf',
        fileExt: 'pdf',
        size: sizeOf(pdfKey),
        sortOrder: 3,
        companySysCode: DEMO_COMPANY.companySysCode,
      },
      {
        docCode: 'D-DEMO-4',
        title: '仓储作业规范',
        fileKey: logiPdfKey,
        fileName: '仓储作业规范.pdf',
        fileExt: 'pdf',
        size: sizeOf(logiPdfKey),
        sortOrder: 4,
        companySysCode: OTHER_COMPANY.companySysCode,
      },
    ]);

    // ---- footer ----
    const site: Record<string, string> = {
      siteName: '学途在线培训平台',
      supportEmail: 'service@xuetu.example.com',
      contactPhone: '400-800-2026',
      workingHours: '工作日 09:00-17:30',
      address: '北京市海淀区中关村大街 27 号学途大厦 8 层',
      aboutUrl: '/infonoticelist',
      legalUrl: '/infonoticelist',
      copyright: 'Copyright © 2026 学途 版权所有',
      filingNumber: '京ICP备20260001号-1',
      companyName: '北京学途人力资源服务有限公司',
    };
    await tx.insert(siteSettings).values(Object.entries(site).map(([key, value]) => ({ key, value })));
  });
}
