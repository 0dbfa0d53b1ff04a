import { count, DrizzleQueryError, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { call, outboxCode, U } from '../../test/account-kit.ts';
import { buildUser } from '../../test/factories.ts';
import { fileAppSignedIn } from '../../test/helper.ts';
import { auditLogs, notices } from '../db/schema/index.ts';
import { loggableError } from './log-safe.ts';

// Issue 9 items 9 and 10: control characters are refused at validation naming the field; failed
// queries are logged without their parameter values; a temporary password must be changed first.
// Issue 22 item 6: lone UTF-16 surrogates are refused the same way (they answered 500 where an
// audited write put them into the audit log's jsonb).

const [t, corp] = await fileAppSignedIn('corpadmin');

describe('control characters', () => {
  it.each([
    ['/Api/User/user_user/LoginStep1', { username: 'learner01\u0000', password: 'x' }, 'username'],
    ['/Api/User/user_post/SavePost', { postName: '岗位\u0000', companySysCode: 'C-DEMO-TECH' }, 'postName'],
    ['/Api/User/user_user/GetUserList', { pageIndex: 1, pageSize: 10, key: 'a\u001bb' }, 'key'],
    ['/Api/User/user_org/AddOrg', { orgName: '部门\u0007', pId: 0 }, 'orgName'],
  ])('%s answers a clear message naming the field', async (path, body, field) => {
    const res = await t.inject({ method: 'POST', url: `/prod-api${path}`, payload: body, headers: { ydAuthorization: `Bearer ${corp}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, msg: `参数 ${field} 含有不允许的控制字符，请删除后重试` });
  });

  it('keeps tabs and line breaks of multi-line text', async () => {
    const res = await t.post('/Api/User/user_post/SavePost', { postName: '多行\t岗位', companySysCode: 'C-DEMO-TECH' }, corp);
    expect(res.success, res.msg).toBe(true);
  });
});

describe('lone surrogates', () => {
  const rows = async () => [
    (await t.ctx.db.select({ n: count() }).from(auditLogs))[0].n,
    (await t.ctx.db.select({ n: count() }).from(notices))[0].n,
  ];
  const surrogateMsg = (field: string) => `参数 ${field} 含有不完整的字符（如被截断的表情符号），请删除后重试`;

  it.each([
    ['/Api/SysConfig/sys_notice/AddNotice', { noticeTitle: '公告\ud800x', noticeValue: '<p>正文</p>' }, 'noticeTitle'],
    ['/Api/SysConfig/sys_notice/AddNotice', { noticeTitle: '公告', noticeValue: '<p>\udfff</p>' }, 'noticeValue'],
    ['/Api/User/user_user/ExportUserList', { key: '\ud800x', companySysCode: 'C-DEMO-TECH' }, 'key'],
    ['/Api/User/user_user/ExportUserList', { status: 'x\udc00', companySysCode: 'C-DEMO-TECH' }, 'status'],
    ['/Api/User/user_post/SavePost', { postName: '岗位', companySysCode: 'C-DEMO-TECH', 'k\ud83d': 1 }, 'k?'],
  ])('%s refuses %j naming the field and writes nothing', async (path, body, field) => {
    const before = await rows();
    const res = await t.inject({ method: 'POST', url: `/prod-api${path}`, payload: body, headers: { ydAuthorization: `Bearer ${corp}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_INPUT', msg: surrogateMsg(field) });
    expect(await rows()).toEqual(before);
  });

  it('refuses one sent as raw JSON text (escaped), not only as a parsed string', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/prod-api/Api/SysConfig/sys_notice/AddNotice',
      headers: { ydAuthorization: `Bearer ${corp}`, 'content-type': 'application/json' },
      payload: '{"noticeTitle":"\\ud800","noticeValue":"<p>x</p>"}',
    });
    expect(res.json()).toMatchObject({ success: false, code: 'BAD_INPUT', msg: surrogateMsg('noticeTitle') });
  });

  it('keeps paired surrogates (emoji) and records them in the audit log', async () => {
    const res = await t.post<{ noticeSysCode: string }>(
      '/Api/SysConfig/sys_notice/AddNotice',
      { noticeTitle: '表情公告😀', noticeValue: '<p>👍</p>' },
      corp,
    );
    expect(res.success, res.msg).toBe(true);
    const [notice] = await t.ctx.db
      .select({ title: notices.noticeTitle })
      .from(notices)
      .where(sql`${notices.noticeSysCode} = ${res.data.noticeSysCode}`);
    expect(notice.title).toBe('表情公告😀');
  });
});

describe('failed query logging', () => {
  it('keeps parameter values out of the logged error', async () => {
    let caught: unknown;
    try {
      await t.ctx.db.execute(sql`select ${'13800009999-secret'}::int`);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DrizzleQueryError);
    const logged = JSON.stringify(loggableError(caught as Error));
    expect(JSON.stringify({ m: (caught as Error).message })).toContain('13800009999-secret');
    expect(logged).not.toContain('13800009999-secret');
    expect(logged).toContain('select $1::int');
  });
});

describe('must change password', () => {
  it('refuses everything but the password change, user info and logout until it is changed', async () => {
    const learner = await buildUser(t);
    const reset = await t.post(`${U}/SetPassword?UserId=${learner.id}`, {}, corp);
    const temp = /重置为：(\S+)/.exec(reset.msg)?.[1] as string;
    const login = await t.post<{ token: string; mustChangePassword: boolean }>(`${U}/Login`, {
      username: learner.accountCode,
      password: temp,
    });
    expect(login.data.mustChangePassword).toBe(true);
    const token = login.data.token;

    const blocked = await t.post('/Api/SysConfig/sys_message/GetNoReadCount', {}, token);
    expect(blocked).toMatchObject({
      success: false,
      code: 'PASSWORD_CHANGE_REQUIRED',
      msg: '您正在使用临时密码（管理员重置或初次设置），请先修改密码',
    });
    expect((await t.post('/Api/SysConfig/sys_action/GetUserMenuList', {}, token)).code).toBe('PASSWORD_CHANGE_REQUIRED');
    expect((await t.post(`${U}/GetUserInfo`, {}, token)).success).toBe(true);

    // the change itself goes through (code to the own phone, then the new password)
    const sent = await call(t, `${U}/GetEditPassWordCheckNum`, {}, { token });
    expect(sent.success, sent.msg).toBe(true);
    const code = await outboxCode(t, learner.mobile);
    const changed = await call(t, `${U}/EditPassWord`, { pas1: 'Changed@2026', pas2: 'Changed@2026', checkNum: code }, { token });
    expect(changed.success, changed.msg).toBe(true);

    const fresh = await t.login(learner.accountCode, 'Changed@2026');
    expect((await t.post('/Api/SysConfig/sys_message/GetNoReadCount', {}, fresh)).success).toBe(true);
  });

  it('lets logout through', async () => {
    const [learner] = await t.ctx.db.query.users.findMany({ where: (u, { eq }) => eq(u.accountCode, 'learner19') });
    const reset = await t.post(`${U}/SetPassword?UserId=${learner.id}`, {}, corp);
    const temp = /重置为：(\S+)/.exec(reset.msg)?.[1] as string;
    const token = (await t.post<{ token: string }>(`${U}/Login`, { username: 'learner19', password: temp })).data.token;
    expect((await t.post(`${U}/LoginOut`, {}, token)).success).toBe(true);
    expect((await t.post(`${U}/GetUserInfo`, {}, token)).errorCode).toBe(401);
  });
});
