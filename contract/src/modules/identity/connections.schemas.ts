import { z } from 'zod';
import { Msg } from '../../messages.ts';
import { optId, text } from '../directory/fields.schemas.ts';

// A company's identity connections (身份源, issue 41): the kind, its settings (non-secret, returned
// to the page) and its secret (an LDAP service account's bind password, an OpenID Connect client
// secret: stored encrypted, never returned; the page sees `bindPasswordSet`). LDAP and OpenID
// Connect are built; the others are named so the kind stays open.

export const CONNECTION_KINDS = ['ldap', 'oidc', 'wecom', 'dingtalk', 'feishu'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
/** the kinds a connection can be saved as today */
export const CONNECTION_KINDS_BUILT: readonly ConnectionKind[] = ['ldap', 'oidc'];
export const CONNECTION_KIND_LABELS: Record<ConnectionKind, string> = {
  ldap: 'LDAP / Active Directory',
  oidc: 'OpenID Connect',
  wecom: '企业微信',
  dingtalk: '钉钉',
  feishu: '飞书',
};

export const ConnectionLimits = {
  nameMax: 50,
  urlMax: 300,
  dnMax: 500,
  filterMax: 1000,
  attributeMax: 64,
  secretMax: 500,
  timeoutMin: 500,
  timeoutMax: 60_000,
  clientIdMax: 200,
  scopesMax: 300,
  claimMax: 100,
  buttonNameMax: 20,
} as const;

/** ldap://host[:port] or ldaps://host[:port] */
export const LDAP_URL_PATTERN = /^ldaps?:\/\/[^\s/]+\/?$/;
export const LDAP_ATTRIBUTE_PATTERN = /^[A-Za-z][A-Za-z0-9-]*$/;

export const ConnectionMsg = {
  nameRequired: '请输入身份源名称',
  urlInvalid: '请输入正确的 LDAP 地址，如 ldaps://dc1.example.com:636',
  baseDnRequired: '请输入搜索起点（Base DN）',
  filterInvalid: '用户过滤条件须包含 {username}，如 (uid={username})',
  attributeInvalid: '属性名只能包含字母、数字和短横线，且以字母开头',
  timeoutInvalid: `超时须在 ${ConnectionLimits.timeoutMin} 到 ${ConnectionLimits.timeoutMax} 毫秒之间`,
  kindInvalid: '请选择身份源类型',
  /** what the page shows in the password field of a saved secret */
  secretSet: '已设置',
  /** 测试连接, by what failed */
  testOk: (people: number, more: boolean) => `连接成功：服务账号已绑定，按过滤条件找到 ${people}${more ? ' 个以上' : ' 个'}用户`,
  testUnreachable: '无法连接到身份源：地址或端口不通，请检查地址和网络',
  testTimeout: (ms: number) => `连接超时：身份源在 ${ms} 毫秒内没有应答`,
  testBindRefused: '服务账号绑定被拒绝：绑定 DN 或密码不正确',
  testBadBaseDn: '搜索起点（Base DN）在目录中不存在',
  testSecretUnreadable: '已保存的密码无法解密（服务器的 CONNECTION_SECRET_KEY 与保存时不同），请重新输入服务账号密码',
  /** OpenID Connect */
  issuerInvalid: '请输入正确的签发方地址（Issuer），须为 https:// 地址（仅本机可用 http://）',
  clientIdRequired: '请输入客户端 ID（Client ID）',
  scopesInvalid: '授权范围须包含 openid，多个用空格分隔',
  claimInvalid: '声明名只能包含字母、数字、下划线、短横线、点和冒号',
  testOidcOk: (issuer: string) => `连接成功：已从签发方 ${issuer} 读取 OpenID Connect 配置（授权、令牌和公钥地址齐全）`,
  testOidcNotProvider: '该地址不是 OpenID Connect 身份源：未找到可用的 /.well-known/openid-configuration',
  testOidcIssuerMismatch: (found: string) => `签发方地址与身份源声明的不一致（身份源声明为 ${found}），请按身份源的 issuer 填写`,
  testOidcIncomplete: '身份源的配置不完整：缺少授权、令牌或公钥（jwks_uri）地址',
  testOidcNoPkce: '身份源不支持 PKCE（S256），学途无法安全地使用它登录',
} as const;

const bool = (fallback: boolean) =>
  z.preprocess(
    (v) =>
      v === '' || v === null || v === undefined
        ? fallback
        : v === 1 || v === '1' || v === 'true'
          ? true
          : v === 0 || v === '0' || v === 'false'
            ? false
            : v,
    z.boolean({ error: '参数有误' }),
  );

const attribute = (fallback: string) =>
  text(ConnectionLimits.attributeMax)
    .pipe(z.string().refine((v) => v === '' || LDAP_ATTRIBUTE_PATTERN.test(v), ConnectionMsg.attributeInvalid))
    .transform((v) => v || fallback);

/** A connection's time limit in ms (blank: 5 s), within the limits. */
const timeout = () =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 5000 : v),
    z.coerce
      .number({ error: ConnectionMsg.timeoutInvalid })
      .int(ConnectionMsg.timeoutInvalid)
      .min(ConnectionLimits.timeoutMin, ConnectionMsg.timeoutInvalid)
      .max(ConnectionLimits.timeoutMax, ConnectionMsg.timeoutInvalid),
  );

/** An LDAP / AD connection's settings (nothing secret: these go back to the page). */
export const ldapSettings = z.object({
  url: text(ConnectionLimits.urlMax).pipe(z.string().regex(LDAP_URL_PATTERN, ConnectionMsg.urlInvalid)),
  /** the service account that searches people ('' = anonymous search) */
  bindDn: text(ConnectionLimits.dnMax).default(''),
  baseDn: text(ConnectionLimits.dnMax).pipe(z.string().min(1, ConnectionMsg.baseDnRequired)),
  userFilter: text(ConnectionLimits.filterMax)
    .transform((v) => v || '(uid={username})')
    .pipe(z.string().includes('{username}', { message: ConnectionMsg.filterInvalid })),
  /** the directory's attribute for each of Xuetu's fields */
  attributes: z.preprocess(
    (v) => v ?? {},
    z.object({
      name: attribute('cn'),
      phone: attribute('mobile'),
      email: attribute('mail'),
      jobNumber: attribute('employeeNumber'),
      department: attribute('ou'),
    }),
  ),
  /** a person without an account gets one at their first sign-in */
  autoCreate: bool(true),
  /** per step (connect, bind, search), ms */
  timeoutMs: timeout(),
});
export type LdapSettings = z.output<typeof ldapSettings>;

/** https://…, or http:// on this machine only (127.0.0.1, localhost, ::1: a provider beside Xuetu, the tests') */
export function issuerAllowed(v: string): boolean {
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  if (url.protocol === 'https:') return true;
  return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
}
export const OIDC_CLAIM_PATTERN = /^[A-Za-z0-9_.:-]+$/;
const claim = (fallback: string) =>
  text(ConnectionLimits.claimMax)
    .pipe(z.string().refine((v) => v === '' || OIDC_CLAIM_PATTERN.test(v), ConnectionMsg.claimInvalid))
    .transform((v) => v || fallback);

/** An OpenID Connect connection's settings (the client secret is the connection's secret, not here). */
export const oidcSettings = z.object({
  /** the issuer; discovery reads `<issuer>/.well-known/openid-configuration` */
  issuer: text(ConnectionLimits.urlMax).pipe(z.string().refine(issuerAllowed, ConnectionMsg.issuerInvalid)),
  clientId: text(ConnectionLimits.clientIdMax).pipe(z.string().min(1, ConnectionMsg.clientIdRequired)),
  /** space-separated; must hold `openid` */
  scopes: text(ConnectionLimits.scopesMax)
    .transform((v) => v.split(/\s+/).filter(Boolean).join(' ') || 'openid profile email phone')
    .pipe(z.string().refine((v) => v.split(' ').includes('openid'), ConnectionMsg.scopesInvalid)),
  /** the claim holding each of Xuetu's fields ('' in jobNumber: the provider has none) */
  claims: z.preprocess(
    (v) => v ?? {},
    z.object({
      username: claim('preferred_username'),
      name: claim('name'),
      phone: claim('phone_number'),
      email: claim('email'),
      jobNumber: claim('employee_number'),
    }),
  ),
  /** the XX of the login page's 使用 XX 登录 ('' = the connection's name) */
  buttonName: text(ConnectionLimits.buttonNameMax).default(''),
  autoCreate: bool(true),
  /** per call to the provider (discovery, token, keys, user info), ms */
  timeoutMs: timeout(),
});
export type OidcSettings = z.output<typeof oidcSettings>;
export type ConnectionSettings = LdapSettings | OidcSettings;

/** The settings schema of a kind that is built; null for the kinds still to come. */
export function settingsSchemaOf(kind: ConnectionKind): typeof ldapSettings | typeof oidcSettings | null {
  return kind === 'ldap' ? ldapSettings : kind === 'oidc' ? oidcSettings : null;
}

/** The kind's settings, checked by its schema (issues under `settings.…`); the kinds still to come keep none. */
type WithSettings<T> =
  | (Omit<T, 'settings' | 'kind'> & { kind: 'ldap'; settings: LdapSettings })
  | (Omit<T, 'settings' | 'kind'> & { kind: 'oidc'; settings: OidcSettings })
  | (Omit<T, 'settings' | 'kind'> & { kind: Exclude<ConnectionKind, 'ldap' | 'oidc'>; settings: null });
function withKindSettings<T extends { kind: ConnectionKind; settings: unknown }>(v: T, ctx: z.RefinementCtx): WithSettings<T> {
  const schema = settingsSchemaOf(v.kind);
  if (!schema) return { ...v, settings: null } as WithSettings<T>;
  const parsed = schema.safeParse(v.settings);
  if (!parsed.success) {
    for (const issue of parsed.error.issues)
      ctx.addIssue({ code: 'custom', message: issue.message, path: ['settings', ...issue.path] as (string | number)[] });
    return z.NEVER;
  }
  return { ...v, settings: parsed.data } as WithSettings<T>;
}

/** The settings as sent: an object, checked by the kind's schema (ldapSettings, oidcSettings). */
const anySettings = z.preprocess((v) => v ?? {}, z.record(z.string(), z.unknown(), { error: '参数 settings 有误' }));

const kind = z.enum(CONNECTION_KINDS, { error: ConnectionMsg.kindInvalid });
/** the secret as typed (LDAP: the bind password; OpenID Connect: the client secret): '' keeps the saved one */
const secret = z.preprocess((v) => (v === null || v === undefined ? '' : v), z.string().max(ConnectionLimits.secretMax));

export const connectionListBody = z.object({
  /** platform staff: one company's ('' = every company); others always their own */
  companySysCode: text(100).default(''),
});

export const connectionIdInput = z.object({
  id: z.coerce
    .number({ error: '参数 id 有误' })
    .int('参数 id 有误')
    .min(1, '参数 id 有误')
    .max(2 ** 31 - 1, '参数 id 有误'),
});

export const connectionSaveBody = z
  .object({
    /** absent or 0: a new connection */
    id: optId,
    /** the company (platform staff name it; a company administrator's own company otherwise) */
    companySysCode: text(100).default(''),
    kind,
    name: text(ConnectionLimits.nameMax).pipe(z.string().min(1, ConnectionMsg.nameRequired)),
    enabled: bool(true),
    /** the kind's settings: ldapSettings or oidcSettings */
    settings: anySettings,
    bindPassword: secret.default(''),
    /** true: forget the saved secret (LDAP: an anonymous search; OpenID Connect: a public client) */
    clearBindPassword: bool(false),
  })
  .transform(withKindSettings);
export type ConnectionSaveBody = z.input<typeof connectionSaveBody>;

/** 测试连接: the settings as the form holds them; with `id`, an empty password means the saved one. */
export const connectionTestBody = z
  .object({
    id: optId,
    companySysCode: text(100).default(''),
    kind,
    settings: anySettings,
    bindPassword: secret.default(''),
  })
  .transform(withKindSettings);
export type ConnectionTestBody = z.input<typeof connectionTestBody>;

export interface IdentitySourceView {
  id: number;
  companySysCode: string;
  companyName: string;
  kind: ConnectionKind;
  kindName: string;
  name: string;
  enabled: boolean;
  /** LdapSettings for `ldap`, OidcSettings for `oidc` */
  settings: ConnectionSettings;
  /** a secret is saved (the bind password, the client secret; its value never leaves the server) */
  bindPasswordSet: boolean;
  createTime: string;
  updateTime: string;
}

/** GetIdentitySourceList: the connections, and whether the server can keep secrets at all. */
export interface IdentitySourceList {
  models: IdentitySourceView[];
  totalCount: number;
  /** CONNECTION_SECRET_KEY is set: passwords can be saved */
  secretKeyConfigured: boolean;
}

export interface ConnectionTestResult {
  ok: boolean;
  /** what happened, in Chinese, for the page to show as is */
  message: string;
  /**
   * when not ok: `unreachable` | `timeout` | `bindRefused` | `badBaseDn` | `secretUnreadable`;
   * OpenID Connect also `notProvider` | `issuerMismatch` | `incomplete` | `noPkce`
   */
  reason: string;
  people: number;
  more: boolean;
}

/** One sign-in button of the login page (GetSignInButtons): 使用 XX 登录, starting at `startPath`. */
export interface SignInButton {
  id: number;
  kind: ConnectionKind;
  /** the whole label, e.g. 使用 企业统一身份 登录 */
  label: string;
  /** below the site's root: /prod-api/auth/oidc/<id>/start */
  startPath: string;
}

export const oidcStartPath = (id: number) => `/prod-api/auth/oidc/${id}/start`;
export const OIDC_CALLBACK_PATH = '/prod-api/auth/oidc/callback';
export const signInButtonLabel = (name: string) => `使用 ${name} 登录`;

/**
 * Why an OpenID Connect sign-in ended on the login page (`/login?oidcError=<key>`): the login page
 * shows the text; the server names only the key (no text of the URL is ever shown as it is).
 */
export const OIDC_SIGNIN_ERRORS = {
  state: '登录请求已失效或已被使用，请重新点击登录按钮',
  source: '该登录方式不存在或已停用',
  unavailable: '身份源暂时无法连接，请稍后重试',
  issuer: '身份源的签发方与配置不符，请联系单位管理员',
  denied: '已在身份源取消登录',
  code: '身份源的登录凭证无效或已过期，请重新登录',
  token: '身份源返回的身份令牌未通过校验（签发方、受众、有效期或签名不符），请联系单位管理员',
  claims: '身份源没有提供用户名、手机号或工号，无法确定您的账号，请联系单位管理员',
  noAccount: '未找到与您的身份源账号对应的学途账号，请联系单位管理员',
  config: '该登录方式的配置有误（客户端密钥无法读取），请联系单位管理员',
  disabled: Msg.accountDisabled,
  cancelled: Msg.accountCancelled,
  expired: Msg.accountExpired,
  failed: '身份源登录失败，请重新登录',
} as const;
export type OidcSignInError = keyof typeof OIDC_SIGNIN_ERRORS;
