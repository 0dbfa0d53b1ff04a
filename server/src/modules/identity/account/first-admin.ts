import { PHONE_PATTERN } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { putInstallationValue, readInstallationValue } from '../../../platform/installation.ts';
import { generateTemporaryPassword, hashPassword } from '../../../platform/passwords.ts';
import { inTransaction } from '../../../platform/tx.ts';
import {
  findAccountCodeHolder,
  findPlatformAdmins,
  insertPlatformAdmin,
  type PlatformAdminRow,
  updatePendingAdmin,
} from '../../directory/public.ts';

// The first platform administrator of a production installation (issue 38 item 5): the demo
// accounts are never seeded there, so `npm run admin:create` makes the account with a temporary
// password, printed once and kept only as its hash, as an administrator's password reset does.
// The account signs in at /login with it and can do nothing but choose its own password (the
// forced change: PasswordChangeGate, EditTemporaryPassWord, which asks the temporary one as the
// current password). The temporary password is refused at sign-in a day after it was printed;
// a new run, until the administrator has chosen a password, prints a new one (the old stops
// working). Refused once an administrator has chosen one: further administrators are added in
// 用户管理 by one who has.

export const SETUP_HOURS = 24;
const ACCOUNT_PATTERN = /^[A-Za-z0-9_.@-]{2,50}$/;
const NAME_MAX = 50;

/** A refusal of the command, said to the operator (the command prints it and exits 1). */
export class FirstAdminRefused extends Error {}

/** none: nobody can administer the platform; pending: created, no password of its own chosen yet. */
export type AdminState = { state: 'none' } | { state: 'pending'; accountCode: string } | { state: 'ready'; accountCode: string };

const isReady = (a: PlatformAdminRow) => a.status === 1 && !a.mustChangePassword;

export async function platformAdminState(db: DbOrTx): Promise<AdminState> {
  const admins = await findPlatformAdmins(db);
  const ready = admins.find(isReady);
  if (ready) return { state: 'ready', accountCode: ready.accountCode };
  const pending = admins.find((a) => a.status === 1);
  return pending ? { state: 'pending', accountCode: pending.accountCode } : { state: 'none' };
}

/** Where the temporary password's expiry is kept: tied to that password's hash, so any later password (a reset) is not bound by it. */
const setupKey = (userId: number) => `admin_setup:${userId}`;
interface SetupRecord {
  passwordHash: string;
  expiresAt: string;
}

export interface FirstAdminInput {
  phone: string;
  name: string;
  /** account code; default `admin` */
  account?: string;
}

/**
 * Creates the first platform administrator with a temporary password (or, while that one has not
 * chosen a password yet, gives it a new temporary password). Answers the password once.
 */
export async function createFirstAdmin(
  caller: Caller,
  input: FirstAdminInput,
): Promise<{ accountCode: string; temporaryPassword: string; expiresAt: Date }> {
  const phone = input.phone.trim();
  const name = input.name.trim();
  const accountCode = (input.account ?? 'admin').trim();
  if (!PHONE_PATTERN.test(phone))
    throw new FirstAdminRefused(`--phone ${JSON.stringify(phone)}: not a mainland mobile number (11 digits, 1[3-9]…)`);
  if (!name || name.length > NAME_MAX) throw new FirstAdminRefused(`--name: 1–${NAME_MAX} characters`);
  if (!ACCOUNT_PATTERN.test(accountCode))
    throw new FirstAdminRefused(`--account ${JSON.stringify(accountCode)}: 2–50 of A-Z a-z 0-9 _ . @ -`);
  const temporaryPassword = generateTemporaryPassword();
  const passwordHash = await hashPassword(temporaryPassword);
  const expiresAt = new Date(caller.now.getTime() + SETUP_HOURS * 3600_000);
  await inTransaction(caller, async (tx) => {
    const state = await platformAdminState(tx);
    if (state.state === 'ready')
      throw new FirstAdminRefused(
        `a platform administrator already exists (account ${state.accountCode}): sign in as them and add administrators in 用户管理; a forgotten password is reset with 忘记密码`,
      );
    const holder = await findAccountCodeHolder(tx, accountCode);
    if (holder && !holder.isPlatformAdmin)
      throw new FirstAdminRefused(`account ${accountCode} belongs to another user: choose another with --account`);
    if (state.state === 'pending' && state.accountCode.toLowerCase() !== accountCode.toLowerCase())
      throw new FirstAdminRefused(
        `administrator ${state.accountCode} has not chosen a password yet: run again with --account ${state.accountCode} for a new temporary password`,
      );
    let userId: number;
    if (holder) {
      userId = holder.id;
      await updatePendingAdmin(tx, userId, { chnName: name, mobile: phone, passwordHash, now: caller.now });
    } else {
      userId = await insertPlatformAdmin(tx, { accountCode, chnName: name, mobile: phone, passwordHash, now: caller.now });
    }
    const record: SetupRecord = { passwordHash, expiresAt: expiresAt.toISOString() };
    await putInstallationValue(tx, setupKey(userId), JSON.stringify(record));
  });
  return { accountCode, temporaryPassword, expiresAt };
}

/**
 * True when `user` still has the temporary password admin:create gave it and that password's day
 * is over: sign-in with it is refused (run admin:create again). Any other password never expires here.
 */
export async function setupPasswordExpired(caller: Caller, user: { id: number; passwordHash: string | null; mustChangePassword: boolean }) {
  if (!user.mustChangePassword || !user.passwordHash) return false;
  const stored = await readInstallationValue(caller.ctx.db, setupKey(user.id));
  if (!stored) return false;
  const record = JSON.parse(stored) as SetupRecord;
  return record.passwordHash === user.passwordHash && new Date(record.expiresAt).getTime() <= caller.now.getTime();
}
