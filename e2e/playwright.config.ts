import { defineConfig } from '@playwright/test';
import { CHROMIUM_PATH } from './fixtures/chromium.ts';
import { E2E_SSO_SECRET } from './fixtures/sso.ts';

// Runs the built app (npm run build first) and drives the system Chromium headless; no browser is
// downloaded. Two servers, each on its own fresh database, take half of the specs each (two
// workers): `admin` (the accessibility audits, administration, the shell, security headers) on
// PORT and `learning` (accounts and sign-in, portal, resources, study, projects, exams) on PORT+1. A spec file not named in ADMIN_SPECS runs on the
// learning server. Both run on the embedded PGlite by default; E2E_DATABASE_URL puts the learning
// server on that (empty) PostgreSQL database instead (.ci/run creates one), so CI runs both
// engines end to end. DATABASE_URL is never inherited: a developer's own database is not touched.
const PORT = Number(process.env.E2E_PORT ?? 8181);
const ADMIN_SPECS = [
  'accessibility.spec.ts',
  'admin-walkthrough.spec.ts',
  'admin.spec.ts',
  'dashboard.spec.ts',
  'identity-sources.spec.ts',
  'security-headers.spec.ts',
  'shell.spec.ts',
];
// (measured 2026-11-27: a third server and worker made CI's Playwright phase slower, not faster —
// three servers booting at once and three browsers on two cores; the phase is CPU-bound)
// the specs wait on real players, heartbeats and jobs; two workers share two cores
const SLOW = Boolean(process.env.CI);

function server(port: number, databaseUrl: string) {
  const data = process.env.E2E_DATA_DIR ? `${process.env.E2E_DATA_DIR}-${port}` : `/tmp/xuetu-e2e-${port}`;
  return {
    command: `rm -rf ${data} && node --import tsx ../server/src/main.ts`,
    url: `http://127.0.0.1:${port}/prod-api/docs/json`,
    reuseExistingServer: false,
    timeout: 180_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PGLITE_DIR: `${data}/db`,
      DATABASE_URL: databaseUrl,
      REDIS_URL: '',
      FILES_DIR: `${data}/files`,
      LOG_LEVEL: 'warn',
      SMS_PROVIDER: 'outbox',
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_ANON_PER_MINUTE: '100000',
      // a known secret so specs can mint login tickets as a partner system would
      SSO_SHARED_SECRET: E2E_SSO_SECRET,
      // identity connections' secrets (身份源): a key of the test run's own
      CONNECTION_SECRET_KEY: 'ZTJlLWNvbm5lY3Rpb24ta2V5LTMyLWJ5dGVzLWxvbmc=',
    },
  };
}

export default defineConfig({
  testDir: './specs',
  outputDir: './test-results',
  timeout: SLOW ? 90_000 : 60_000,
  expect: { timeout: SLOW ? 15_000 : 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list'], ['html', { outputFolder: './artifacts/report', open: 'never' }]],
  use: {
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // the app turns Ant Design's motion off for prefers-reduced-motion (web/src/app/Providers.tsx):
    // dialogs and drawers open at once instead of waiting out their animation at every step
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    // recording a trace costs every spec about 15 % on CI's two cores (measured 2026-11-27): CI
    // keeps the failure's screenshot and error context; E2E_TRACE=1 records traces there too
    trace: process.env.CI && process.env.E2E_TRACE !== '1' ? 'off' : 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
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
  projects: [
    // one worker per project: a server runs one spec file at a time, as the specs expect
    { name: 'admin', testMatch: ADMIN_SPECS, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT}` } },
    { name: 'learning', testIgnore: ADMIN_SPECS, workers: 1, use: { baseURL: `http://127.0.0.1:${PORT + 1}` } },
  ],
  webServer: [server(PORT, ''), server(PORT + 1, process.env.E2E_DATABASE_URL ?? '')],
});
