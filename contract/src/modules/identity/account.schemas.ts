// Sign-in, activation, reset and own-account calls (spec portal-and-learner §2, §5, §7).
import { z } from 'zod';
import { EMAIL_MSG, PASSWORD_PATTERN, PHONE_PATTERN } from '../../limits.ts';
import { Msg } from '../../messages.ts';

/** the profile form's field limits (the web form reads them too) */
export const ProfileLimits = { qqMax: 20, weChatMax: 50, emailMax: 100 } as const;

/** Texts of the account flows that Msg does not hold; spec texts verbatim. */
export const AccountMsg = {
  phoneFormatRegister: '请输入正确的手机号',
  idCardRequired: '请输入身份证号',
  nameRequired: '请输入姓名',
  smsCodeRequired: '请输入短信验证码',
  resetUsernameRequired: '请输入用户账号/手机号码/身份证号',
  confirmPasswordRequired: '请输入确认密码',
  /** spec: success of a send shows this with the masked phone */
  codeSent: (maskedPhone: string) => `短信验证码已经发送至您的${maskedPhone}手机`,
  passwordChanged: '修改完成',
  phoneChanged: '修改手机成功',
  profileSaved: '修改成功',
  cancelConfirm: '您是否确定要注销此账户？',
  cancelDismissed: '已取消',
  avatarType: '请上传图片文件！格式：jpg,png',
  avatarSize: '上传头像图片大小不能超过 10MB!',
  avatarPixels: (w: number, h: number) => `图片像素不能低于 ${w}*${h}`,
  avatarPixelsMax: (w: number, h: number) => `图片像素不能超过 ${w}*${h}`,
  avatarInvalid: '头像图片无效，请重新上传',
  // decisions (DESIGN.md §4 and ADR 0002)
  captchaRequired: '请先完成人机验证',
  captchaFailed: '人机验证未通过，请重试',
  tooManyFailures: '失败次数过多，请完成人机验证后重试',
  codeExpired: '验证码已失效，请重新获取',
  codeWrong: '验证码错误',
  codeTooManyTries: '验证码错误次数过多，请重新获取',
  codeTooSoon: '验证码发送过于频繁，请稍后再试',
  smsDailyLimit: '今日短信发送次数已达上限，请明天再试',
  smsIpLimit: '短信发送过于频繁，请稍后再试',
  secretExpired: '登录已超时，请重新登录',
  resetSecretExpired: '操作已超时，请重新开始',
  noMobile: '该账号未绑定手机号，请联系单位管理员',
  noResetAccount: '未找到匹配的账号',
  resetMobileMismatch: '手机号与账号绑定的手机号不一致',
  resetDone: '密码重置成功，请使用新密码登录',
  noEmployee: '未找到您的员工信息，请联系单位管理员',
  alreadyActivated: '该账号已激活，请直接登录',
  activated: '激活成功，请登录',
  activatedNoPassword: '激活成功，请使用手机验证码登录，或通过“忘记密码”设置登录密码',
  phoneNoAccount: '该手机号未关联可登录的账号',
  phoneManyAccounts: '该手机号关联多个账号，请选择登录用户',
  samePhone: '新手机号与当前手机号相同',
  ticketInvalid: '登录凭证无效或已过期',
  // the forced change after an administrator's reset (issue 38 item 14)
  currentPasswordRequired: '请输入当前密码',
  currentPasswordWrong: '当前密码不正确',
  notTemporaryPassword: '当前无需修改临时密码，请通过短信验证码修改密码',
  sameAsTemporary: '新密码不能与临时密码相同',
  cancelDone: '账户已注销',
} as const;

const phone = (msg: string = Msg.phoneFormat) =>
  z.string({ error: Msg.phoneRequired }).trim().min(1, Msg.phoneRequired).regex(PHONE_PATTERN, msg);
const code = (msg: string = Msg.codeRequired) => z.string({ error: msg }).trim().min(1, msg).max(12, AccountMsg.codeWrong);
const optionalText = (max = 4000) => z.string().max(max).optional().default('');

/** A password that meets the rule, on every path that sets one. */
export const strongPassword = (requiredMsg: string = Msg.passwordRequired) =>
  z.string({ error: requiredMsg }).min(1, requiredMsg).max(128).regex(PASSWORD_PATTERN, Msg.passwordRule);

/** Captcha result: the ALTCHA payload in Ticket, the challenge salt in Randstr (DESIGN.md §4). */
export const captchaShape = { ticket: optionalText(8000), randstr: optionalText(400) };

export const loginStep1Body = z.object({
  username: z.string({ error: Msg.usernameRequired }).trim().min(1, Msg.usernameRequired).max(64),
  password: z.string({ error: Msg.passwordRequired }).min(1, Msg.passwordRequired).max(128),
  ...captchaShape,
});
export const secretQuery = z.object({ secret: z.string({ error: AccountMsg.secretExpired }).min(1, AccountMsg.secretExpired).max(200) });
export const getCheckNumBody = z.object({ phone: phone(), ...captchaShape });
export const loginWithCheckNumBody = z.object({
  phone: phone().optional(),
  code: code().optional(),
  secret: z.string().max(200).optional(),
  ...captchaShape,
});
export const ticketBody = z.object({ ticket: z.string({ error: AccountMsg.ticketInvalid }).min(1, AccountMsg.ticketInvalid).max(4000) });
export const ohrTokenQuery = z.object({ token: z.string({ error: AccountMsg.ticketInvalid }).min(1, AccountMsg.ticketInvalid).max(4000) });

export const registerCodeBody = z.object({ phone: phone(AccountMsg.phoneFormatRegister), ...captchaShape });
export const registerBody = z.object({
  userName: z.string({ error: AccountMsg.nameRequired }).trim().min(1, AccountMsg.nameRequired).max(50),
  userIDNumber: z.string({ error: AccountMsg.idCardRequired }).trim().min(1, AccountMsg.idCardRequired).max(30),
  userPhone: phone(AccountMsg.phoneFormatRegister),
  verifyCode: code(AccountMsg.smsCodeRequired),
  /** the dialog sets a password; the standalone page does not */
  password: z.string().max(128).optional().default(''),
  checkPassWord: z.string().max(128).optional().default(''),
});

export const resetAccBody = z.object({
  username: z.string({ error: AccountMsg.resetUsernameRequired }).trim().min(1, AccountMsg.resetUsernameRequired).max(64),
  ...captchaShape,
});
export const resetVerifyBody = z.object({
  usrSecret: z.string({ error: AccountMsg.resetSecretExpired }).min(1, AccountMsg.resetSecretExpired).max(200),
  verifyCode: code(),
});
export const resetSubmitBody = resetVerifyBody.extend({
  userMobile: phone(),
  password: strongPassword(),
  checkPassWord: z.string({ error: AccountMsg.confirmPasswordRequired }).min(1, AccountMsg.confirmPasswordRequired).max(128),
});

export const updateUserInfoBody = z.object({
  sex: z.coerce.number().int().min(0).max(1).optional(),
  qq: z.string().trim().max(ProfileLimits.qqMax).regex(/^\d*$/, 'QQ号只能是数字').optional(),
  weChat: z.string().trim().max(ProfileLimits.weChatMax).optional(),
  email: z.union([z.literal(''), z.string().trim().max(ProfileLimits.emailMax).email(EMAIL_MSG)]).optional(),
  /** the key UploadImageFileByFormToZfile answered as `path` */
  headImage: z.string().trim().max(300).optional(),
  headImagePath: z.string().trim().max(300).optional(),
});

export const editPhoneCodeQuery = z.object({ newPhone: phone(), ...captchaShape });
export const editPhoneQuery = z.object({ newPhone: phone(), checkNum: code() });
export const editPasswordCodeQuery = z.object({ ...captchaShape });
export const editPasswordQuery = z.object({
  pas1: strongPassword(),
  pas2: z.string({ error: AccountMsg.confirmPasswordRequired }).min(1, AccountMsg.confirmPasswordRequired).max(128),
  checkNum: code(),
});
/**
 * EditTemporaryPassWord: after an administrator's reset the temporary password and the new one,
 * no SMS code (a changed phone is often why the password was reset); captcha after repeated failures.
 */
export const editTemporaryPasswordBody = z.object({
  oldPas: z.string({ error: AccountMsg.currentPasswordRequired }).min(1, AccountMsg.currentPasswordRequired).max(128),
  pas1: strongPassword(),
  pas2: z.string({ error: AccountMsg.confirmPasswordRequired }).min(1, AccountMsg.confirmPasswordRequired).max(128),
  ...captchaShape,
});
export const cancelCodeQuery = z.object({ ...captchaShape });
export const cancelVerifyQuery = z.object({ verifyCode: code() });

/** One account of a chooser: label and the short-lived secret for the next step. */
export interface AccountChoice {
  item1: string;
  item2: string;
}

/** GetAPPId: the captcha configuration. */
export interface CaptchaConfig {
  provider: 'altcha' | 'none';
  appId: string;
  /** URL the widget fetches a challenge from */
  challengeUrl: string;
}

export interface UploadedImage {
  path: string;
  url: string;
}

export interface ResetAccount {
  useraccount: string;
  /** masked */
  userMobile: string;
}

/** Failure data when a captcha pass is needed before trying again. */
export interface NeedCaptcha {
  needCaptcha: true;
}
