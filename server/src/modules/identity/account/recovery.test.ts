import type { AccountChoice, ResetAccount } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, clearCounter, outboxCode, U } from '../../../../test/account-kit.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helper.ts';
import { ZHANGSAN } from '../../../db/seed/demo.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh#Pass1';

describe('registration is activation', () => {
  const form = (code: string, extra: Record<string, string> = {}) => ({
    userName: ZHANGSAN.chnName,
    userIDNumber: ZHANGSAN.idCard,
    userPhone: ZHANGSAN.mobile,
    verifyCode: code,
    ...extra,
  });

  it('checks the form with the spec messages', async () => {
    expect((await call(t, `${U}/UserRegister`, { userName: '张三' })).msg).toBe('请输入身份证号');
    expect((await call(t, `${U}/GetUserRegisterCode`, { phone: '1380' })).msg).toBe('请输入正确的手机号');
  });

  it('refuses a weak or mismatched password before spending the code', async () => {
    expect(await call(t, `${U}/UserRegister`, form('123456', { password: 'weakpass', checkPassWord: 'weakpass' }))).toMatchObject({
      code: 'PASSWORD_RULE',
      msg: '密码需满足大小写、特殊字符、至少8位密码',
    });
    expect(await call(t, `${U}/UserRegister`, form('123456', { password: NEW_PASSWORD, checkPassWord: 'Other#Pass1' }))).toMatchObject({
      code: 'PASSWORD_MISMATCH',
      msg: '您两次输入的密码不一致！请重试！',
    });
  });

  it('answers a clear message for a mismatched ID and keeps the code for a retry', async () => {
    await call(t, `${U}/GetUserRegisterCode`, { phone: ZHANGSAN.mobile }, { ip: '10.3.0.1' });
    const code = await outboxCode(t, ZHANGSAN.mobile);
    const wrongId = await call(t, `${U}/UserRegister`, { ...form(code), userIDNumber: '110101199001011237' }, { ip: '10.3.0.1' });
    expect(wrongId).toMatchObject({ code: 'NO_EMPLOYEE', msg: '未找到您的员工信息，请联系单位管理员' });
    // then activates 张三 with a password, and 张三 signs in with it
    const ok = await call<{ username: string }>(
      t,
      `${U}/UserRegister`,
      form(code, { password: NEW_PASSWORD, checkPassWord: NEW_PASSWORD }),
      { ip: '10.3.0.1' },
    );
    expect(ok).toMatchObject({ success: true, msg: '激活成功，请登录', data: { username: ZHANGSAN.mobile } });
    const login = await call<AccountChoice[]>(t, `${U}/LoginStep1`, { username: ZHANGSAN.mobile, password: NEW_PASSWORD });
    expect(login.data).toHaveLength(1);
    const row = await t.ctx.db.query.users.findFirst({ where: (u, { eq }) => eq(u.accountCode, 'zhangsan') });
    expect(row?.activatedAt).toBeInstanceOf(Date);
  });

  it('answers a second activation clearly', async () => {
    await clearCounter(t, `sms:cool:register:${ZHANGSAN.mobile}`);
    await call(t, `${U}/GetUserRegisterCode`, { phone: ZHANGSAN.mobile }, { ip: '10.3.0.2' });
    const code = await outboxCode(t, ZHANGSAN.mobile);
    expect(await call(t, `${U}/UserRegister`, form(code), { ip: '10.3.0.2' })).toMatchObject({
      code: 'ALREADY_ACTIVATED',
      msg: '该账号已激活，请直接登录',
    });
  });

  it('refuses a wrong code', async () => {
    expect((await call(t, `${U}/UserRegister`, form('999999'), { ip: '10.3.0.3' })).success).toBe(false);
  });
});

describe('forgot-password wizard', () => {
  it('runs steps 0–3, ends the old sessions and signs in with the new password', async () => {
    const oldToken = await t.login('learner17');
    const step0 = await call<AccountChoice[]>(t, `${U}/GetResetpwdAcc`, { username: 'learner17' }, { ip: '10.4.0.1' });
    expect(step0.data).toHaveLength(1);
    expect(step0.data[0].item1).not.toContain('learner17'); // masked
    expect(step0.data[0].item1).toContain('lea****17');
    const secret = step0.data[0].item2;
    const step1 = await call(t, `${U}/CheckResetpwdAcc?secret=${encodeURIComponent(secret)}`, {}, { ip: '10.4.0.1' });
    expect(step1).toMatchObject({ success: true, msg: '138****0017' });
    const code = await outboxCode(t, '13800000017');
    // step 3 before step 2 is refused
    const early = await call(
      t,
      `${U}/SubmitResetpwdData`,
      { usrSecret: secret, userMobile: '13800000017', verifyCode: code, password: NEW_PASSWORD, checkPassWord: NEW_PASSWORD },
      { ip: '10.4.0.1' },
    );
    expect(early.success).toBe(false);
    const step2 = await call<ResetAccount>(t, `${U}/CheckResetpwdVerifyCode`, { usrSecret: secret, verifyCode: code }, { ip: '10.4.0.1' });
    expect(step2.data).toEqual({ useraccount: 'learner17', userMobile: '138****0017' });
    const submit = (extra: Record<string, string>) =>
      call<{ username: string }>(
        t,
        `${U}/SubmitResetpwdData`,
        { usrSecret: secret, userMobile: '13800000017', verifyCode: code, password: NEW_PASSWORD, checkPassWord: NEW_PASSWORD, ...extra },
        { ip: '10.4.0.1' },
      );
    expect(await submit({ checkPassWord: 'Other#Pass1' })).toMatchObject({
      code: 'PASSWORD_MISMATCH',
      msg: '您两次输入的密码不一致！请重试！',
    });
    expect(await submit({ password: 'alllowercase', checkPassWord: 'alllowercase' })).toMatchObject({
      code: 'BAD_INPUT',
      msg: '密码需满足大小写、特殊字符、至少8位密码',
    });
    expect(await submit({ userMobile: '13800000018' })).toMatchObject({
      code: 'RESET_MOBILE_MISMATCH',
      msg: '手机号与账号绑定的手机号不一致',
    });
    const done = await submit({});
    expect(done).toMatchObject({ success: true, msg: '密码重置成功，请使用新密码登录', data: { username: 'learner17' } });
    expect((await call(t, `${U}/GetUserInfo`, {}, { token: oldToken })).errorCode).toBe(401);
    expect((await call(t, `${U}/Login`, { username: 'learner17', password: DEMO_PASSWORD })).success).toBe(false);
    expect((await call(t, `${U}/Login`, { username: 'learner17', password: NEW_PASSWORD })).success).toBe(true);
    // the secret and the code are spent
    expect((await submit({})).success).toBe(false);
  });

  it('answers masked labels for a shared phone and nothing for an unknown name', async () => {
    const both = await call<AccountChoice[]>(t, `${U}/GetResetpwdAcc`, { username: '13800000001' }, { ip: '10.4.0.2' });
    expect(both.data).toHaveLength(2);
    expect(both.data.every((c) => !c.item1.includes('learner01'))).toBe(true);
    expect(await call(t, `${U}/GetResetpwdAcc`, { username: 'ghost' }, { ip: '10.4.0.2' })).toMatchObject({
      code: 'NO_RESET_ACCOUNT',
      msg: '未找到匹配的账号',
    });
    expect((await call(t, `${U}/GetResetpwdAcc`, {}, { ip: '10.4.0.2' })).msg).toBe('请输入用户账号/手机号码/身份证号');
  });

  it('refuses a forged secret', async () => {
    expect(await call(t, `${U}/CheckResetpwdAcc`, { secret: 'forged' })).toMatchObject({
      code: 'RESET_SECRET_EXPIRED',
      msg: '操作已超时，请重新开始',
    });
  });
});
