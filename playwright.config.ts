import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL } from './e2e/support/environment';

// Browser tests drive Debian's Chromium (npm cannot download browsers here) against the built
// app, started by global-setup on a fresh SQLite database with mail going to a local SMTP sink.
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  globalSetup: './e2e/support/global-setup.ts',
  fullyParallel: true,
  // One worker a core: the machines here have two, and the server under test is light.
  workers: 2,
  retries: 0,
  // Whole stories with two or three people in them, on a two-core machine that may be busy: on
  // 27 November the longest took 1.7 min on a quiet machine and 2.1 min in a clean-clone CI run,
  // so a limit of 2 min failed them for the machine's speed, not for what they assert.
  timeout: 240_000,
  // A page's first paint in a new tab or popup took more than 10 s in a clean-clone CI run whose
  // Playwright phase ran 21 minutes (the same story takes 39 s on a quiet machine).
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, grepInvert: /@phone/ },
    {
      name: 'phone',
      use: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
      grep: /@phone/,
    },
  ],
});
