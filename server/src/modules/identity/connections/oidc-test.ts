import { ConnectionMsg, type ConnectionTestResult, type OidcSettings } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { discover, OidcError } from './oidc.ts';

// 测试连接 of an OpenID Connect connection: discovery from the issuer as the form holds it, with
// the checks the sign-in makes of the metadata (the issuer it declares, the endpoints, PKCE S256),
// said in Chinese by what failed. The client id and secret are only checked by a real sign-in.

const failed = (reason: string, message: string): ConnectionTestResult => ({ ok: false, reason, message, people: 0, more: false });

export async function testProvider(caller: Caller, s: OidcSettings): Promise<ConnectionTestResult> {
  try {
    const config = await discover({ issuer: s.issuer, clientId: s.clientId, clientSecret: '', scopes: s.scopes, timeoutMs: s.timeoutMs });
    return { ok: true, reason: '', message: ConnectionMsg.testOidcOk(config.serverMetadata().issuer), people: 0, more: false };
  } catch (err) {
    if (!(err instanceof OidcError)) throw err;
    caller.log.info({ reason: err.reason, err: err.cause }, 'identity source test: the OpenID Connect provider failed');
    switch (err.reason) {
      case 'timeout':
        return failed('timeout', ConnectionMsg.testTimeout(s.timeoutMs));
      case 'issuerMismatch':
        return failed('issuerMismatch', ConnectionMsg.testOidcIssuerMismatch(err.found));
      case 'incomplete':
        return failed('incomplete', ConnectionMsg.testOidcIncomplete);
      case 'noPkce':
        return failed('noPkce', ConnectionMsg.testOidcNoPkce);
      case 'unavailable':
        return failed('unreachable', ConnectionMsg.testUnreachable);
      default:
        return failed('notProvider', ConnectionMsg.testOidcNotProvider);
    }
  }
}
