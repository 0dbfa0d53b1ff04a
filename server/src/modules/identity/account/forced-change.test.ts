import { describe, expect, it } from 'vitest';
import { call, U } from '../../../../test/account-kit.ts';
import { buildUser } from '../../../../test/factories.ts';
import { DEMO_PASSWORD, fileAppSignedIn } from '../../../../test/helper.ts';

// The forced password change after an administrator's reset (issue 38 item 14): the temporary
// password and the new one, no SMS code — and only for an account still on its temporary password.
const [t, corp] = await fileAppSignedIn('corpadmin');

const NEW_PASSWORD = 'Fresh#Pass1';
const EDIT = `${U}/EditTemporaryPassWord`;

/** An administrator resets a learner's password: the learner signs in with the temporary one. */
async function resetByAdmin() {
  const learner = await buildUser(t);
  const reset = await t.post(`${U}/SetPassword?UserId=${learner.id}`, {}, corp);
  const temporary = /重置为：(\S+)/.exec(reset.msg)?.[1] as string;
  const signIn = await call<{ token: string; mustChangePassword: boolean }>(t, `${U}/Login`, {
    username: learner.accountCode,
    password: temporary,
  });
  expect(signIn.data.mustChangePassword).toBe(true);
  return { learner, temporary, token: signIn.data.token };
}

const canSignIn = async (account: string, password: string) =>
  (await call(t, `${U}/Login`, { username: account, password }, { ip: '10.38.0.9' })).success;

describe('forced change after an administrator reset', () => {
  it('needs only the temporary and the new password — no SMS code is sent or asked for', async () => {
    const { learner, temporary, token } = await resetByAdmin();
    // everything else stays closed until the password is changed
    expect((await call(t, '/Api/Train_Manage/Train_Res/GetStatisticsUserStudyData', {}, { token })).code).toBe('PASSWORD_CHANGE_REQUIRED');
    const done = await call(t, EDIT, { oldPas: temporary, pas1: NEW_PASSWORD, pas2: NEW_PASSWORD }, { token });
    expect(done).toMatchObject({ success: true, msg: '修改完成' });
    // no code went to the (possibly changed) phone
    expect((await call(t, '/__dev/sms', { phone: learner.mobile }, { method: 'GET' })).success).toBe(false);
    // every session ended; the new password signs in, no longer forced; the temporary one is gone
    expect((await call(t, `${U}/GetUserInfo`, {}, { token })).errorCode).toBe(401);
    const again = await call<{ mustChangePassword: boolean }>(t, `${U}/Login`, { username: learner.accountCode, password: NEW_PASSWORD });
    expect(again).toMatchObject({ success: true, data: { mustChangePassword: false } });
    expect(await canSignIn(learner.accountCode, temporary)).toBe(false);
  });

  it('refuses a wrong current password, a missing one, a weak, mismatched or unchanged new one, in Chinese, changing nothing', async () => {
    const { learner, temporary, token } = await resetByAdmin();
    const edit = (body: Record<string, string>) => call(t, EDIT, body, { token });
    expect(await edit({ oldPas: 'Wrong#Pass1', pas1: NEW_PASSWORD, pas2: NEW_PASSWORD })).toMatchObject({
      success: false,
      code: 'CURRENT_PASSWORD_WRONG',
      msg: '当前密码不正确',
    });
    expect(await edit({ pas1: NEW_PASSWORD, pas2: NEW_PASSWORD })).toMatchObject({ success: false, msg: '请输入当前密码' });
    expect(await edit({ oldPas: temporary, pas1: 'short', pas2: 'short' })).toMatchObject({
      success: false,
      msg: '密码需满足大小写、特殊字符、至少8位密码',
    });
    expect(await edit({ oldPas: temporary, pas1: NEW_PASSWORD, pas2: 'Other#Pass1' })).toMatchObject({
      code: 'PASSWORD_MISMATCH',
      msg: '您两次输入的密码不一致！请重试！',
    });
    expect(await edit({ oldPas: temporary, pas1: temporary, pas2: temporary })).toMatchObject({
      code: 'SAME_AS_TEMPORARY',
      msg: '新密码不能与临时密码相同',
    });
    // nothing changed: the session still works for the change, the temporary password still signs in
    expect((await call(t, `${U}/GetUserInfo`, {}, { token })).success).toBe(true);
    expect(await canSignIn(learner.accountCode, NEW_PASSWORD)).toBe(false);
    expect(await canSignIn(learner.accountCode, temporary)).toBe(true);
  });
});

describe('a session not in the forced state', () => {
  it('cannot change its password with the current one: the SMS code stays required', async () => {
    const learner = await buildUser(t);
    const token = await t.login(learner.accountCode);
    expect(await call(t, EDIT, { oldPas: DEMO_PASSWORD, pas1: NEW_PASSWORD, pas2: NEW_PASSWORD }, { token })).toMatchObject({
      success: false,
      code: 'NOT_TEMPORARY_PASSWORD',
      msg: '当前无需修改临时密码，请通过短信验证码修改密码',
    });
    // the spec's change still asks for the code
    expect(await call(t, `${U}/EditPassWord`, { pas1: NEW_PASSWORD, pas2: NEW_PASSWORD }, { token, method: 'GET' })).toMatchObject({
      success: false,
      msg: '请输入验证码',
    });
    expect(await canSignIn(learner.accountCode, NEW_PASSWORD)).toBe(false);
    expect(await canSignIn(learner.accountCode, DEMO_PASSWORD)).toBe(true);
  });

  it('needs a session', async () => {
    expect((await call(t, EDIT, { oldPas: DEMO_PASSWORD, pas1: NEW_PASSWORD, pas2: NEW_PASSWORD })).errorCode).toBe(401);
  });
});
