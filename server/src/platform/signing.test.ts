import { describe, expect, it } from 'vitest';
import { deriveSigningKey, signToken, verifyToken } from './signing.ts';

// pure functions: no app needed
const key = deriveSigningKey('a-deployment-secret-of-some-length');
const now = new Date('2026-06-01T00:00:00Z');
const inFiveMinutes = new Date(now.getTime() + 300_000);

describe('signed tokens', () => {
  it('verify for the same purpose and binding until they expire', () => {
    const token = signToken(key, { purpose: 'file', subject: 'private/a.pdf', binding: '42', expiresAt: inFiveMinutes });
    expect(verifyToken(key, token, { purpose: 'file', binding: '42', now })?.subject).toBe('private/a.pdf');
    expect(verifyToken(key, token, { purpose: 'file', binding: '42', now: new Date(inFiveMinutes.getTime() - 1000) })).not.toBeNull();
    expect(verifyToken(key, token, { purpose: 'file', binding: '42', now: inFiveMinutes })).toBeNull();
  });

  it('refuse another binding, another purpose, another key and any change to the token', () => {
    const token = signToken(key, { purpose: 'file', subject: 'private/a.pdf', binding: '42', expiresAt: inFiveMinutes });
    expect(verifyToken(key, token, { purpose: 'file', binding: '43', now })).toBeNull();
    expect(verifyToken(key, token, { purpose: 'file', now })).toBeNull();
    expect(verifyToken(key, token, { purpose: 'media', binding: '42', now })).toBeNull();
    expect(verifyToken(deriveSigningKey('another-secret-entirely'), token, { purpose: 'file', binding: '42', now })).toBeNull();
    const [body, sig] = token.split('.');
    const forged = Buffer.from(JSON.stringify(['file', 'private/b.pdf', '42', 9_999_999_999])).toString('base64url');
    expect(verifyToken(key, `${forged}.${sig}`, { purpose: 'file', binding: '42', now })).toBeNull();
    expect(verifyToken(key, `${body}.${sig.slice(0, -2)}`, { purpose: 'file', binding: '42', now })).toBeNull();
    expect(verifyToken(key, 'garbage', { purpose: 'file', now })).toBeNull();
  });

  it('an unbound token opens for anyone holding it', () => {
    const token = signToken(key, { purpose: 'media', subject: 'v/1/seg.ts', expiresAt: inFiveMinutes });
    expect(verifyToken(key, token, { purpose: 'media', binding: '7', now })?.subject).toBe('v/1/seg.ts');
    expect(verifyToken(key, token, { purpose: 'media', now })?.subject).toBe('v/1/seg.ts');
  });
});
