import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import { captchaShape } from './account.schemas.ts';
import type { LoginResult, UserInfo } from './session.schemas.ts';
import { loginBody } from './session.schemas.ts';

/** The session calls (ADR 0039). */
export const sessionApi = /* @__PURE__ */ defineGroup('identity', 'session', {
  login: endpoint({ path: '/Api/User/user_user/Login', input: loginBody.extend(captchaShape), output: answer<LoginResult>() }),
  loginOut: endpoint({ path: '/Api/User/user_user/LoginOut', output: answer<null>() }),
  getUserInfo: endpoint({ path: '/Api/User/user_user/GetUserInfo', output: answer<UserInfo | null>() }),
});
