import { AccountMsg, accountApi, Msg, PHONE_PATTERN } from '@xuetu/contract';
import { z } from 'zod';
import { captchaConfig, newChallenge } from '../../../platform/captcha.ts';
import { doneWithMsg, failure, withMsg } from '../../../platform/envelope.ts';
import { appError } from '../../../platform/errors.ts';
import { defineRoute, routesOf } from '../../../platform/route.ts';
import { receiveUpload } from '../../../platform/uploads.ts';
import { latestSmsForDev } from './codes.ts';
import { checkResetCode, findResetAccounts, register, sendRegisterCode, sendResetCode, submitReset } from './recovery.service.ts';
import {
  AVATAR_UPLOAD_RULES,
  cancelAccount,
  changeTemporaryPassword,
  checkCancelCode,
  editPassword,
  editPhone,
  sendEditPhoneCode,
  sendOwnPhoneCode,
  updateOwnProfile,
  uploadAvatar,
} from './self.service.ts';
import {
  loginByTicket,
  loginStep1,
  loginWithCode,
  loginWithCodeStep1,
  loginWithSecret,
  ohrLogin,
  sendLoginCode,
} from './signin.service.ts';

/**
 * sign-in, registration and SMS code routes: their own per-address limit instead of the API-wide
 * one (signed-in or not: a code costs an SMS). Whole offices sign in from one address, so it
 * stays generous; guessing is stopped by the captcha guard and SMS limits.
 */
const tight = { max: 300, timeWindow: '1 minute' };

export const accountSignInRoutes = routesOf(accountApi, {
  getAPPId: {
    access: 'public',
    summary: '人机验证配置',
    handler: async ({ caller }) => captchaConfig(caller.ctx),
  },
  getCaptchaChallenge: {
    access: 'public',
    summary: '人机验证挑战（ALTCHA 组件直接读取，不含信封）',
    handler: async ({ caller, reply }) => reply.header('cache-control', 'no-store').send(await newChallenge(caller.ctx)),
  },
  loginStep1: {
    access: 'public',
    summary: '登录第一步：匹配的账号列表',
    rateLimit: tight,
    handler: ({ input, caller }) => loginStep1(caller, input),
  },
  loginStep2: {
    access: 'public',
    summary: '登录第二步：以所选账号的 secret 登录',
    rateLimit: tight,
    handler: ({ input, caller }) => loginWithSecret(caller, input.secret),
  },
  getCheckNum: {
    access: 'public',
    summary: '发送登录短信验证码',
    rateLimit: tight,
    handler: async ({ input, caller }) => withMsg(null, await sendLoginCode(caller, input)),
  },
  loginWithCheckNumStep1: {
    access: 'public',
    summary: '验证码登录第一步：手机号关联的账号列表',
    rateLimit: tight,
    handler: ({ input, caller }) => {
      if (!input.phone) throw appError('PHONE_REQUIRED');
      if (!input.code) throw appError('CODE_REQUIRED');
      return loginWithCodeStep1(caller, { ...input, phone: input.phone, code: input.code });
    },
  },
  loginWithCheckNum: {
    access: 'public',
    summary: '验证码登录',
    rateLimit: tight,
    handler: ({ input, caller }) => loginWithCode(caller, input),
  },
  loginByTicket: {
    access: 'public',
    summary: '票据登录（合作方签发的一次性票据）',
    rateLimit: tight,
    handler: ({ input, caller }) => loginByTicket(caller, input.ticket),
  },
  ohrLogin: {
    access: 'public',
    summary: '单点登录：合作方令牌 → 账号列表',
    rateLimit: tight,
    handler: ({ input, caller }) => ohrLogin(caller, input.token),
  },
});

export const accountRecoveryRoutes = routesOf(accountApi, {
  getUserRegisterCode: {
    access: 'public',
    summary: '发送注册激活短信验证码',
    rateLimit: tight,
    handler: async ({ input, caller }) => withMsg(null, await sendRegisterCode(caller, input)),
  },
  userRegister: {
    access: 'public',
    summary: '注册（激活已导入的员工账号）',
    rateLimit: tight,
    handler: async ({ input, caller }) => {
      const { username, msg } = await register(caller, input);
      return withMsg({ username }, msg);
    },
  },
  getResetpwdAcc: {
    access: 'public',
    summary: '找回密码 0：匹配的账号（脱敏）',
    rateLimit: tight,
    handler: ({ input, caller }) => findResetAccounts(caller, input),
  },
  checkResetpwdAcc: {
    access: 'public',
    summary: '找回密码 1：向所选账号的手机发送验证码',
    rateLimit: tight,
    handler: async ({ input, caller }) => withMsg(null, await sendResetCode(caller, input.secret)),
  },
  checkResetpwdVerifyCode: {
    access: 'public',
    summary: '找回密码 2：校验验证码',
    rateLimit: tight,
    handler: ({ input, caller }) => checkResetCode(caller, input),
  },
  submitResetpwdData: {
    access: 'public',
    summary: '找回密码 3：设置新密码',
    rateLimit: tight,
    handler: async ({ input, caller }) => withMsg(await submitReset(caller, input), AccountMsg.resetDone),
  },
});

export const accountSelfRoutes = routesOf(accountApi, {
  updateUserInfoByUser: {
    access: 'user',
    summary: '修改个人信息',
    handler: ({ input, caller }) => doneWithMsg(updateOwnProfile(caller, input), AccountMsg.profileSaved),
  },
  uploadImageFileByFormToZfile: {
    access: 'user',
    summary: '上传头像图片（jpg/png，≤10MB，≥200×200）',
    multipart: true,
    bodyLimit: 11 * 1024 * 1024,
    handler: async ({ caller, upload }) => uploadAvatar(caller, await receiveUpload(upload, AVATAR_UPLOAD_RULES)),
  },
  getEditphoneCheckNum: {
    access: 'user',
    summary: '发送修改手机号验证码（发往新手机）',
    rateLimit: tight,
    handler: async ({ input, caller }) => withMsg(null, await sendEditPhoneCode(caller, input)),
  },
  editPhone: {
    access: 'user',
    summary: '修改手机号',
    handler: ({ input, caller }) => doneWithMsg(editPhone(caller, input), AccountMsg.phoneChanged),
  },
  getEditPassWordCheckNum: {
    access: 'user',
    duringPasswordChange: true,
    summary: '发送修改密码验证码；msg 为脱敏手机号',
    rateLimit: tight,
    handler: async ({ input, caller }) => withMsg(null, await sendOwnPhoneCode(caller, 'editpwd', input, { captcha: true })),
  },
  editPassWord: {
    access: 'user',
    duringPasswordChange: true,
    summary: '修改密码（之后所有会话失效）',
    handler: ({ input, caller }) => doneWithMsg(editPassword(caller, input), AccountMsg.passwordChanged),
  },
  editTemporaryPassWord: {
    access: 'user',
    duringPasswordChange: true,
    summary: '管理员重置密码后修改临时密码：当前（临时）密码与新密码，无需短信验证码；仅限须修改密码的账户（之后所有会话失效）',
    rateLimit: tight,
    handler: ({ input, caller }) => doneWithMsg(changeTemporaryPassword(caller, input), AccountMsg.passwordChanged),
  },
  getCancelUserVerifyCode: {
    access: 'user',
    summary: '发送注销账户验证码；msg 为脱敏手机号',
    rateLimit: tight,
    handler: async ({ input, caller }) => withMsg(null, await sendOwnPhoneCode(caller, 'cancel', input, { captcha: false })),
  },
  checkCancelUserVerifyCode: {
    access: 'user',
    summary: '校验注销账户验证码',
    handler: async ({ input, caller }) => {
      await checkCancelCode(caller, input.verifyCode, false);
      return null;
    },
  },
  cancelUser: {
    access: 'user',
    summary: '注销账户（之后不能再登录）',
    handler: ({ input, caller }) => doneWithMsg(cancelAccount(caller, input.verifyCode), AccountMsg.cancelDone),
  },
});

/** GET /prod-api/__dev/sms?phone=… — the latest outbox code; only with SMS_PROVIDER=outbox outside production. */
export const devSmsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/__dev/sms',
    access: 'public',
    summary: '开发用：读取发件箱中某手机号的最新验证码',
    input: z.object({ phone: z.string().regex(PHONE_PATTERN, Msg.phoneFormat) }),
    handler: async ({ input, caller, reply }) => {
      const { env } = caller.ctx;
      if (env.SMS_PROVIDER !== 'outbox' || env.NODE_ENV === 'production') return reply.status(404).send(failure(Msg.routeNotFound, 404));
      return latestSmsForDev(caller, input.phone);
    },
  }),
];

export const accountRoutes = [...accountSignInRoutes, ...accountRecoveryRoutes, ...accountSelfRoutes, ...devSmsRoutes];
