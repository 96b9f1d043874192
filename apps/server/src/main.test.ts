import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { TEST_POSTGRES_URL, testDialect } from './test/test-app';

const MAIN = fileURLToPath(new URL('./main.ts', import.meta.url));

/** Runs the server entry point as its own process, as `npm start` does (from source, via tsx). */
function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitFor(condition: () => boolean, what: string, child: ChildProcess) {
  const deadline = Date.now() + 15_000;
  while (!condition()) {
    if (child.exitCode !== null) throw new Error(`process exited before ${what}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A database URL of this run's dialect that nothing else uses. */
async function scratchDatabaseUrl() {
  if (testDialect === 'sqlite') {
    const dir = join(mkdtempSync(join(tmpdir(), 'depot-main-')), 'nested', 'data');
    return { url: `sqlite:${join(dir, 'depot.db')}`, drop: async () => {} };
  }
  const schema = `main_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  return {
    // libpq's options parameter sets the search_path for every pooled connection.
    url: `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    drop: async () => {
      await admin.query(`drop schema ${schema} cascade`);
      await admin.end();
    },
  };
}

describe('the server process', () => {
  it(`migrates ${testDialect === 'sqlite' ? 'a new SQLite file in a new folder' : 'PostgreSQL'}, serves, and exits cleanly on SIGTERM`, async () => {
    const database = await scratchDatabaseUrl();
    const server = startServer({ PORT: '0', DATABASE_URL: database.url });
    await waitFor(
      () => /Server listening at (http:\/\/[\d.:]+)/.test(server.output()),
      'listening',
      server.child,
    );
    const url = /Server listening at (http:\/\/[\d.:]+)/.exec(server.output())?.[1];
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
