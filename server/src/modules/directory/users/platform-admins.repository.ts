import { SysRole } from '@xuetu/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { roles, userRoles, users } from '../schema/users.ts';

// The platform administrators as the first-administrator set-up (identity/account/first-admin.ts)
// and the start log see them: people holding the built-in role of sysRoleEnum PlatformAdmin.

export interface PlatformAdminRow {
  id: number;
  accountCode: string;
  status: number;
  mustChangePassword: boolean;
}

/** Platform administrators not cancelled, oldest first. */
export async function findPlatformAdmins(db: DbOrTx): Promise<PlatformAdminRow[]> {
  return db
    .selectDistinct({ id: users.id, accountCode: users.accountCode, status: users.status, mustChangePassword: users.mustChangePassword })
    .from(users)
    .innerJoin(userRoles, eq(userRoles.userId, users.id))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(eq(roles.sysRoleEnum, SysRole.PlatformAdmin), isNull(roles.companySysCode), isNull(users.cancelledAt)))
    .orderBy(users.id);
}

/** The user whose account code is `code` (any case), with whether they are a platform administrator. */
export async function findAccountCodeHolder(db: DbOrTx, code: string): Promise<{ id: number; isPlatformAdmin: boolean } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.accountCode})`, code.toLowerCase()))
    .limit(1);
  if (!row) return undefined;
  const admins = await findPlatformAdmins(db);
  return { id: row.id, isPlatformAdmin: admins.some((a) => a.id === row.id) };
}

/**
 * A platform administrator (no company) who must choose a password at first sign-in (`passwordHash`
 * is of a temporary one). Holds only the built-in administrator role.
 */
export async function insertPlatformAdmin(
  db: DbOrTx,
  values: { accountCode: string; chnName: string; mobile: string; passwordHash: string; now: Date },
): Promise<number> {
  const [admin] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.sysRoleEnum, SysRole.PlatformAdmin), isNull(roles.companySysCode)))
    .orderBy(roles.id)
    .limit(1);
  if (!admin) throw new Error('the built-in administrator role is missing (the start-up sync creates it)');
  const [row] = await db
    .insert(users)
    .values({
      accountCode: values.accountCode,
      chnName: values.chnName,
      mobile: values.mobile,
      userType: 'SysUser',
      companySysCode: null,
      passwordHash: values.passwordHash,
      mustChangePassword: true,
      createdAt: values.now,
      updatedAt: values.now,
    })
    .returning({ id: users.id });
  await db.insert(userRoles).values({ userId: row.id, roleId: admin.id });
  return row.id;
}

/** An administrator still to choose a password: the name, phone and temporary password of the latest `admin:create`. */
export async function updatePendingAdmin(
  db: DbOrTx,
  id: number,
  values: { chnName: string; mobile: string; passwordHash: string; now: Date },
): Promise<void> {
  await db
    .update(users)
    .set({
      chnName: values.chnName,
      mobile: values.mobile,
      passwordHash: values.passwordHash,
      mustChangePassword: true,
      updatedAt: values.now,
    })
    .where(eq(users.id, id));
}
