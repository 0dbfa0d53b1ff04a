import { createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_DN, ADMIN_PASSWORD, BASE_DN, freePort, runsSlapd, type Slapd, startSlapd } from '../../../../test/slapd.ts';
import {
  DirectoryUnavailableError,
  LDAP_DEFAULT_ATTRIBUTES,
  type LdapConnection,
  testDirectory,
  userFilterFor,
  verifyDirectoryPassword,
} from './ldap.ts';

// Issue 41 items 1 and 6: the directory sign-in against a real OpenLDAP (Debian's slapd, started
// by test/slapd.ts on a port of its own): a bind as the service account, the person found by the
// connection's filter, their own bind for the password; and what happens when the directory is
// down, silent, or misconfigured.
let slapd: Slapd | undefined;
let conn: LdapConnection;
const RUNS = runsSlapd('ldap.test');

beforeAll(async () => {
  if (!RUNS) return;
  slapd = await startSlapd([
    {
      uid: 'zhang.san',
      password: 'Dir@2026',
      cn: '张三',
      ou: '仓储部',
      mobile: '13800000001',
      mail: 'zs@xuetu.test',
      employeeNumber: 'E001',
    },
    { uid: 'li.si', password: 'Other@2026', cn: '李四', ou: '运输部', employeeNumber: 'E002' },
    { uid: 'wang.wu', password: 'Gone@2026', cn: '王五', ou: '运输部', employeeType: 'disabled' },
    // two entries a loose filter would both find
    { uid: 'twin', password: 'Twin@2026', cn: '双一', ou: '仓储部' },
    { uid: 'twin2', password: 'Twin@2026', cn: '双一', ou: '运输部' },
  ]);
  conn = {
    url: slapd.url,
    bindDn: ADMIN_DN,
    bindPassword: ADMIN_PASSWORD,
    baseDn: `ou=people,${BASE_DN}`,
    userFilter: '(&(objectClass=inetOrgPerson)(uid={username})(!(employeeType=disabled)))',
    attributes: LDAP_DEFAULT_ATTRIBUTES,
    timeoutMs: 2000,
  };
});
afterAll(() => slapd?.stop());

describe.runIf(RUNS)('the directory password', () => {
  it('signs a directory person in with their password and tells what the directory holds of them', async () => {
    const r = await verifyDirectoryPassword(conn, 'zhang.san', 'Dir@2026');
    expect(r).toEqual({
      kind: 'ok',
      person: {
        dn: `uid=zhang.san,ou=仓储部,ou=people,${BASE_DN}`,
        username: 'zhang.san',
        name: '张三',
        phone: '13800000001',
        email: 'zs@xuetu.test',
        jobNumber: 'E001',
        department: '仓储部',
      },
    });
  });

  it('refuses a wrong password, and an empty one without binding anonymously', async () => {
    expect(await verifyDirectoryPassword(conn, 'zhang.san', 'Dir@2025')).toEqual({ kind: 'wrongPassword' });
    expect(await verifyDirectoryPassword(conn, 'zhang.san', '')).toEqual({ kind: 'wrongPassword' });
    // another person's password is not this one's
    expect(await verifyDirectoryPassword(conn, 'zhang.san', 'Other@2026')).toEqual({ kind: 'wrongPassword' });
  });

  it('finds nobody for an unknown name, a person the directory disabled, or a name several people match', async () => {
    expect(await verifyDirectoryPassword(conn, 'nobody', 'x')).toEqual({ kind: 'notFound' });
    expect(await verifyDirectoryPassword(conn, 'wang.wu', 'Gone@2026')).toEqual({ kind: 'notFound' });
    expect(await verifyDirectoryPassword({ ...conn, userFilter: '(cn={username})' }, '双一', 'Twin@2026')).toEqual({ kind: 'notFound' });
    expect(await verifyDirectoryPassword(conn, '  ', 'x')).toEqual({ kind: 'notFound' });
  });

  it('escapes the typed name: filter syntax in it matches nobody instead of widening the search', async () => {
    expect(userFilterFor('(uid={username})', 'a*)(uid=*')).toBe('(uid=a\\2a\\29\\28uid=\\2a)');
    for (const name of ['*', 'zhang*', '*)(uid=*', 'zhang.san)(|(uid=*']) {
      expect(await verifyDirectoryPassword(conn, name, 'Dir@2026')).toEqual({ kind: 'notFound' });
    }
  });

  it('says the service account is wrong, or the base DN is not there, rather than blaming the person', async () => {
    await expect(verifyDirectoryPassword({ ...conn, bindPassword: 'nope' }, 'zhang.san', 'Dir@2026')).rejects.toMatchObject({
      reason: 'serviceAccount',
      message: '身份源的服务账号或密码不正确',
    });
    await expect(testDirectory({ ...conn, baseDn: `ou=nowhere,${BASE_DN}` })).rejects.toMatchObject({ reason: 'badBaseDn' });
  });

  it('test connection counts whom the filter lets in', async () => {
    expect(await testDirectory(conn)).toEqual({ people: 4, more: false });
  });
});

describe.runIf(RUNS)('a directory that does not answer', () => {
  it('a closed port: unavailable at once, in Chinese', async () => {
    const port = await freePort();
    const err = await verifyDirectoryPassword({ ...conn, url: `ldap://127.0.0.1:${port}` }, 'zhang.san', 'Dir@2026').catch((e) => e);
    expect(err).toBeInstanceOf(DirectoryUnavailableError);
    expect(err.message).toBe('身份源暂时无法连接，请稍后重试');
  });

  it('a server that takes the connection and never answers: unavailable after the connection’s timeout', async () => {
    const sockets: Socket[] = [];
    const silent: Server = createServer((s) => sockets.push(s));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as { port: number };
    try {
      const err = await verifyDirectoryPassword({ ...conn, url: `ldap://127.0.0.1:${port}`, timeoutMs: 300 }, 'zhang.san', 'x').catch(
        (e) => e,
      );
      expect(err).toBeInstanceOf(DirectoryUnavailableError);
      expect(err.message).toBe('身份源暂时无法连接，请稍后重试');
    } finally {
      for (const s of sockets) s.destroy();
      silent.close();
    }
  });
});
