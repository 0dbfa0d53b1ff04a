import { describe, expect, it } from 'vitest';
import { parseEnv } from './env.ts';

describe('parseEnv', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({ PORT: 8080, PGLITE_DIR: './data/db', SMS_PROVIDER: 'outbox', SEED_DEMO: true });
    expect(env.DATABASE_URL).toBeUndefined();
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

  it('refuses demo passwords and development secrets in production', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/SEED_DEMO/);
    expect(() => parseEnv({ NODE_ENV: 'production', SEED_DEMO: 'false' })).toThrow(/SSO_SHARED_SECRET/);
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
