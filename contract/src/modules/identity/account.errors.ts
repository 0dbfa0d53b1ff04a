import { Msg } from '../../messages.ts';
import { AccountMsg } from './account.schemas.ts';

/** Sign-in, activation, password reset and own-account changes (spec portal-and-learner §2, §5, §7). */
export const AccountErrors = {
  LOGIN_FAILED: Msg.loginFailed,
  ACCOUNT_DISABLED: Msg.accountDisabled,
  ACCOUNT_CANCELLED: Msg.accountCancelled,
  ACCOUNT_NOT_ACTIVATED: Msg.accountNotActivated,
  ACCOUNT_EXPIRED: Msg.accountExpired,
  PHONE_REQUIRED: Msg.phoneRequired,
  CODE_REQUIRED: Msg.codeRequired,
  PASSWORD_RULE: Msg.passwordRule,
  PASSWORD_MISMATCH: Msg.passwordMismatch,
  CAPTCHA_REQUIRED: AccountMsg.captchaRequired,
  CAPTCHA_FAILED: AccountMsg.captchaFailed,
  TOO_MANY_FAILURES: AccountMsg.tooManyFailures,
  SMS_CODE_TOO_SOON: AccountMsg.codeTooSoon,
  SMS_IP_LIMIT: AccountMsg.smsIpLimit,
  SMS_DAILY_LIMIT: AccountMsg.smsDailyLimit,
  SMS_CODE_EXPIRED: AccountMsg.codeExpired,
  SMS_CODE_WRONG: AccountMsg.codeWrong,
  SMS_CODE_TOO_MANY_TRIES: AccountMsg.codeTooManyTries,
  /** the SMS gateway refused the message: its own limit for the number */
  SMS_GATEWAY_THROTTLED: '该手机号接收短信过于频繁，请稍后再试',
  /** the SMS gateway refused the number (malformed, unreachable, blocked) */
  SMS_GATEWAY_BAD_NUMBER: '该手机号暂时无法接收短信，请确认号码无误后重试',
  /** the SMS gateway refused for the operator's reasons (balance, template, signature, keys) or is unreachable */
  SMS_GATEWAY_UNAVAILABLE: '短信服务暂时不可用，请稍后再试或联系管理员',
  /** the company's LDAP / AD did not answer (or refused the service account): local accounts still sign in */
  DIRECTORY_UNAVAILABLE: '身份源暂时无法连接，请稍后重试',
  SMS_GATEWAY_TIMEOUT: '短信发送超时，请稍后重试',
  /** development only: the outbox holds no text for that phone */
  SMS_OUTBOX_EMPTY: '没有发给该手机号的短信',
  SIGNIN_SECRET_EXPIRED: AccountMsg.secretExpired,
  PHONE_NO_ACCOUNT: AccountMsg.phoneNoAccount,
  /** data: the accounts to choose from */
  PHONE_MANY_ACCOUNTS: AccountMsg.phoneManyAccounts,
  TICKET_INVALID: AccountMsg.ticketInvalid,
  NO_EMPLOYEE: AccountMsg.noEmployee,
  ALREADY_ACTIVATED: AccountMsg.alreadyActivated,
  RESET_SECRET_EXPIRED: AccountMsg.resetSecretExpired,
  NO_RESET_ACCOUNT: AccountMsg.noResetAccount,
  RESET_MOBILE_MISMATCH: AccountMsg.resetMobileMismatch,
  NO_MOBILE: AccountMsg.noMobile,
  SAME_PHONE: AccountMsg.samePhone,
  CURRENT_PASSWORD_WRONG: AccountMsg.currentPasswordWrong,
  /** EditTemporaryPassWord from a session not signed in with an administrator's temporary password */
  NOT_TEMPORARY_PASSWORD: AccountMsg.notTemporaryPassword,
  SAME_AS_TEMPORARY: AccountMsg.sameAsTemporary,
  AVATAR_INVALID: AccountMsg.avatarInvalid,
  AVATAR_TYPE: AccountMsg.avatarType,
  /** message: AccountMsg.avatarPixels(w, h) */
  AVATAR_TOO_SMALL: '图片像素过低',
  /** message: AccountMsg.avatarPixelsMax(w, h) */
  AVATAR_TOO_LARGE: '图片像素过高',
} as const;
