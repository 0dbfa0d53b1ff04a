import { deflateSync } from 'node:zlib';
import type { UploadedImage, UserInfo } from '@xuetu/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, outboxCode, U } from '../../../../test/account-kit.ts';
import { buildUser } from '../../../../test/factories.ts';
import { buildTestApp, DEMO_PASSWORD, type TestApp } from '../../../../test/helper.ts';
import { uploadMultipart } from '../../../../test/uploads.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Fresh#Pass1';

/** A PNG of the given size (uncompressed-enough for tests: IHDR is what sharp.metadata reads). */
function png(width: number, height: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type), data]);
    const c = Buffer.alloc(4);
    c.writeUInt32BE(crc(td));
    return Buffer.concat([len, td, c]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const upload = (token: string, filename: string, content: Buffer) =>
  uploadMultipart<UploadedImage>(t, '/Api/SysConfig/sys_notice/UploadImageFileByFormToZfile', content, filename, {
    token,
    type: 'image/png',
  });

const masked = (mobile: string) => `${mobile.slice(0, 3)}****${mobile.slice(-4)}`;

describe('profile and avatar', () => {
  it('needs a session', async () => {
    expect((await call(t, `${U}/UpdateUserInfoByUser`, { qq: '1' })).errorCode).toBe(401);
    expect((await call(t, `${U}/GetEditPassWordCheckNum`, {}, { method: 'GET' })).errorCode).toBe(401);
  });

  it('saves own fields, keeps the phone and account, answers 修改成功', async () => {
    const learner = await buildUser(t);
    const token = await learner.signIn();
    const res = await call(
      t,
      `${U}/UpdateUserInfoByUser`,
      { sex: 1, qq: '12345', weChat: 'wx18', email: 'l18@example.com', mobile: '13999999999', accountCode: 'hacked' },
      { token },
    );
    expect(res).toMatchObject({ success: true, msg: '修改成功' });
    const info = await call<UserInfo>(t, `${U}/GetUserInfo`, {}, { token });
    expect(info.data).toMatchObject({
      sex: 1,
      qq: '12345',
      weChat: 'wx18',
      email: 'l18@example.com',
      mobile: learner.mobile,
      accountCode: learner.accountCode,
    });
    expect((await call(t, `${U}/UpdateUserInfoByUser`, { email: 'not-an-email' }, { token })).msg).toBe('请输入正确的邮箱地址');
    expect((await call(t, `${U}/UpdateUserInfoByUser`, { headImage: 'https://evil.example/x.png' }, { token })).success).toBe(false);
  });

  it('uploads a 200×200 png avatar and uses it in the profile', async () => {
    const token = await (await buildUser(t)).signIn();
    const res = await upload(token, 'me.png', png(200, 200));
    expect(res.success).toBe(true);
    const data = res.data;
    expect(data.path).toMatch(/^avatar\/\d{4}\/\d{2}\/[0-9a-f]+\.png$/);
    expect(data.url).toBe(`/prod-api/files/${data.path}`);
    expect((await call(t, `${U}/UpdateUserInfoByUser`, { headImage: data.path }, { token })).success).toBe(true);
    const info = await call<UserInfo>(t, `${U}/GetUserInfo`, {}, { token });
    expect(info.data.headImage).toBe(data.url);
  });

  it('judges the content, not the name: type, pixels', async () => {
    const token = await (await buildUser(t)).signIn();
    expect(await upload(token, 'fake.png', Buffer.from('GIF89a not really an image at all'))).toMatchObject({
      code: 'AVATAR_TYPE',
      msg: '请上传图片文件！格式：jpg,png',
    });
    expect(await upload(token, 'small.png', png(100, 120))).toMatchObject({ code: 'AVATAR_TOO_SMALL', msg: '图片像素不能低于 200*200' });
    expect((await upload(token, 'renamed.jpg', png(300, 300))).success).toBe(true);
  });
});

describe('phone change', () => {
  it('sends a code to the new phone and changes it', async () => {
    const token = await (await buildUser(t)).signIn();
    const sent = await call(t, `${U}/GetEditphoneCheckNum`, { NewPhone: '13911112222' }, { token, method: 'GET', ip: '10.5.0.1' });
    expect(sent).toMatchObject({ success: true, msg: '139****2222' });
    const code = await outboxCode(t, '13911112222');
    expect(
      (
        await call(
          t,
          `${U}/EditPhone`,
          { NewPhone: '13911112222', CheckNum: '000000' === code ? '111111' : '000000' },
          { token, method: 'GET' },
        )
      ).msg,
    ).toBe('验证码错误');
    const res = await call(t, `${U}/EditPhone`, { NewPhone: '13911112222', CheckNum: code }, { token, method: 'GET' });
    expect(res).toMatchObject({ success: true, msg: '修改手机成功' });
    expect((await call<UserInfo>(t, `${U}/GetUserInfo`, {}, { token })).data.mobile).toBe('13911112222');
  });

  it('refuses the same phone', async () => {
    const token = await t.login('learner14');
    expect(await call(t, `${U}/GetEditphoneCheckNum`, { NewPhone: '13800000014' }, { token, method: 'GET' })).toMatchObject({
      code: 'SAME_PHONE',
      msg: '新手机号与当前手机号相同',
    });
  });
});

describe('password change', () => {
  it('sends to the own phone, checks strength and match, then ends every session', async () => {
    const learner = await buildUser(t);
    const token = await t.login(learner.accountCode);
    const other = await t.login(learner.accountCode);
    const sent = await call(t, `${U}/GetEditPassWordCheckNum`, {}, { token, method: 'GET', ip: '10.6.0.1' });
    expect(sent).toMatchObject({ success: true, msg: masked(learner.mobile) });
    const code = await outboxCode(t, learner.mobile);
    const edit = (q: Record<string, string>) => call(t, `${U}/EditPassWord`, { CheckNum: code, ...q }, { token, method: 'GET' });
    expect(await edit({ pas1: 'short', pas2: 'short' })).toMatchObject({
      code: 'BAD_INPUT',
      msg: '密码需满足大小写、特殊字符、至少8位密码',
    });
    expect(await edit({ pas1: NEW_PASSWORD, pas2: 'Other#Pass1' })).toMatchObject({
      code: 'PASSWORD_MISMATCH',
      msg: '您两次输入的密码不一致！请重试！',
    });
    expect(await edit({ pas1: NEW_PASSWORD, pas2: NEW_PASSWORD })).toMatchObject({ success: true, msg: '修改完成' });
    expect((await call(t, `${U}/GetUserInfo`, {}, { token })).errorCode).toBe(401);
    expect((await call(t, `${U}/GetUserInfo`, {}, { token: other })).errorCode).toBe(401);
    expect((await call(t, `${U}/Login`, { username: learner.accountCode, password: DEMO_PASSWORD })).success).toBe(false);
    expect((await call(t, `${U}/Login`, { username: learner.accountCode, password: NEW_PASSWORD })).success).toBe(true);
  });
});

describe('account cancellation', () => {
  it('checks the code, cancels, ends sessions and refuses every sign-in path', async () => {
    const learner = await buildUser(t);
    const token = await learner.signIn();
    const sent = await call(t, `${U}/GetCancelUserVerifyCode`, {}, { token, ip: '10.7.0.1' });
    expect(sent).toMatchObject({ success: true, msg: masked(learner.mobile) });
    const code = await outboxCode(t, learner.mobile);
    expect((await call(t, `${U}/CheckCancelUserVerifyCode`, { verifyCode: '12' }, { token })).success).toBe(false);
    expect((await call(t, `${U}/CheckCancelUserVerifyCode`, { verifyCode: code }, { token })).success).toBe(true);
    expect((await call(t, `${U}/CancelUser`, { verifyCode: code }, { token })).success).toBe(true);
    expect((await call(t, `${U}/GetUserInfo`, {}, { token })).errorCode).toBe(401);
    expect((await call(t, `${U}/Login`, { username: learner.accountCode, password: DEMO_PASSWORD })).success).toBe(false);
    expect((await call(t, `${U}/LoginStep1`, { username: learner.accountCode, password: DEMO_PASSWORD })).success).toBe(false);
  });
});
