import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { spawnServer, waitUntilListening } from './test/server-process';
import { createScratchSchema, testDialect } from './test/test-app';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the server entry point as its own process, as `npm start` does (from source, via tsx). */
const startServer = (env: Record<string, string>) => spawnServer(['--import', 'tsx', MAIN], env);

/** A database URL of this run's dialect that nothing else uses. */
async function scratchDatabaseUrl() {
  if (testDialect === 'sqlite') {
    const dir = join(mkdtempSync(join(tmpdir(), 'depot-main-')), 'nested', 'data');
    return { url: `sqlite:${join(dir, 'depot.db')}`, drop: async () => {} };
  }
  return createScratchSchema('main');
}

describe('the server process', () => {
  it(`migrates ${testDialect === 'sqlite' ? 'a new SQLite file in a new folder' : 'PostgreSQL'}, serves, and exits cleanly on SIGTERM`, async () => {
    const database = await scratchDatabaseUrl();
    const server = startServer({ PORT: '0', DATABASE_URL: database.url });
    const { url } = await waitUntilListening(server);
    expect((await fetch(`${url}/readyz`)).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
    await database.drop();
  });

  it('stops at start-up with one line naming a bad variable', async () => {
    const server = startServer({ PORT: 'not-a-port' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe(
      'Invalid configuration: PORT must be a whole number from 0 to 65535 (got "not-a-port")',
    );
  });
});
