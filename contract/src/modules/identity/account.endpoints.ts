import { answer, defineGroup, endpoint, type RawAnswer } from '../../endpoint.ts';
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

/** The account calls (ADR 0039). */
export const accountApi = /* @__PURE__ */ defineGroup('identity', 'account', {
  getAPPId: endpoint({ method: 'POST', methods: ['GET', 'POST'], path: '/Api/User/user_user/GetAPPId', output: answer<CaptchaConfig>() }),
  loginStep1: endpoint({ path: '/Api/User/user_user/LoginStep1', input: loginStep1Body, output: answer<AccountChoice[]>() }),
  loginStep2: endpoint({ path: '/Api/User/user_user/LoginStep2', input: secretQuery, output: answer<LoginResult>() }),
  /** the ALTCHA widget reads the challenge itself (GetAPPId's challengeUrl): no envelope */
  getCaptchaChallenge: endpoint({
    method: 'GET',
    path: '/Api/User/user_user/GetCaptchaChallenge',
    output: answer<RawAnswer>(),
    kind: 'raw',
  }),
  getCheckNum: endpoint({ path: '/Api/User/user_user/GetCheckNum', input: getCheckNumBody, output: answer<null>() }),
  loginWithCheckNumStep1: endpoint({
    path: '/Api/User/user_user/LoginWithCheckNumStep1',
    input: loginWithCheckNumBody,
    output: answer<AccountChoice[]>(),
  }),
  loginWithCheckNum: endpoint({ path: '/Api/User/user_user/LoginWithCheckNum', input: loginWithCheckNumBody, output: answer<unknown>() }),
  loginByTicket: endpoint({
    method: 'POST',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/LoginByTicket',
    input: ticketBody,
    output: answer<LoginResult>(),
  }),
  ohrLogin: endpoint({
    method: 'POST',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/OhrLogin',
    input: ohrTokenQuery,
    output: answer<AccountChoice[]>(),
  }),
  getUserRegisterCode: endpoint({ path: '/Api/User/user_user/GetUserRegisterCode', input: registerCodeBody, output: answer<null>() }),
  userRegister: endpoint({ path: '/Api/User/user_user/UserRegister', input: registerBody, output: answer<{ username: string }>() }),
  getResetpwdAcc: endpoint({ path: '/Api/User/user_user/GetResetpwdAcc', input: resetAccBody, output: answer<AccountChoice[]>() }),
  checkResetpwdAcc: endpoint({ path: '/Api/User/user_user/CheckResetpwdAcc', input: secretQuery, output: answer<null>() }),
  checkResetpwdVerifyCode: endpoint({
    path: '/Api/User/user_user/CheckResetpwdVerifyCode',
    input: resetVerifyBody,
    output: answer<ResetAccount>(),
  }),
  submitResetpwdData: endpoint({
    path: '/Api/User/user_user/SubmitResetpwdData',
    input: resetSubmitBody,
    output: answer<{ username: string }>(),
  }),
  updateUserInfoByUser: endpoint({ path: '/Api/User/user_user/UpdateUserInfoByUser', input: updateUserInfoBody, output: answer<null>() }),
  uploadImageFileByFormToZfile: endpoint({
    path: '/Api/SysConfig/sys_notice/UploadImageFileByFormToZfile',
    output: answer<UploadedImage>(),
    kind: 'upload',
  }),
  getEditphoneCheckNum: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/GetEditphoneCheckNum',
    input: editPhoneCodeQuery,
    output: answer<null>(),
  }),
  editPhone: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/EditPhone',
    input: editPhoneQuery,
    output: answer<null>(),
  }),
  getEditPassWordCheckNum: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/GetEditPassWordCheckNum',
    input: editPasswordCodeQuery,
    output: answer<null>(),
  }),
  editPassWord: endpoint({
    method: 'GET',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/EditPassWord',
    input: editPasswordQuery,
    output: answer<null>(),
  }),
  /** the forced change after an administrator's reset: current (temporary) and new password, no SMS code */
  editTemporaryPassWord: endpoint({
    path: '/Api/User/user_user/EditTemporaryPassWord',
    input: editTemporaryPasswordBody,
    output: answer<null>(),
  }),
  getCancelUserVerifyCode: endpoint({
    method: 'POST',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/GetCancelUserVerifyCode',
    input: cancelCodeQuery,
    output: answer<null>(),
  }),
  checkCancelUserVerifyCode: endpoint({
    method: 'POST',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/CheckCancelUserVerifyCode',
    input: cancelVerifyQuery,
    output: answer<null>(),
  }),
  cancelUser: endpoint({
    method: 'POST',
    methods: ['GET', 'POST'],
    path: '/Api/User/user_user/CancelUser',
    input: cancelVerifyQuery,
    output: answer<null>(),
  }),
});
