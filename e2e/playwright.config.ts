import { defineConfig } from '@playwright/test';
import { E2E_SSO_SECRET } from './fixtures/sso.ts';

// Runs the built app (npm run build first) on a fresh embedded database and drives the system
// Chromium headless. No browser is downloaded. E2E_DATABASE_URL runs it on that PostgreSQL database
// instead (it must be empty: the server migrates and seeds it; .ci/run creates one); DATABASE_URL
// is never inherited, so a developer's own database is not touched.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const DATA = process.env.E2E_DATA_DIR ?? `/tmp/xuetu-e2e-${PORT}`;

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
  },
  webServer: {
    command: `rm -rf ${DATA} && node --import tsx ../server/src/main.ts`,
    url: `http://127.0.0.1:${PORT}/prod-api/docs/json`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      PGLITE_DIR: `${DATA}/db`,
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? '',
      REDIS_URL: '',
      FILES_DIR: `${DATA}/files`,
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'outbox',
      RATE_LIMIT_PER_MINUTE: '100000',
      // a known secret so specs can mint login tickets as a partner system would
      SSO_SHARED_SECRET: E2E_SSO_SECRET,
    },
  },
});
