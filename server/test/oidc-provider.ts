import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, type JWK, SignJWT } from 'jose';
import Provider from 'oidc-provider';

// A real OpenID Connect provider for the OIDC sign-in's tests (issue 41 item 6): `oidc-provider`
// from npm, in the test's process, on a free loopback port, with a login page and a consent page
// of its own (plain HTML forms: 账号 / 密码 / 登录, then 同意授权), its own signing key (RS256,
// published at its jwks_uri) and the people the test gives it. `tamper` rewrites the ID token the
// token endpoint answers (re-signed with the provider's key, or another key) to test what the
// client checks; `codesExpired` makes the token endpoint refuse codes as expired ones.

export interface ProviderPerson {
  password: string;
  /** the claims besides `sub` (the login name): name, preferred_username, phone_number, employee_number … */
  claims: Record<string, unknown>;
}

export interface OidcProviderKit {
  issuer: string;
  port: number;
  provider: Provider;
  /** replaces the ID token's claims before it leaves the token endpoint (null: leave it) */
  tamper: ((claims: Record<string, unknown>) => { claims: Record<string, unknown>; otherKey?: boolean }) | null;
  /** true: the token endpoint refuses every code as expired (invalid_grant), as the provider does past a code's ttl */
  codesExpired: boolean;
  /** how many times the discovery document was read */
  discoveries: number;
  stop(): Promise<void>;
}

const page = (title: string, body: string) =>
  `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${body}</body></html>`;

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => {
      body += c;
    });
    req.on('end', () => resolve(new URLSearchParams(body)));
    req.on('error', reject);
  });
}

const listen = (server: Server, port: number) =>
  new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });

/**
 * Starts a provider with `clients` (their redirect URIs) and `people` (by login name = sub).
 * `host` is how the issuer names itself (`127.0.0.1`, or `localhost` to make an issuer that
 * does not match the address it is reached at).
 */
export async function startOidcProvider(opts: {
  clients: { client_id: string; client_secret: string; redirect_uris: string[] }[];
  people: Record<string, ProviderPerson>;
  port?: number;
  host?: string;
}): Promise<OidcProviderKit> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;

  const server = createServer();
  const port = await listen(server, opts.port ?? 0);
  const issuer = `http://${opts.host ?? '127.0.0.1'}:${port}`;
  const provider = new Provider(issuer, {
    clients: opts.clients.map((c) => ({ ...c, grant_types: ['authorization_code'], response_types: ['code'] })),
    jwks: { keys: [jwk] },
    cookies: { keys: ['xuetu-oidc-test-cookie-key'] },
    features: { devInteractions: { enabled: false } },
    claims: {
      openid: ['sub'],
      profile: ['name', 'preferred_username'],
      email: ['email', 'email_verified'],
      phone: ['phone_number', 'phone_number_verified'],
      employee: ['employee_number'],
    },
    scopes: ['openid', 'profile', 'email', 'phone', 'employee'],
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 3600, AccessToken: 3600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => {
      const person = opts.people[sub];
      return person ? { accountId: sub, claims: () => ({ sub, ...person.claims }) } : undefined;
    },
  });

  const kit: OidcProviderKit = {
    issuer,
    port,
    provider,
    tamper: null,
    codesExpired: false,
    discoveries: 0,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };

  // the token endpoint's answer, tampered with on demand; an expired code answers as the provider does
  provider.use(async (ctx, next) => {
    if (ctx.path === '/.well-known/openid-configuration') kit.discoveries++;
    if (ctx.path === '/token' && kit.codesExpired) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_grant', error_description: 'grant request is invalid' };
      return;
    }
    await next();
    const body = ctx.body as { id_token?: string } | undefined;
    if (ctx.path !== '/token' || !kit.tamper || !body?.id_token) return;
    const changed = kit.tamper(decodeJwt(body.id_token) as Record<string, unknown>);
    const id_token = await new SignJWT(changed.claims)
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key', typ: 'JWT' })
      .sign(changed.otherKey ? other : privateKey);
    ctx.body = { ...body, id_token };
  });

  const interaction = async (req: IncomingMessage, res: ServerResponse) => {
    const details = await provider.interactionDetails(req, res);
    const html = (status: number, body: string) => {
      res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    if (req.method === 'GET') {
      if (details.prompt.name === 'login')
        return html(
          200,
          page(
            '身份源登录',
            `<form method="post" action="/interaction/${details.uid}"><label>账号 <input name="login" autocomplete="off"></label><label>密码 <input name="password" type="password"></label><button type="submit">登录</button></form>`,
          ),
        );
      return html(
        200,
        page(
          '授权',
          `<form method="post" action="/interaction/${details.uid}"><input type="hidden" name="consent" value="1"><button type="submit">同意授权</button></form>`,
        ),
      );
    }
    const form = await readForm(req);
    if (details.prompt.name === 'login') {
      const login = form.get('login') ?? '';
      if (opts.people[login]?.password !== form.get('password'))
        return html(200, page('身份源登录', `<p role="alert">账号或密码错误</p><a href="/interaction/${details.uid}">重试</a>`));
      return provider.interactionFinished(req, res, { login: { accountId: login } }, { mergeWithLastSubmission: false });
    }
    // consent: everything asked for
    const grant = details.grantId
      ? await provider.Grant.find(details.grantId)
      : new provider.Grant({ accountId: details.session!.accountId, clientId: details.params.client_id as string });
    const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
    if (missing.missingOIDCScope) grant!.addOIDCScope(missing.missingOIDCScope.join(' '));
    if (missing.missingOIDCClaims) grant!.addOIDCClaims(missing.missingOIDCClaims);
    const grantId = await grant!.save();
    return provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  };

  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/'))
      interaction(req, res).catch((err) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    else callback(req, res);
  });
  return kit;
}
