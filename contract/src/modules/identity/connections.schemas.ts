import { z } from 'zod';
import { optId, text } from '../directory/fields.schemas.ts';

// A company's identity connections (身份源, issue 41): the kind, its settings (non-secret, returned
// to the page) and its secret (the bind password: stored encrypted, never returned; the page sees
// `bindPasswordSet`). LDAP is the kind built so far; the others are named so the kind stays open.

export const CONNECTION_KINDS = ['ldap', 'oidc', 'wecom', 'dingtalk', 'feishu'] as const;
export type ConnectionKind = (typeof CONNECTION_KINDS)[number];
/** the kinds a connection can be saved as today */
export const CONNECTION_KINDS_BUILT: readonly ConnectionKind[] = ['ldap'];
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
  timeoutMs: z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? 5000 : v),
    z.coerce
      .number({ error: ConnectionMsg.timeoutInvalid })
      .int(ConnectionMsg.timeoutInvalid)
      .min(ConnectionLimits.timeoutMin, ConnectionMsg.timeoutInvalid)
      .max(ConnectionLimits.timeoutMax, ConnectionMsg.timeoutInvalid),
  ),
});
export type LdapSettings = z.output<typeof ldapSettings>;

const kind = z.enum(CONNECTION_KINDS, { error: ConnectionMsg.kindInvalid });
/** the bind password as typed: '' keeps the saved one */
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

export const connectionSaveBody = z.object({
  /** absent or 0: a new connection */
  id: optId,
  /** the company (platform staff name it; a company administrator's own company otherwise) */
  companySysCode: text(100).default(''),
  kind,
  name: text(ConnectionLimits.nameMax).pipe(z.string().min(1, ConnectionMsg.nameRequired)),
  enabled: bool(true),
  settings: ldapSettings,
  bindPassword: secret.default(''),
  /** true: forget the saved bind password (an anonymous search) */
  clearBindPassword: bool(false),
});
export type ConnectionSaveBody = z.input<typeof connectionSaveBody>;

/** 测试连接: the settings as the form holds them; with `id`, an empty password means the saved one. */
export const connectionTestBody = z.object({
  id: optId,
  companySysCode: text(100).default(''),
  kind,
  settings: ldapSettings,
  bindPassword: secret.default(''),
});
export type ConnectionTestBody = z.input<typeof connectionTestBody>;

export interface IdentitySourceView {
  id: number;
  companySysCode: string;
  companyName: string;
  kind: ConnectionKind;
  kindName: string;
  name: string;
  enabled: boolean;
  settings: LdapSettings;
  /** a bind password is saved (its value never leaves the server) */
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
  /** `unreachable` | `timeout` | `bindRefused` | `badBaseDn` | `secretUnreadable` when not ok */
  reason: string;
  people: number;
  more: boolean;
}
