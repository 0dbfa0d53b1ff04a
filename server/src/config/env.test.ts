import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 8080, PGLITE_DIR: './data/db', SMS_PROVIDER: 'outbox', SEED_DEMO: true });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads the per-user and per-address request limits, and refuses ones that are not whole positive numbers', () => {
    expect(parseEnv({})).toMatchObject({ RATE_LIMIT_PER_MINUTE: 3000, RATE_LIMIT_ANON_PER_MINUTE: 3000 });
    expect(parseEnv({ RATE_LIMIT_PER_MINUTE: '600', RATE_LIMIT_ANON_PER_MINUTE: '120' })).toMatchObject({
      RATE_LIMIT_PER_MINUTE: 600,
      RATE_LIMIT_ANON_PER_MINUTE: 120,
    });
    expect(() => parseEnv({ RATE_LIMIT_ANON_PER_MINUTE: '0' })).toThrow(/RATE_LIMIT_ANON_PER_MINUTE/);
    expect(() => parseEnv({ RATE_LIMIT_ANON_PER_MINUTE: 'lots' })).toThrow(/RATE_LIMIT_ANON_PER_MINUTE/);
    expect(() => parseEnv({ RATE_LIMIT_PER_MINUTE: '1.5' })).toThrow(/RATE_LIMIT_PER_MINUTE/);
  });

  it('stops with one readable line on a bad value', () => {
    let message = '';
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('PORT');
    expect(message).toContain('DATABASE_URL');
    expect(message.split('\n')).toHaveLength(1);
  });

  it('refuses demo passwords in production and the published development secrets everywhere', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SEED_DEMO/);
    expect(() => parseEnv({ SSO_SHARED_SECRET: 'dev-sso-secret-change-me-please' })).toThrow(/SSO_SHARED_SECRET/);
    expect(() => parseEnv({ CAPTCHA_SECRET: 'dev-captcha-secret-change-me' })).toThrow(/CAPTCHA_SECRET/);
    // unset secrets are generated at first start (see installation.ts), so production may leave them unset
    expect(parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'false' }).SSO_SHARED_SECRET).toBeUndefined();
    expect(
      parseEnv({
        NODE_ENV: 'production',
        SEED_DEMO: 'false',
        CAPTCHA_SECRET: 'a-real-secret-123456',
        SSO_SHARED_SECRET: 'another-real-secret-99',
      }).NODE_ENV,
    ).toBe('production');
  });
});
