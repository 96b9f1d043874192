import { defineConfig } from 'vitest/config';

// One run covers the server on both databases and the web components (tests sit beside the code they test).
export default defineConfig({
  test: {
    projects: [
      {
        extends: false,
        test: {
          name: 'server-sqlite',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          // *.postgres.test.ts need what only PostgreSQL has (LISTEN/NOTIFY, several instances).
          exclude: ['src/**/*.postgres.test.ts'],
          env: { TEST_DATABASE: 'sqlite' },
          setupFiles: ['src/test/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: false,
        test: {
          name: 'server-postgres',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          env: { TEST_DATABASE: 'postgres' },
          setupFiles: ['src/test/fail-on-console-error.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
});
