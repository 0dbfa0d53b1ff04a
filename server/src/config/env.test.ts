import { describe, expect, it } from 'vitest';
import { envSchema, parseEnv } from './env.ts';
import { SMS_PURPOSES, SMS_TEMPLATE_VARS } from './sms.ts';

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

  describe('a real SMS gateway', () => {
    const aliyun = {
      SMS_PROVIDER: 'aliyun',
      SMS_ACCESS_KEY_ID: 'LTAI5tKey',
      SMS_ACCESS_KEY_SECRET: 'secret',
      SMS_SIGN_NAME: '学途',
      SMS_TEMPLATE_LOGIN: 'SMS_1',
      SMS_TEMPLATE_REGISTER: 'SMS_2',
      SMS_TEMPLATE_RESET: 'SMS_3',
      SMS_TEMPLATE_EDITPHONE: 'SMS_4',
      SMS_TEMPLATE_EDITPWD: 'SMS_5',
      SMS_TEMPLATE_CANCEL: 'SMS_6',
    };
    const messageOf = (source: Record<string, string | undefined>) => {
      try {
        parseEnv(source);
        return '';
      } catch (err) {
        return (err as Error).message;
      }
    };

    it('starts with keys, signature and a template per purpose', () => {
      expect(parseEnv(aliyun)).toMatchObject({ SMS_PROVIDER: 'aliyun', SMS_TEMPLATE_CANCEL: 'SMS_6', SMS_TIMEOUT_MS: 5000 });
      expect(parseEnv({ ...aliyun, SMS_PROVIDER: 'tencent', SMS_SDK_APP_ID: '1400123456' }).SMS_SDK_APP_ID).toBe('1400123456');
      // the outbox needs none of them
      expect(parseEnv({}).SMS_ACCESS_KEY_ID).toBeUndefined();
    });

    it('stops with one line naming each missing variable', () => {
      for (const key of Object.keys(aliyun).filter((k) => k !== 'SMS_PROVIDER')) {
        const message = messageOf({ ...aliyun, [key]: undefined });
        expect(message).toBe(`Invalid configuration — ${key}: required when SMS_PROVIDER=aliyun`);
      }
      expect(messageOf({ ...aliyun, SMS_PROVIDER: 'tencent' })).toBe(
        'Invalid configuration — SMS_SDK_APP_ID: required when SMS_PROVIDER=tencent',
      );
      expect(messageOf({ SMS_PROVIDER: 'tencent' }).split('\n')).toHaveLength(1);
      expect(messageOf({ SMS_PROVIDER: 'tencent' })).toContain('SMS_TEMPLATE_EDITPWD: required');
    });

    it('checks the endpoint and the timeout', () => {
      expect(parseEnv({ ...aliyun, SMS_ENDPOINT: 'http://127.0.0.1:9000', SMS_TIMEOUT_MS: '800' })).toMatchObject({
        SMS_ENDPOINT: 'http://127.0.0.1:9000',
        SMS_TIMEOUT_MS: 800,
      });
      expect(messageOf({ ...aliyun, SMS_ENDPOINT: 'ftp://x/y' })).toContain('SMS_ENDPOINT');
      expect(messageOf({ ...aliyun, SMS_TIMEOUT_MS: '0' })).toContain('SMS_TIMEOUT_MS');
    });

    it('has a template variable for every purpose a code is sent for', () => {
      for (const purpose of SMS_PURPOSES) expect(Object.keys(envSchema.shape)).toContain(SMS_TEMPLATE_VARS[purpose]);
    });
  });
});
