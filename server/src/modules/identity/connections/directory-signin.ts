import { randomBytes } from 'node:crypto';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { hashPassword } from '../../../platform/passwords.ts';
import { inTransaction } from '../../../platform/tx.ts';
import {
  type AccountRow,
  activateDirectoryAccount,
  findAccountById,
  findDirectoryAccount,
  insertDirectoryAccount,
} from '../../directory/public.ts';
import { enabledConnectionsOfKind } from './connections.repository.ts';
import { ldapConnectionOf } from './connections.service.ts';
import {
  type DirectoryPerson,
  DirectoryUnavailableError,
  directoryHasPerson,
  directoryOfEnv,
  type LdapConnection,
  verifyDirectoryPassword,
} from './ldap.ts';
import { SecretBoxError } from './secret-box.ts';

// The password sign-in with companies' directories (issue 41 item 1): the one of the environment
// (LDAP_*, a single-company installation) and every enabled LDAP connection of the 身份源 page.
// The people of a company with a directory sign in with their directory password only — a person
// the directory refuses, disabled or removed there, cannot fall back to a password of Xuetu's —
// and every other account keeps its own password, even while a directory is away.

type Directory = LdapConnection & { company: string; autoCreate: boolean; source: string };

export interface DirectoryOutcome {
  /** the companies whose accounts sign in through a directory (their own passwords are not checked) */
  companies: Set<string>;
  /** the accounts the directories vouched for (found, or created just now) */
  accounts: AccountRow[];
  /** a directory could not be asked (or its connection's secret could not be opened) */
  unavailable?: DirectoryUnavailableError;
}

/** The directories to ask: the environment's and the enabled LDAP connections (one whose secret does not open is away). */
async function directoriesOf(
  caller: Caller,
): Promise<{ directories: Directory[]; broken: { company: string; err: DirectoryUnavailableError }[] }> {
  const directories: Directory[] = [];
  const broken: { company: string; err: DirectoryUnavailableError }[] = [];
  const fromEnv = directoryOfEnv(caller.ctx.env);
  if (fromEnv) directories.push({ ...fromEnv, source: 'env' });
  for (const row of await enabledConnectionsOfKind(caller.ctx.db, 'ldap')) {
    try {
      directories.push({ ...ldapConnectionOf(caller, row), source: `connection ${row.id}` });
    } catch (err) {
      if (!(err instanceof SecretBoxError)) throw err;
      caller.log.error(
        { connection: row.id, reason: err.reason },
        `directory sign-in: the connection's secret does not open (${err.message})`,
      );
      broken.push({ company: row.companySysCode, err: new DirectoryUnavailableError('serviceAccount', err) });
    }
  }
  return { directories, broken };
}

/**
 * The account of `person` in the source's company only: found, or created / activated now (the
 * source allowing). Also the OpenID Connect sign-in's (oidc-signin.ts).
 */
export async function accountFor(
  caller: Caller,
  directory: { company: string; autoCreate: boolean },
  person: Omit<DirectoryPerson, 'dn'>,
): Promise<AccountRow | undefined> {
  const found = await findDirectoryAccount(caller.ctx.db, directory.company, person);
  if (!found && !directory.autoCreate) return undefined;
  // the directory activates the account: a password of Xuetu's nobody knows (they sign in with the
  // directory's; the company's accounts never sign in with a Xuetu password while it has a directory)
  if (found?.passwordHash) return found;
  const unknowable = await hashPassword(randomBytes(32).toString('base64url'));
  const id = await inTransaction(caller, async (tx) => {
    if (!found) return insertDirectoryAccount(tx, directory.company, person, unknowable, caller.now);
    await activateDirectoryAccount(tx, found.id, unknowable, caller.now);
    return found.id;
  });
  return findAccountById(caller.ctx.db, id);
}

/** Asks every directory about `username` / `password` (at once); null when none is configured. */
export async function askDirectory(caller: Caller, username: string, password: string): Promise<DirectoryOutcome | null> {
  const { directories, broken } = await directoriesOf(caller);
  if (!directories.length && !broken.length) return null;
  const outcome: DirectoryOutcome = {
    companies: new Set([...directories.map((d) => d.company), ...broken.map((b) => b.company)]),
    accounts: [],
    unavailable: broken[0]?.err,
  };
  const answers = await Promise.all(
    directories.map(async (directory) => {
      try {
        return { directory, answer: await verifyDirectoryPassword(directory, username, password) };
      } catch (err) {
        if (!(err instanceof DirectoryUnavailableError)) throw err;
        caller.log.warn(
          { reason: err.reason, source: directory.source, err: err.cause },
          'directory sign-in: the directory could not be asked',
        );
        outcome.unavailable ??= err;
        return null;
      }
    }),
  );
  for (const a of answers) {
    if (a?.answer.kind !== 'ok') continue;
    const account = await accountFor(caller, a.directory, a.answer.person);
    if (account && !outcome.accounts.some((u) => u.id === account.id)) outcome.accounts.push(account);
  }
  return outcome;
}

/**
 * The accounts of `accounts` that may sign in without a password (the SMS code): an account of a
 * company with a directory only while one of its directories still lets the person in — a person
 * the directory disabled or removed cannot sign in by code either. A directory that cannot be
 * asked keeps its company's accounts out (as the password sign-in does).
 */
export async function stillInDirectory<
  A extends { companySysCode: string | null; jobNum: string | null; mobile: string | null; accountCode: string },
>(caller: Caller, accounts: A[]): Promise<A[]> {
  if (!accounts.length) return accounts;
  const { directories, broken } = await directoriesOf(caller);
  const governed = new Set([...directories.map((d) => d.company), ...broken.map((b) => b.company)]);
  const kept: A[] = [];
  for (const account of accounts) {
    if (!account.companySysCode || !governed.has(account.companySysCode)) {
      kept.push(account);
      continue;
    }
    const who = { jobNumber: account.jobNum ?? '', phone: account.mobile ?? '', accountCode: account.accountCode };
    for (const directory of directories.filter((d) => d.company === account.companySysCode)) {
      try {
        if (await directoryHasPerson(directory, who)) {
          kept.push(account);
          break;
        }
      } catch (err) {
        if (!(err instanceof DirectoryUnavailableError)) throw err;
        caller.log.warn({ reason: err.reason, source: directory.source, err: err.cause }, 'code sign-in: the directory could not be asked');
      }
    }
  }
  return kept;
}

/**
 * The refusal when nothing matched. A directory being away is said as such (not counted as a
 * wrong password) only when the name is nobody's local account: a wrong password of a local
 * account stays a wrong password, so a directory that is down opens no way around the lockout.
 */
export function directoryRefusal(outcome: DirectoryOutcome | null, localCandidates: number): never {
  throw appError(outcome?.unavailable && localCandidates === 0 ? 'DIRECTORY_UNAVAILABLE' : 'LOGIN_FAILED');
}
