// Mints a login ticket or an OHR token the way a partner system does (docs/sso-tickets.md).
//   SSO_SHARED_SECRET=… npx tsx server/scripts/mint-ticket.ts ticket learner01 [baseUrl]
//   SSO_SHARED_SECRET=… npx tsx server/scripts/mint-ticket.ts ohr 13800000001 [baseUrl]
//   SSO_SHARED_SECRET=… npx tsx server/scripts/mint-ticket.ts --jwt ticket learner01   (the same claims as an HS256 JWT)
import { parseEnv } from '../src/config/env.ts';
import { mintSsoJwt, mintSsoToken, type SsoType } from '../src/modules/identity/account/sso.ts';

const args = process.argv.slice(2);
const jwt = args[0] === '--jwt';
const [typ, sub, base = 'http://localhost:8080'] = jwt ? args.slice(1) : args;
if ((typ !== 'ticket' && typ !== 'ohr') || !sub) {
  console.error('usage: mint-ticket.ts [--jwt] <ticket|ohr> <account code | phone | ID number> [base url]');
  process.exit(2);
}
const secret = parseEnv().SSO_SHARED_SECRET;
const token = jwt ? await mintSsoJwt(secret, typ as SsoType, sub, { ttlS: 120 }) : mintSsoToken(secret, typ as SsoType, sub, { ttlS: 120 });
console.log(token);
console.log(typ === 'ticket' ? `${base}/home?ticket=${encodeURIComponent(token)}` : `${base}/ohrlogin?token=${encodeURIComponent(token)}`);
