import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A real OpenLDAP server for the tests of the directory sign-in (issue 41 item 6): Debian's
// `slapd` (installed by .ci/run), started on a free loopback port with a configuration and a
// database of its own in a temporary folder, seeded with `slapadd`, stopped at the end. The
// system's own slapd (if any) is not touched.

export const SLAPD = '/usr/sbin/slapd';
const HAS_SLAPD = existsSync(SLAPD);

/**
 * Whether `file`'s directory tests run here (`describe.runIf(runsSlapd('x.test'))`): on a laptop
 * without slapd they are left out with a warning; in CI (CI=true; .ci/run installs slapd) they
 * always run, so a missing slapd there fails them instead of leaving them out unseen.
 */
export function runsSlapd(file: string): boolean {
  if (process.env.CI) return true;
  if (!HAS_SLAPD)
    console.warn(`${file}: slapd is not installed here (apt-get install slapd); its directory tests do not run (CI always runs them)`);
  return HAS_SLAPD;
}
export const BASE_DN = 'dc=xuetu,dc=test';
export const ADMIN_DN = `cn=admin,${BASE_DN}`;
export const ADMIN_PASSWORD = 'admin-secret';

export interface DirectoryEntry {
  uid: string;
  password: string;
  cn: string;
  mobile?: string;
  mail?: string;
  employeeNumber?: string;
  ou?: string;
  /** employeeType: `disabled` marks a person the directory has switched off */
  employeeType?: string;
}

export interface Slapd {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const b64 = (v: string) => Buffer.from(v, 'utf8').toString('base64');

function ldif(people: DirectoryEntry[], units: string[]): string {
  const blocks = [
    `dn: ${BASE_DN}\nobjectClass: dcObject\nobjectClass: organization\ndc: xuetu\no: xuetu`,
    `dn: ou=people,${BASE_DN}\nobjectClass: organizationalUnit\nou: people`,
    ...units.map((u) => `dn:: ${b64(`ou=${u},ou=people,${BASE_DN}`)}\nobjectClass: organizationalUnit\nou:: ${b64(u)}`),
  ];
  for (const p of people) {
    const parent = p.ou ? `ou=${p.ou},ou=people,${BASE_DN}` : `ou=people,${BASE_DN}`;
    const lines = [
      `dn:: ${b64(`uid=${p.uid},${parent}`)}`,
      'objectClass: inetOrgPerson',
      `uid: ${p.uid}`,
      `cn:: ${b64(p.cn)}`,
      `sn:: ${b64(p.cn)}`,
      `userPassword:: ${b64(p.password)}`,
    ];
    if (p.mobile) lines.push(`mobile: ${p.mobile}`);
    if (p.mail) lines.push(`mail: ${p.mail}`);
    if (p.employeeNumber) lines.push(`employeeNumber: ${p.employeeNumber}`);
    if (p.ou) lines.push(`ou:: ${b64(p.ou)}`);
    if (p.employeeType) lines.push(`employeeType: ${p.employeeType}`);
    blocks.push(lines.join('\n'));
  }
  return `${blocks.join('\n\n')}\n`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function answers(port: number): Promise<boolean> {
  const { Client } = await import('ldapts');
  const client = new Client({ url: `ldap://127.0.0.1:${port}`, connectTimeout: 500, timeout: 500 });
  try {
    await client.bind(ADMIN_DN, ADMIN_PASSWORD);
    return true;
  } catch {
    return false;
  } finally {
    await client.unbind().catch(() => {});
  }
}

/** Starts slapd with `people` (under ou=people, in their `ou` when given) and answers once it takes a bind. */
export async function startSlapd(people: DirectoryEntry[]): Promise<Slapd> {
  const dir = mkdtempSync(join(tmpdir(), 'xuetu-slapd-'));
  mkdirSync(join(dir, 'data'));
  const conf = join(dir, 'slapd.conf');
  writeFileSync(
    conf,
    [
      'include /etc/ldap/schema/core.schema',
      'include /etc/ldap/schema/cosine.schema',
      'include /etc/ldap/schema/inetorgperson.schema',
      'modulepath /usr/lib/ldap',
      'moduleload back_mdb',
      `pidfile ${join(dir, 'slapd.pid')}`,
      'database mdb',
      'maxsize 16777216',
      `suffix "${BASE_DN}"`,
      `rootdn "${ADMIN_DN}"`,
      `rootpw ${ADMIN_PASSWORD}`,
      `directory ${join(dir, 'data')}`,
      'access to attrs=userPassword by self write by anonymous auth by * none',
      'access to * by users read by * none',
      '',
    ].join('\n'),
  );
  const units = [...new Set(people.flatMap((p) => (p.ou ? [p.ou] : [])))];
  const seed = join(dir, 'seed.ldif');
  writeFileSync(seed, ldif(people, units));
  const added = spawnSync('/usr/sbin/slapadd', ['-f', conf, '-l', seed], { encoding: 'utf8' });
  if (added.status !== 0) throw new Error(`slapadd failed: ${added.stderr}`);
  const port = await freePort();
  // -d 0: stay in the foreground (no fork), so the test owns the process
  const child: ChildProcess = spawn(SLAPD, ['-f', conf, '-h', `ldap://127.0.0.1:${port}/`, '-d', '0'], { stdio: 'ignore' });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (await answers(port)) return { url: `ldap://127.0.0.1:${port}`, port, stop };
    await new Promise((r) => setTimeout(r, 100));
  }
  await stop();
  throw new Error('slapd did not answer within 10 s');
}
