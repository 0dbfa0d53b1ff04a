import {
  AccountMsg,
  cancelCodeQuery,
  cancelVerifyQuery,
  editPasswordCodeQuery,
  editPasswordQuery,
  editPhoneCodeQuery,
  editPhoneQuery,
  getCheckNumBody,
  loginStep1Body,
  loginWithCheckNumBody,
  Msg,
  ohrTokenQuery,
  PHONE_PATTERN,
  registerBody,
  registerCodeBody,
  resetAccBody,
  resetSubmitBody,
  resetVerifyBody,
  secretQuery,
  ticketBody,
  updateUserInfoBody,
} from '@xuetu/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { CHALLENGE_PATH, captchaConfig, newChallenge } from '../../platform/captcha.ts';
import { failure, withMsg } from '../../platform/envelope.ts';
import { appError } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { checkResetCode, findResetAccounts, register, sendRegisterCode, sendResetCode, submitReset } from './recovery.service.ts';
import { latestOutboxMessage } from './repository.ts';
import {
  cancelAccount,
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
  type RequestMeta,
  sendLoginCode,
} from './signin.service.ts';

const base = '/Api/User/user_user';
const meta = (req: FastifyRequest, ip: string): RequestMeta => ({ ip, userAgent: req.headers['user-agent'], log: req.log });
/**
 * sign-in and code routes: a tighter per-IP limit on top of the global one. Whole offices sign in
 * from one address, so it stays generous; guessing is stopped by the captcha guard and SMS limits.
 */
const tight = { max: 300, timeWindow: '1 minute' };

export const accountSignInRoutes = [
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetAPPId`,
    access: 'public',
    summary: '人机验证配置',
    handler: async ({ ctx }) => captchaConfig(ctx),
  }),
  defineRoute({
    method: 'GET',
    url: CHALLENGE_PATH,
    access: 'public',
    summary: '人机验证挑战（ALTCHA 组件直接读取，不含信封）',
    handler: async ({ ctx, reply }) => reply.header('cache-control', 'no-store').send(await newChallenge(ctx)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/LoginStep1`,
    access: 'public',
    summary: '登录第一步：匹配的账号列表',
    input: loginStep1Body,
    rateLimit: tight,
    handler: ({ input, ctx, req, ip }) => loginStep1(ctx, input, meta(req, ip)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/LoginStep2`,
    access: 'public',
    summary: '登录第二步：以所选账号的 secret 登录',
    input: secretQuery,
    rateLimit: tight,
    handler: ({ input, ctx, req, ip }) => loginWithSecret(ctx, input.secret, meta(req, ip)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetCheckNum`,
    access: 'public',
    summary: '发送登录短信验证码',
    input: getCheckNumBody,
    rateLimit: tight,
    handler: async ({ input, ctx, req, ip }) => withMsg(null, await sendLoginCode(ctx, input, meta(req, ip))),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/LoginWithCheckNumStep1`,
    access: 'public',
    summary: '验证码登录第一步：手机号关联的账号列表',
    input: loginWithCheckNumBody,
    rateLimit: tight,
    handler: ({ input, ctx, req, ip }) => {
      if (!input.phone) throw appError('PHONE_REQUIRED');
      if (!input.code) throw appError('CODE_REQUIRED');
      return loginWithCodeStep1(ctx, { ...input, phone: input.phone, code: input.code }, meta(req, ip));
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/LoginWithCheckNum`,
    access: 'public',
    summary: '验证码登录',
    input: loginWithCheckNumBody,
    rateLimit: tight,
    handler: ({ input, ctx, req, ip }) => loginWithCode(ctx, input, meta(req, ip)),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/LoginByTicket`,
    access: 'public',
    summary: '票据登录（合作方签发的一次性票据）',
    input: ticketBody,
    rateLimit: tight,
    handler: ({ input, ctx, req, ip }) => loginByTicket(ctx, input.ticket, meta(req, ip)),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/OhrLogin`,
    access: 'public',
    summary: '单点登录：合作方令牌 → 账号列表',
    input: ohrTokenQuery,
    rateLimit: tight,
    handler: ({ input, ctx }) => ohrLogin(ctx, input.token),
  }),
];

export const accountRecoveryRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetUserRegisterCode`,
    access: 'public',
    summary: '发送注册激活短信验证码',
    input: registerCodeBody,
    rateLimit: tight,
    handler: async ({ input, ctx, req, ip }) => withMsg(null, await sendRegisterCode(ctx, input, meta(req, ip))),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/UserRegister`,
    access: 'public',
    summary: '注册（激活已导入的员工账号）',
    input: registerBody,
    rateLimit: tight,
    handler: async ({ input, ctx, req, ip }) => {
      const { username, msg } = await register(ctx, input, meta(req, ip));
      return withMsg({ username }, msg);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetResetpwdAcc`,
    access: 'public',
    summary: '找回密码 0：匹配的账号（脱敏）',
    input: resetAccBody,
    rateLimit: tight,
    handler: ({ input, ctx, req, ip }) => findResetAccounts(ctx, input, meta(req, ip)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/CheckResetpwdAcc`,
    access: 'public',
    summary: '找回密码 1：向所选账号的手机发送验证码',
    input: secretQuery,
    rateLimit: tight,
    handler: async ({ input, ctx, req, ip }) => withMsg(null, await sendResetCode(ctx, input.secret, meta(req, ip))),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/CheckResetpwdVerifyCode`,
    access: 'public',
    summary: '找回密码 2：校验验证码',
    input: resetVerifyBody,
    rateLimit: tight,
    handler: ({ input, ctx, req, ip }) => checkResetCode(ctx, input, meta(req, ip)),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SubmitResetpwdData`,
    access: 'public',
    summary: '找回密码 3：设置新密码',
    input: resetSubmitBody,
    rateLimit: tight,
    handler: async ({ input, ctx, req, ip }) => withMsg(await submitReset(ctx, input, meta(req, ip)), AccountMsg.resetDone),
  }),
];

export const accountSelfRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/UpdateUserInfoByUser`,
    access: 'user',
    summary: '修改个人信息',
    input: updateUserInfoBody,
    handler: async ({ input, caller }) => {
      await updateOwnProfile(caller, input);
      return withMsg(null, AccountMsg.profileSaved);
    },
  }),
  defineRoute({
    method: 'POST',
    url: '/Api/SysConfig/sys_notice/UploadImageFileByFormToZfile',
    access: 'user',
    summary: '上传头像图片（jpg/png，≤10MB，≥200×200）',
    multipart: true,
    bodyLimit: 11 * 1024 * 1024,
    handler: ({ caller, req }) => uploadAvatar(caller, req),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetEditphoneCheckNum`,
    access: 'user',
    summary: '发送修改手机号验证码（发往新手机）',
    input: editPhoneCodeQuery,
    rateLimit: tight,
    handler: async ({ input, ctx, actor, req, ip }) => withMsg(null, await sendEditPhoneCode(ctx, actor.userId, input, meta(req, ip))),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/EditPhone`,
    access: 'user',
    summary: '修改手机号',
    input: editPhoneQuery,
    handler: async ({ input, ctx, actor, req, ip }) => {
      await editPhone(ctx, actor.userId, input, meta(req, ip));
      return withMsg(null, AccountMsg.phoneChanged);
    },
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetEditPassWordCheckNum`,
    access: 'user',
    duringPasswordChange: true,
    summary: '发送修改密码验证码；msg 为脱敏手机号',
    input: editPasswordCodeQuery,
    rateLimit: tight,
    handler: async ({ input, ctx, actor, req, ip }) =>
      withMsg(null, await sendOwnPhoneCode(ctx, actor.userId, 'editpwd', input, { ...meta(req, ip), captcha: true })),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/EditPassWord`,
    access: 'user',
    duringPasswordChange: true,
    summary: '修改密码（之后所有会话失效）',
    input: editPasswordQuery,
    handler: async ({ input, ctx, actor, req, ip }) => {
      await editPassword(ctx, actor.userId, input, meta(req, ip));
      return withMsg(null, AccountMsg.passwordChanged);
    },
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/GetCancelUserVerifyCode`,
    access: 'user',
    summary: '发送注销账户验证码；msg 为脱敏手机号',
    input: cancelCodeQuery,
    rateLimit: tight,
    handler: async ({ input, ctx, actor, req, ip }) =>
      withMsg(null, await sendOwnPhoneCode(ctx, actor.userId, 'cancel', input, { ...meta(req, ip), captcha: false })),
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/CheckCancelUserVerifyCode`,
    access: 'user',
    summary: '校验注销账户验证码',
    input: cancelVerifyQuery,
    handler: async ({ input, ctx, actor, req, ip }) => {
      await checkCancelCode(ctx, actor.userId, input.verifyCode, meta(req, ip), false);
      return null;
    },
  }),
  defineRoute({
    method: ['GET', 'POST'],
    url: `${base}/CancelUser`,
    access: 'user',
    summary: '注销账户（之后不能再登录）',
    input: cancelVerifyQuery,
    handler: async ({ input, ctx, actor, req, ip }) => {
      await cancelAccount(ctx, actor.userId, input.verifyCode, meta(req, ip));
      return withMsg(null, AccountMsg.cancelDone);
    },
  }),
];

/** GET /prod-api/__dev/sms?phone=… — the latest outbox code; only with SMS_PROVIDER=outbox outside production. */
export const devSmsRoutes = [
  defineRoute({
    method: 'GET',
    url: '/__dev/sms',
    access: 'public',
    summary: '开发用：读取发件箱中某手机号的最新验证码',
    input: z.object({ phone: z.string().regex(PHONE_PATTERN, Msg.phoneFormat) }),
    handler: async ({ input, ctx, reply }) => {
      if (ctx.env.SMS_PROVIDER !== 'outbox' || ctx.env.NODE_ENV === 'production')
        return reply.status(404).send(failure(Msg.routeNotFound, 404));
      const row = await latestOutboxMessage(ctx.db, input.phone);
      if (!row) throw appError('SMS_OUTBOX_EMPTY');
      return { phone: row.phone, purpose: row.purpose, code: row.code, content: row.content, createdAt: row.createdAt.toISOString() };
    },
  }),
];

export const accountRoutes = [...accountSignInRoutes, ...accountRecoveryRoutes, ...accountSelfRoutes, ...devSmsRoutes];
