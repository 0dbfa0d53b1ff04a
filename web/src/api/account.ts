// Sign-in, activation, reset and own-account calls (spec portal-and-learner §7).
import type { AccountChoice, CaptchaConfig, LoginResult, ResetAccount, UploadedImage } from '@xuetu/contract';
import { getEnvelope, post, postEnvelope, upload } from './request';

const base = '/Api/User/user_user';

export interface CaptchaPass {
  ticket: string;
  randstr: string;
}

let captchaConfig: Promise<CaptchaConfig> | null = null;
/** GetAPPId, fetched once per page load */
export const getCaptchaConfig = () => {
  captchaConfig ??= post<CaptchaConfig>(`${base}/GetAPPId`).catch((e) => {
    captchaConfig = null;
    throw e;
  });
  return captchaConfig;
};

export const loginStep1 = (body: { username: string; password: string } & Partial<CaptchaPass>) =>
  post<AccountChoice[]>(`${base}/LoginStep1`, body);
export const loginStep2 = (secret: string) => post<LoginResult>(`${base}/LoginStep2`, undefined, { params: { secret } });
export const getCheckNum = (body: { phone: string } & Partial<CaptchaPass>) => postEnvelope<null>(`${base}/GetCheckNum`, body);
export const loginWithCheckNumStep1 = (body: { phone: string; code: string } & Partial<CaptchaPass>) =>
  post<AccountChoice[]>(`${base}/LoginWithCheckNumStep1`, body);
export const loginByTicket = (ticket: string) => post<LoginResult>(`${base}/LoginByTicket`, { ticket }, { silent: true });
export const ohrLogin = (token: string) => post<AccountChoice[]>(`${base}/OhrLogin`, undefined, { params: { token } });

export const getUserRegisterCode = (body: { phone: string } & Partial<CaptchaPass>) =>
  postEnvelope<null>(`${base}/GetUserRegisterCode`, body);
export interface RegisterForm {
  userName: string;
  userIDNumber: string;
  userPhone: string;
  verifyCode: string;
  password?: string;
  checkPassWord?: string;
}
export const userRegister = (body: RegisterForm) => postEnvelope<{ username: string }>(`${base}/UserRegister`, body);

export const getResetpwdAcc = (body: { username: string } & Partial<CaptchaPass>) => post<AccountChoice[]>(`${base}/GetResetpwdAcc`, body);
export const checkResetpwdAcc = (secret: string) => postEnvelope<null>(`${base}/CheckResetpwdAcc`, undefined, { params: { secret } });
export const checkResetpwdVerifyCode = (body: { usrSecret: string; verifyCode: string }) =>
  post<ResetAccount>(`${base}/CheckResetpwdVerifyCode`, body);
export const submitResetpwdData = (body: {
  usrSecret: string;
  userMobile: string;
  verifyCode: string;
  password: string;
  checkPassWord: string;
}) => postEnvelope<{ username: string }>(`${base}/SubmitResetpwdData`, body);

export interface ProfileForm {
  sex?: number;
  qq?: string;
  weChat?: string;
  email?: string;
  headImage?: string;
}
export const updateUserInfoByUser = (body: ProfileForm) => postEnvelope<null>(`${base}/UpdateUserInfoByUser`, body);
export const uploadImage = (file: Blob) =>
  upload<UploadedImage>('/Api/SysConfig/sys_notice/UploadImageFileByFormToZfile', file, { silent: true });

export const getEditphoneCheckNum = (q: { NewPhone: string } & Partial<CaptchaPass>) =>
  getEnvelope<null>(`${base}/GetEditphoneCheckNum`, q);
export const editPhone = (q: { NewPhone: string; CheckNum: string }) => getEnvelope<null>(`${base}/EditPhone`, q);
export const getEditPassWordCheckNum = (q: Partial<CaptchaPass>) => getEnvelope<null>(`${base}/GetEditPassWordCheckNum`, q);
export const editPassWord = (q: { pas1: string; pas2: string; CheckNum: string }) => getEnvelope<null>(`${base}/EditPassWord`, q);
export const getCancelUserVerifyCode = () => postEnvelope<null>(`${base}/GetCancelUserVerifyCode`);
export const checkCancelUserVerifyCode = (verifyCode: string) =>
  post<null>(`${base}/CheckCancelUserVerifyCode`, undefined, { params: { verifyCode }, silent: true });
export const cancelUser = (verifyCode: string) => postEnvelope<null>(`${base}/CancelUser`, undefined, { params: { verifyCode } });
