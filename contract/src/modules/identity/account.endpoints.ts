import { answer, defineGroup, endpoint, getAndPost, type RawAnswer } from '../../endpoint.ts';
import type { AccountChoice, CaptchaConfig, ResetAccount, UploadedImage } from './account.schemas.ts';
import {
  cancelCodeQuery,
  cancelVerifyQuery,
  editPasswordCodeQuery,
  editPasswordQuery,
  editPhoneCodeQuery,
  editPhoneQuery,
  editTemporaryPasswordBody,
  getCheckNumBody,
  loginStep1Body,
  loginWithCheckNumBody,
  ohrTokenQuery,
  registerBody,
  registerCodeBody,
  resetAccBody,
  resetSubmitBody,
  resetVerifyBody,
  secretQuery,
  ticketBody,
  updateUserInfoBody,
} from './account.schemas.ts';
import type { LoginResult } from './session.schemas.ts';

// the original system's controllers these paths are under
const userUser = '/Api/User/user_user';

/** The account calls (ADR 0039). */
export const accountApi = /* @__PURE__ */ defineGroup('identity', 'account', {
  getAPPId: endpoint({ ...getAndPost('POST'), path: `${userUser}/GetAPPId`, output: answer<CaptchaConfig>() }),
  loginStep1: endpoint({ path: `${userUser}/LoginStep1`, input: loginStep1Body, output: answer<AccountChoice[]>() }),
  loginStep2: endpoint({ path: `${userUser}/LoginStep2`, input: secretQuery, output: answer<LoginResult>() }),
  /** the ALTCHA widget reads the challenge itself (GetAPPId's challengeUrl): no envelope */
  getCaptchaChallenge: endpoint({ method: 'GET', path: `${userUser}/GetCaptchaChallenge`, output: answer<RawAnswer>(), kind: 'raw' }),
  getCheckNum: endpoint({ path: `${userUser}/GetCheckNum`, input: getCheckNumBody, output: answer<null>() }),
  loginWithCheckNumStep1: endpoint({
    path: `${userUser}/LoginWithCheckNumStep1`,
    input: loginWithCheckNumBody,
    output: answer<AccountChoice[]>(),
  }),
  loginWithCheckNum: endpoint({ path: `${userUser}/LoginWithCheckNum`, input: loginWithCheckNumBody, output: answer<unknown>() }),
  loginByTicket: endpoint({ ...getAndPost('POST'), path: `${userUser}/LoginByTicket`, input: ticketBody, output: answer<LoginResult>() }),
  ohrLogin: endpoint({ ...getAndPost('POST'), path: `${userUser}/OhrLogin`, input: ohrTokenQuery, output: answer<AccountChoice[]>() }),
  getUserRegisterCode: endpoint({ path: `${userUser}/GetUserRegisterCode`, input: registerCodeBody, output: answer<null>() }),
  userRegister: endpoint({ path: `${userUser}/UserRegister`, input: registerBody, output: answer<{ username: string }>() }),
  getResetpwdAcc: endpoint({ path: `${userUser}/GetResetpwdAcc`, input: resetAccBody, output: answer<AccountChoice[]>() }),
  checkResetpwdAcc: endpoint({ path: `${userUser}/CheckResetpwdAcc`, input: secretQuery, output: answer<null>() }),
  checkResetpwdVerifyCode: endpoint({
    path: `${userUser}/CheckResetpwdVerifyCode`,
    input: resetVerifyBody,
    output: answer<ResetAccount>(),
  }),
  submitResetpwdData: endpoint({ path: `${userUser}/SubmitResetpwdData`, input: resetSubmitBody, output: answer<{ username: string }>() }),
  updateUserInfoByUser: endpoint({ path: `${userUser}/UpdateUserInfoByUser`, input: updateUserInfoBody, output: answer<null>() }),
  uploadImageFileByFormToZfile: endpoint({
    path: '/Api/SysConfig/sys_notice/UploadImageFileByFormToZfile',
    output: answer<UploadedImage>(),
    kind: 'upload',
  }),
  getEditphoneCheckNum: endpoint({
    ...getAndPost('GET'),
    path: `${userUser}/GetEditphoneCheckNum`,
    input: editPhoneCodeQuery,
    output: answer<null>(),
  }),
  editPhone: endpoint({ ...getAndPost('GET'), path: `${userUser}/EditPhone`, input: editPhoneQuery, output: answer<null>() }),
  getEditPassWordCheckNum: endpoint({
    ...getAndPost('GET'),
    path: `${userUser}/GetEditPassWordCheckNum`,
    input: editPasswordCodeQuery,
    output: answer<null>(),
  }),
  editPassWord: endpoint({ ...getAndPost('GET'), path: `${userUser}/EditPassWord`, input: editPasswordQuery, output: answer<null>() }),
  /** the forced change after an administrator's reset: current (temporary) and new password, no SMS code */
  editTemporaryPassWord: endpoint({ path: `${userUser}/EditTemporaryPassWord`, input: editTemporaryPasswordBody, output: answer<null>() }),
  getCancelUserVerifyCode: endpoint({
    ...getAndPost('POST'),
    path: `${userUser}/GetCancelUserVerifyCode`,
    input: cancelCodeQuery,
    output: answer<null>(),
  }),
  checkCancelUserVerifyCode: endpoint({
    ...getAndPost('POST'),
    path: `${userUser}/CheckCancelUserVerifyCode`,
    input: cancelVerifyQuery,
    output: answer<null>(),
  }),
  cancelUser: endpoint({ ...getAndPost('POST'), path: `${userUser}/CancelUser`, input: cancelVerifyQuery, output: answer<null>() }),
});
