import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { ConnectionTestResult, IdentitySourceList, IdentitySourceView, SignInButton } from './connections.schemas.ts';
import { connectionIdInput, connectionListBody, connectionSaveBody, connectionTestBody } from './connections.schemas.ts';

const base = '/Api/SysConfig/sys_identity_source';

/** A company's identity connections, the 身份源 page (issue 41). */
export const connectionsApi = /* @__PURE__ */ defineGroup('identity', 'connections', {
  getIdentitySourceList: endpoint({
    method: 'POST',
    path: `${base}/GetIdentitySourceList`,
    input: connectionListBody,
    output: answer<IdentitySourceList>(),
  }),
  getIdentitySource: endpoint({
    method: 'POST',
    path: `${base}/GetIdentitySource`,
    input: connectionIdInput,
    output: answer<IdentitySourceView>(),
  }),
  saveIdentitySource: endpoint({
    method: 'POST',
    path: `${base}/SaveIdentitySource`,
    input: connectionSaveBody,
    output: answer<IdentitySourceView>(),
  }),
  deleteIdentitySource: endpoint({
    method: 'POST',
    path: `${base}/DeleteIdentitySource`,
    input: connectionIdInput,
    output: answer<null>(),
  }),
  testIdentitySource: endpoint({
    method: 'POST',
    path: `${base}/TestIdentitySource`,
    input: connectionTestBody,
    output: answer<ConnectionTestResult>(),
  }),
  /** public: the enabled connections' buttons of the login page (使用 XX 登录) */
  getSignInButtons: endpoint({
    method: 'GET',
    path: `${base}/GetSignInButtons`,
    output: answer<{ models: SignInButton[] }>(),
  }),
});
