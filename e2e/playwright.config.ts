import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumPathSync } from './browser.mjs';

const port = Number(process.env.E2E_PORT ?? 3917);
export const baseURL = `http://localhost:${port}`;
// A fresh embedded database for every run: the server seeds the demo accounts on it.
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'livecart-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

/*
 * Three projects: `setup` signs each demo account in once through the sign-in form and stores its
 * session (tests/setup); `api` drives the HTTP API with those sessions (tests/api); `ui` runs the
 * browser journeys (tests/ui). The last two start once `setup` has passed.
 */
export default defineConfig({
  projects: [
    { name: 'setup', testDir: './tests/setup', testMatch: /\.setup\.ts$/ },
    { name: 'api', testDir: './tests/api', dependencies: ['setup'] },
    { name: 'ui', testDir: './tests/ui', dependencies: ['setup'] },
  ],
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromiumPathSync(),
      args: CHROMIUM_ARGS,
    },
  },
  webServer: {
    command: `node ../scripts/start.mjs`,
    url: `${baseURL}/api/auth/providers`,
    reuseExistingServer: false,
    timeout: 180_000,
    // every journey signs up from the same address: more than a real address's 10 in 15 minutes
    env: {
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseURL,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '100',
    },
  },
});
