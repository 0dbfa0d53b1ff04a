import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import { captchaShape } from './account.schemas.ts';
import type { LoginResult, UserInfo } from './session.schemas.ts';
import { loginBody } from './session.schemas.ts';

// the original system's controllers these paths are under
const userUser = '/Api/User/user_user';

/** The session calls (ADR 0039). */
export const sessionApi = /* @__PURE__ */ defineGroup('identity', 'session', {
  login: endpoint({ path: `${userUser}/Login`, input: loginBody.extend(captchaShape), output: answer<LoginResult>() }),
  loginOut: endpoint({ path: `${userUser}/LoginOut`, output: answer<null>() }),
  getUserInfo: endpoint({ path: `${userUser}/GetUserInfo`, output: answer<UserInfo | null>() }),
});
