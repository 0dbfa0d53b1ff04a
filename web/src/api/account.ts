// Sign-in, activation, reset and own-account calls (spec portal-and-learner §7).
import { accountApi, type CaptchaConfig } from '@xuetu/contract';
import { call, callEnvelope, callUpload } from './client';
import { ApiError } from './request';

export interface CaptchaPass {
  ticket: string;
  randstr: string;
}

/** The server wants a captcha pass before the next try (repeated password failures, account/guard.ts). */
export const needsCaptcha = (e: unknown) =>
  e instanceof ApiError && !!(e.envelope?.data as { needCaptcha?: boolean } | null | undefined)?.needCaptcha;

let captchaConfig: Promise<CaptchaConfig> | null = null;
/** GetAPPId, fetched once per page load */
export const getCaptchaConfig = () => {
  captchaConfig ??= call(accountApi.getAPPId).catch((e) => {
    captchaConfig = null;
    throw e;
  });
  return captchaConfig;
};

export const loginStep1 = (body: { username: string; password: string } & Partial<CaptchaPass>) => call(accountApi.loginStep1, body);
export const loginStep2 = (secret: string) => call(accountApi.loginStep2, undefined, { params: { secret } });
export const getCheckNum = (body: { phone: string } & Partial<CaptchaPass>) => callEnvelope(accountApi.getCheckNum, body);
export const loginWithCheckNumStep1 = (body: { phone: string; code: string } & Partial<CaptchaPass>) =>
  call(accountApi.loginWithCheckNumStep1, body);
export const loginByTicket = (ticket: string) => call(accountApi.loginByTicket, { ticket }, { silent: true });
export const ohrLogin = (token: string) => call(accountApi.ohrLogin, undefined, { params: { token } });

export const getUserRegisterCode = (body: { phone: string } & Partial<CaptchaPass>) => callEnvelope(accountApi.getUserRegisterCode, body);
export interface RegisterForm {
  userName: string;
  userIDNumber: string;
  userPhone: string;
  verifyCode: string;
  password?: string;
  checkPassWord?: string;
}
export const userRegister = (body: RegisterForm) => callEnvelope(accountApi.userRegister, body);

export const getResetpwdAcc = (body: { username: string } & Partial<CaptchaPass>) => call(accountApi.getResetpwdAcc, body);
export const checkResetpwdAcc = (secret: string) => callEnvelope(accountApi.checkResetpwdAcc, undefined, { params: { secret } });
export const checkResetpwdVerifyCode = (body: { usrSecret: string; verifyCode: string }) => call(accountApi.checkResetpwdVerifyCode, body);
export const submitResetpwdData = (body: {
  usrSecret: string;
  userMobile: string;
  verifyCode: string;
  password: string;
  checkPassWord: string;
}) => callEnvelope(accountApi.submitResetpwdData, body);

export interface ProfileForm {
  sex?: number;
  qq?: string;
  weChat?: string;
  email?: string;
  headImage?: string;
}
export const updateUserInfoByUser = (body: ProfileForm) => callEnvelope(accountApi.updateUserInfoByUser, body);
export const uploadImage = (file: Blob) => callUpload(accountApi.uploadImageFileByFormToZfile, file, { silent: true });

export const getEditphoneCheckNum = (q: { NewPhone: string } & Partial<CaptchaPass>) => callEnvelope(accountApi.getEditphoneCheckNum, q);
export const editPhone = (q: { NewPhone: string; CheckNum: string }) => callEnvelope(accountApi.editPhone, q);
export const getEditPassWordCheckNum = (q: Partial<CaptchaPass>) => callEnvelope(accountApi.getEditPassWordCheckNum, q);
export const editPassWord = (q: { pas1: string; pas2: string; CheckNum: string }) => callEnvelope(accountApi.editPassWord, q);
/** the forced change after an administrator's reset: the temporary password instead of an SMS code */
export const editTemporaryPassWord = (body: { oldPas: string; pas1: string; pas2: string } & Partial<CaptchaPass>) =>
  callEnvelope(accountApi.editTemporaryPassWord, body);
export const getCancelUserVerifyCode = () => callEnvelope(accountApi.getCancelUserVerifyCode);
export const checkCancelUserVerifyCode = (verifyCode: string) =>
  call(accountApi.checkCancelUserVerifyCode, undefined, { params: { verifyCode }, silent: true });
export const cancelUser = (verifyCode: string) => callEnvelope(accountApi.cancelUser, undefined, { params: { verifyCode } });
