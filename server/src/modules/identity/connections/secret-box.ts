import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

// The secrets of identity connections (an LDAP service account's password; later OIDC client
// secrets and the work platforms' app secrets) are kept encrypted at rest (DESIGN.md §4, issue
// 41): AES-256-GCM under CONNECTION_SECRET_KEY, a key that lives in the environment and never in
// the database. A sealed value names the key it was sealed with (a fingerprint, not the key), so a
// changed key is told apart from a damaged value, and is bound to its company (GCM's additional
// data): a sealed secret copied into another company's row does not open.

const VERSION = 'v1';

/** Why a sealed secret did not open; `message` is for the log, the page says it in Chinese. */
export class SecretBoxError extends Error {
  constructor(readonly reason: 'noKey' | 'otherKey' | 'damaged') {
    super(
      reason === 'noKey'
        ? 'CONNECTION_SECRET_KEY is not set'
        : reason === 'otherKey'
          ? 'the secret was sealed with another CONNECTION_SECRET_KEY'
          : 'the sealed secret does not open with CONNECTION_SECRET_KEY (damaged or moved)',
    );
  }
}

/** The 32-byte key of CONNECTION_SECRET_KEY (base64 or hex, checked by config/env.ts); null when unset. */
export function connectionKey(env: { CONNECTION_SECRET_KEY?: string }): Buffer | null {
  const v = env.CONNECTION_SECRET_KEY?.trim();
  if (!v) return null;
  const key = /^[0-9a-fA-F]{64}$/.test(v) ? Buffer.from(v, 'hex') : Buffer.from(v, 'base64');
  return key.length === 32 ? key : null;
}

const fingerprint = (key: Buffer) => createHash('sha256').update('xuetu-connection-secret:').update(key).digest('hex').slice(0, 12);
const b64 = (b: Buffer) => b.toString('base64url');

/** Seals `plain` for a connection of `company`: `v1.<key fingerprint>.<iv>.<tag>.<ciphertext>`. */
export function sealSecret(key: Buffer | null, company: string, plain: string): string {
  if (!key) throw new SecretBoxError('noKey');
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(`identity_connection:${company}`, 'utf8'));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, fingerprint(key), b64(iv), b64(cipher.getAuthTag()), b64(body)].join('.');
}

/** Opens a value of `sealSecret`; throws SecretBoxError when it cannot. */
export function openSecret(key: Buffer | null, company: string, sealed: string): string {
  if (!key) throw new SecretBoxError('noKey');
  const [version, keyId, iv, tag, body, ...rest] = sealed.split('.');
  if (version !== VERSION || !keyId || iv === undefined || tag === undefined || body === undefined || rest.length)
    throw new SecretBoxError('damaged');
  if (keyId !== fingerprint(key)) throw new SecretBoxError('otherKey');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(`identity_connection:${company}`, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('damaged');
  }
}
