import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { expect } from 'vitest';

/** What every answer of a database in trouble looks like: 503, Retry-After, the error shape with its code. */
export function expectDatabaseTrouble(
  response: { statusCode: number; headers: Record<string, unknown>; json(): unknown },
  code: 'database_busy' | 'database_unavailable',
) {
  expect(response.statusCode, JSON.stringify(response.json())).toBe(503);
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
  expect(response.json()).toEqual({
    error: expect.any(String),
    message: expect.any(String),
    code,
  });
}

export type Response = LightMyRequestResponse;

/** A session outside the app (a psql console, a report tool) holding one row's lock until let go. */
export async function holdRowLock(connectionString: string, schema: string, table: string, id: number) {
  const client = new pg.Client({ connectionString, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query('begin');
  await client.query(`select id from ${table} where id = $1 for update`, [id]);
  return {
    async release() {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Another process holding the SQLite file's write lock until let go. */
export async function holdSqliteWriteLock(file: string) {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const script = `
    const db = require(${JSON.stringify(driver)})(${JSON.stringify(file)});
    db.exec('begin immediate');
    process.stdout.write('locked\\n');
    process.stdin.on('end', () => { db.exec('rollback'); db.close(); process.exit(0); });
    process.stdin.resume();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('locked')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`locker exited with ${code}`)));
  });
  return {
    async release() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.stdin.end();
      await exited;
    },
  };
}
