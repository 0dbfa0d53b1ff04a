import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Env, ParsedEnv } from '../config/env.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { installationValues } from '../db/schema/index.ts';

/**
 * The value stored under `name`, created by `make` on first use. Every node of a deployment
 * shares the database, so they all read the same value; concurrent first starts agree because
 * only the first insert wins.
 */
export async function installationValue(db: Db, name: string, make: () => string): Promise<string> {
  await db.insert(installationValues).values({ name, value: make() }).onConflictDoNothing();
  const [row] = await db.select({ value: installationValues.value }).from(installationValues).where(eq(installationValues.name, name));
  return row.value;
}

/** The value stored under `name`, or undefined. */
export async function readInstallationValue(db: DbOrTx, name: string): Promise<string | undefined> {
  const [row] = await db.select({ value: installationValues.value }).from(installationValues).where(eq(installationValues.name, name));
  return row?.value;
}

/** Stores `value` under `name`, replacing what was there. */
export async function putInstallationValue(db: DbOrTx, name: string, value: string): Promise<void> {
  await db.insert(installationValues).values({ name, value }).onConflictDoUpdate({ target: installationValues.name, set: { value } });
}

/** A random id for this installation (one database = one installation). */
export const installationId = (db: Db) => installationValue(db, 'installation_id', () => randomUUID());

/** A random secret generated once and kept in the database (used when the env does not set one). */
export const generatedSecret = (db: Db, name: string) =>
  installationValue(db, `secret:${name}`, () => randomBytes(32).toString('base64url'));

/** The Redis key prefix: REDIS_PREFIX, else one unique to this installation's database. */
export function redisPrefixFor(configured: string | undefined, id: string): string {
  return configured ?? `xuetu:${id.replace(/-/g, '').slice(0, 16)}:`;
}

/** Fills CAPTCHA_SECRET / SSO_SHARED_SECRET, when unset, with random secrets kept in the database. */
export async function withInstallationSecrets(db: Db, env: ParsedEnv): Promise<Env> {
  return {
    ...env,
    CAPTCHA_SECRET: env.CAPTCHA_SECRET ?? (await generatedSecret(db, 'captcha')),
    SSO_SHARED_SECRET: env.SSO_SHARED_SECRET ?? (await generatedSecret(db, 'sso')),
  };
}
