import { answer, endpoint } from '../endpoint.ts';
import { captchaShape } from '../schemas/account.ts';
import type { LoginResult, UserInfo } from '../schemas/session.ts';
import { loginBody } from '../schemas/session.ts';

/** The session calls (ADR 0039). */
export const sessionApi = {
  login: endpoint({
    method: 'POST',
    path: '/Api/User/user_user/Login',
    input: loginBody.extend(captchaShape),
    output: answer<LoginResult>(),
  }),
  loginOut: endpoint({ method: 'POST', path: '/Api/User/user_user/LoginOut', output: answer<null>() }),
  getUserInfo: endpoint({ method: 'POST', path: '/Api/User/user_user/GetUserInfo', output: answer<UserInfo | null>() }),
};
