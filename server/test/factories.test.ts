import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCompany, buildExam, buildNotice, buildOrg, buildResource, buildRole, buildUser } from './factories.ts';
import { buildTestApp, type TestApp } from './helper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Page<T> = { models: T[]; totalCount: number };

describe('test factories', () => {
  it('make people who sign in, by session and by password, in their own company with their roles', async () => {
    const company = await buildCompany(t);
    const boss = await buildUser(t, { company, roles: ['corpadmin', 'learner'] });
    const learner = await buildUser(t, { company });
    expect(boss.companySysCode).toBe(company.companySysCode);
    expect(learner.orgId).toBe(company.rootOrgId);
    const info = await t.post<{ chnName: string }>('/Api/User/user_user/GetUserInfo', {}, await learner.signIn());
    expect(info.data.chnName).toBe(learner.chnName);
    const list = await t.post<Page<{ accountCode: string }>>('/Api/User/user_user/GetUserList', {}, await t.login(boss.accountCode));
    expect(list.data.models.map((m) => m.accountCode).sort()).toEqual([boss.accountCode, learner.accountCode].sort());
  });

  it('make imported people who cannot sign in yet, and platform staff', async () => {
    const imported = await buildUser(t, { password: null });
    const res = await t.post('/Api/User/user_user/Login', { username: imported.accountCode, password: 'Xuetu@2026' });
    expect(res).toMatchObject({ success: false, code: 'LOGIN_FAILED' });
    expect(imported).toMatchObject({ passwordHash: null, activatedAt: null });
    const staff = await buildUser(t, { company: null, roles: ['operator'], password: 'Other#2026' });
    expect(staff).toMatchObject({ userType: 'SysUser', companySysCode: null, orgId: null });
    expect(await t.login(staff.accountCode, 'Other#2026')).toBeTruthy();
  });

  it('make departments, roles with actions, notices, exams and approved courses others can see', async () => {
    const org = await buildOrg(t, { orgName: '工厂测试部' });
    const inOrg = await buildUser(t, { orgId: org.id });
    expect(inOrg.orgId).toBe(org.id);
    // a company role with only the user list: its holder may list, a bare learner may not
    const role = await buildRole(t, { actions: ['User.List'] });
    const lister = await buildUser(t, { roles: [role.code] });
    const list = await t.post<Page<unknown>>('/Api/User/user_user/GetUserList', {}, await lister.signIn());
    expect(list.success).toBe(true);
    expect((await t.post('/Api/User/user_user/GetUserList', {}, await inOrg.signIn())).errorCode).toBe(403);
    await expect(buildRole(t, { actions: ['No.Such'] })).rejects.toThrow('unknown action');
    const notice = await buildNotice(t, { noticeTitle: '工厂公告' });
    const detail = await t.post<{ noticeTitle: string }>('/Api/Ydxs/OpenApi/GetNoticeDetailDataBySysCode', {
      noticeSysCode: notice.noticeSysCode,
    });
    expect(detail.data.noticeTitle).toBe('工厂公告');
    const corp = await t.login('corpadmin');
    const exam = await buildExam(t);
    const got = await t.post<{ examName: string }>('/Api/Exam_Manage/ex_exam/GetData', { examCode: exam.examCode }, corp);
    expect(got.data.examName).toBe(exam.examName);
    const res = await buildResource(t, { resName: '工厂课程' });
    const view = await t.post<{ auditStatus: number; resName: string }>(
      '/Api/Train_Manage/Train_Res/GetTrainRes',
      { rescode: res.resCode },
      await t.login('admin'),
    );
    expect(view.data).toMatchObject({ auditStatus: 20, resName: '工厂课程' });
  });
});
