import { Client, Filter, InvalidCredentialsError } from 'ldapts';

// A company's LDAP / Active Directory as its people's password (issue 41 item 1): the service
// account finds the person by the connection's filter, then the person's own bind checks the
// password. What the directory says of the person comes back mapped to Xuetu's fields. This file
// speaks to the directory only; which account it signs in, and the lockout, are the sign-in's.

export interface LdapConnection {
  /** ldap:// or ldaps:// */
  url: string;
  bindDn: string;
  bindPassword: string;
  baseDn: string;
  /** a filter with `{username}` where the typed name goes (escaped), e.g. `(uid={username})` */
  userFilter: string;
  /** the directory's attribute for each of Xuetu's fields */
  attributes: { name: string; phone: string; email: string; jobNumber: string; department: string };
  /** how long the directory may take to answer each step (connect, bind, search); 5 s unless told */
  timeoutMs?: number;
}

export const LDAP_DEFAULT_ATTRIBUTES: LdapConnection['attributes'] = {
  name: 'cn',
  phone: 'mobile',
  email: 'mail',
  jobNumber: 'employeeNumber',
  department: 'ou',
};
export const LDAP_DEFAULT_FILTER = '(uid={username})';
const DEFAULT_TIMEOUT_MS = 5000;
const TEST_SAMPLE = 50;

/** A person as the directory describes them. */
export interface DirectoryPerson {
  dn: string;
  username: string;
  name: string;
  phone: string;
  email: string;
  jobNumber: string;
  department: string;
}

export type DirectorySignIn =
  | { kind: 'ok'; person: DirectoryPerson }
  /** the person exists and the password is not theirs (or is empty) */
  | { kind: 'wrongPassword' }
  /** nobody matches (or several do): unknown, removed, or disabled by the filter */
  | { kind: 'notFound' };

/** Why the directory could not be asked; `message` is what a person is told. */
export class DirectoryUnavailableError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'timeout' | 'serviceAccount' | 'badBaseDn',
    cause?: unknown,
  ) {
    super(DIRECTORY_MESSAGES[reason], { cause });
  }
}

/** What the administrator's 测试连接 and a refused sign-in say, by reason. */
export const DIRECTORY_MESSAGES = {
  unreachable: '身份源暂时无法连接，请稍后重试',
  timeout: '身份源暂时无法连接，请稍后重试',
  serviceAccount: '身份源的服务账号或密码不正确',
  badBaseDn: '身份源的搜索起点（Base DN）不存在',
} as const;

/** The connection's filter with the typed name in place of `{username}`, escaped (RFC 4515). */
export function userFilterFor(template: string, username: string): string {
  return template.split('{username}').join(Filter.escape(username));
}

function client(conn: LdapConnection): Client {
  const timeout = conn.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  return new Client({ url: conn.url, timeout, connectTimeout: timeout });
}

function unavailable(err: unknown): DirectoryUnavailableError {
  if (err instanceof DirectoryUnavailableError) return err;
  const text = `${(err as { code?: unknown })?.code ?? ''} ${(err as Error)?.message ?? ''}`.toLowerCase();
  return new DirectoryUnavailableError(text.includes('timeout') || text.includes('timed out') ? 'timeout' : 'unreachable', err);
}

/** Searches as the service account: its bind refused is the connection's fault, not the person's. */
async function serviceBind(ldap: Client, conn: LdapConnection): Promise<void> {
  try {
    await ldap.bind(conn.bindDn, conn.bindPassword);
  } catch (err) {
    if (err instanceof InvalidCredentialsError) throw new DirectoryUnavailableError('serviceAccount', err);
    throw unavailable(err);
  }
}

const first = (v: unknown): string => {
  const one = Array.isArray(v) ? v[0] : v;
  return one === undefined || one === null ? '' : Buffer.isBuffer(one) ? one.toString('utf8') : String(one);
};

/** The people the filter finds, or 'tooMany' when more than `sizeLimit` do. */
async function findPeople(ldap: Client, conn: LdapConnection, filter: string, sizeLimit: number): Promise<DirectoryPerson[] | 'tooMany'> {
  const a = conn.attributes;
  try {
    const { searchEntries } = await ldap.search(conn.baseDn, {
      scope: 'sub',
      filter,
      sizeLimit,
      attributes: [a.name, a.phone, a.email, a.jobNumber, a.department, 'uid', 'sAMAccountName'],
    });
    return searchEntries.map((e) => ({
      dn: e.dn,
      username: first(e.uid) || first(e.sAMAccountName),
      name: first(e[a.name]),
      phone: first(e[a.phone]),
      email: first(e[a.email]),
      jobNumber: first(e[a.jobNumber]),
      department: first(e[a.department]),
    }));
  } catch (err) {
    // 32: the base DN is not in the directory
    if ((err as { code?: number }).code === 32) throw new DirectoryUnavailableError('badBaseDn', err);
    // 4: more entries than asked for
    if ((err as { code?: number }).code === 4) return 'tooMany';
    throw unavailable(err);
  }
}

/**
 * Checks `password` against the directory for the person the connection's filter finds by
 * `username`. An empty password is refused before any bind (a simple bind with an empty password
 * is an anonymous bind, which directories accept). Throws DirectoryUnavailableError when the
 * directory cannot be asked (down, too slow, or the service account refused).
 */
export async function verifyDirectoryPassword(conn: LdapConnection, username: string, password: string): Promise<DirectorySignIn> {
  const name = username.trim();
  if (!name) return { kind: 'notFound' };
  const ldap = client(conn);
  try {
    await serviceBind(ldap, conn);
    // one person, or nobody: a name several people match signs nobody in
    const found = await findPeople(ldap, conn, userFilterFor(conn.userFilter, name), 2);
    if (found === 'tooMany' || found.length !== 1) return { kind: 'notFound' };
    if (password === '') return { kind: 'wrongPassword' };
    const person = found[0]!;
    try {
      await ldap.bind(person.dn, password);
    } catch (err) {
      if (err instanceof InvalidCredentialsError) return { kind: 'wrongPassword' };
      throw unavailable(err);
    }
    return { kind: 'ok', person };
  } catch (err) {
    throw unavailable(err);
  } finally {
    await ldap.unbind().catch(() => {});
  }
}

/**
 * Whether the directory still lets in the person an account stands for (the SMS code sign-in,
 * which has no password to bind with): the connection's filter with any name, and the account's
 * job number, phone or account code in the mapped attributes. Throws DirectoryUnavailableError.
 */
export async function directoryHasPerson(
  conn: LdapConnection,
  who: { jobNumber: string; phone: string; accountCode: string },
): Promise<boolean> {
  const a = conn.attributes;
  const eq = (attr: string, v: string) => `(${attr}=${Filter.escape(v)})`;
  const ways = [
    who.jobNumber ? eq(a.jobNumber, who.jobNumber) : '',
    who.phone ? eq(a.phone, who.phone) : '',
    who.accountCode ? `${eq('uid', who.accountCode)}${eq('sAMAccountName', who.accountCode)}` : '',
  ].join('');
  if (!ways) return false;
  const ldap = client(conn);
  try {
    await serviceBind(ldap, conn);
    const found = await findPeople(ldap, conn, `(&${conn.userFilter.split('{username}').join('*')}(|${ways}))`, 1);
    return found === 'tooMany' || found.length > 0;
  } catch (err) {
    throw unavailable(err);
  } finally {
    await ldap.unbind().catch(() => {});
  }
}

/** The administrator's 测试连接: binds as the service account and looks under the base DN; throws what failed. */
export async function testDirectory(conn: LdapConnection): Promise<{ people: number; more: boolean }> {
  const ldap = client(conn);
  try {
    await serviceBind(ldap, conn);
    // the filter with a wildcard for the name: everybody it would let sign in (the first 50)
    const found = await findPeople(ldap, conn, conn.userFilter.split('{username}').join('*'), TEST_SAMPLE);
    return found === 'tooMany' ? { people: TEST_SAMPLE, more: true } : { people: found.length, more: false };
  } catch (err) {
    throw unavailable(err);
  } finally {
    await ldap.unbind().catch(() => {});
  }
}

/** The installation's directory from the environment (LDAP_*), with whose people it holds; null when LDAP_URL is unset. */
export function directoryOfEnv(env: {
  LDAP_URL?: string;
  LDAP_BIND_DN: string;
  LDAP_BIND_PASSWORD: string;
  LDAP_BASE_DN?: string;
  LDAP_USER_FILTER: string;
  LDAP_COMPANY?: string;
  LDAP_AUTO_CREATE: boolean;
  LDAP_TIMEOUT_MS: number;
}): (LdapConnection & { company: string; autoCreate: boolean }) | null {
  if (!env.LDAP_URL || !env.LDAP_BASE_DN || !env.LDAP_COMPANY) return null;
  return {
    url: env.LDAP_URL,
    bindDn: env.LDAP_BIND_DN,
    bindPassword: env.LDAP_BIND_PASSWORD,
    baseDn: env.LDAP_BASE_DN,
    userFilter: env.LDAP_USER_FILTER,
    attributes: LDAP_DEFAULT_ATTRIBUTES,
    timeoutMs: env.LDAP_TIMEOUT_MS,
    company: env.LDAP_COMPANY,
    autoCreate: env.LDAP_AUTO_CREATE,
  };
}
