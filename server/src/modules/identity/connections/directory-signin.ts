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
import { DirectoryUnavailableError, directoryOfEnv, verifyDirectoryPassword } from './ldap.ts';

// The password sign-in with a company's directory (issue 41 item 1, LDAP_* in the environment):
// the people of that company sign in with their directory password only — a person the directory
// refuses, disabled or removed there, cannot fall back to a password of Xuetu's — and every other
// account keeps its own password, even while the directory is away.

export interface DirectoryOutcome {
  /** the company whose accounts sign in through the directory (their own passwords are not checked) */
  company: string;
  /** the account the directory vouched for (found, or created just now) */
  account?: AccountRow;
  /** the directory could not be asked */
  unavailable?: DirectoryUnavailableError;
}

/** Asks the installation's directory about `username` / `password`; null when no directory is configured. */
export async function askDirectory(caller: Caller, username: string, password: string): Promise<DirectoryOutcome | null> {
  const directory = directoryOfEnv(caller.ctx.env);
  if (!directory) return null;
  let answer: Awaited<ReturnType<typeof verifyDirectoryPassword>>;
  try {
    answer = await verifyDirectoryPassword(directory, username, password);
  } catch (err) {
    if (!(err instanceof DirectoryUnavailableError)) throw err;
    caller.log.warn({ reason: err.reason, err: err.cause }, 'directory sign-in: the directory could not be asked');
    return { company: directory.company, unavailable: err };
  }
  if (answer.kind !== 'ok') return { company: directory.company };
  const found = await findDirectoryAccount(caller.ctx.db, directory.company, answer.person);
  if (!found && !directory.autoCreate) return { company: directory.company };
  // the directory activates the account: a password of Xuetu's nobody knows (they sign in with the
  // directory's; the company's accounts never sign in with a Xuetu password while it is configured)
  if (found?.passwordHash) return { company: directory.company, account: found };
  const unknowable = await hashPassword(randomBytes(32).toString('base64url'));
  const person = answer.person;
  const id = await inTransaction(caller, async (tx) => {
    if (!found) return insertDirectoryAccount(tx, directory.company, person, unknowable, caller.now);
    await activateDirectoryAccount(tx, found.id, unknowable, caller.now);
    return found.id;
  });
  return { company: directory.company, account: await findAccountById(caller.ctx.db, id) };
}

/** The refusal when nothing matched: the directory being away is said as such, not as a wrong password. */
export function directoryRefusal(outcome: DirectoryOutcome | null): never {
  throw appError(outcome?.unavailable ? 'DIRECTORY_UNAVAILABLE' : 'LOGIN_FAILED');
}
