import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { BACKSTOP_AUTOCHECKPOINT_PAGES, startBackgroundCheckpoint } from './background-checkpoint';
import { createDatabase } from './database';

const folder = mkdtempSync(join(tmpdir(), 'depot-checkpoint-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

/**
 * Rows the database file holds by itself: what checkpoints copied there, nothing still in the log.
 * A copy taken while a checkpoint writes the file can be torn: that reads as no answer yet (-1).
 */
function rowsInFileAlone(file: string): number {
  const copy = join(folder, `alone-${Math.random().toString(36).slice(2)}.db`);
  copyFileSync(file, copy);
  const reader = new SQLite(copy, { readonly: true });
  try {
    const table = reader.prepare("select 1 from sqlite_master where name = 'notes'").get();
    if (!table) return 0;
    return (reader.prepare('select count(*) as count from notes').get() as { count: number }).count;
  } catch (error) {
    if (error instanceof SQLite.SqliteError && error.code === 'SQLITE_CORRUPT') return -1;
    throw error;
  } finally {
    reader.close();
  }
}

async function until(condition: () => boolean, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('background checkpoints of a SQLite file', () => {
  it('copy committed writes into the database file from a worker, the app’s connection only a backstop', async () => {
    const file = join(folder, 'app.db');
    const handle = createDatabase(`sqlite:${file}`);
    try {
      const { db } = handle;
      await sql`create table notes (id integer primary key, body text not null)`.execute(db);
      const autocheckpoint = await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db);
      expect(autocheckpoint.rows[0]?.wal_autocheckpoint).toBe(BACKSTOP_AUTOCHECKPOINT_PAGES);

      // Far below SQLite's own 1,000-page threshold: only the worker would copy these over.
      for (let batch = 0; batch < 5; batch += 1) {
        await db.transaction().execute(async (trx) => {
          for (let row = 0; row < 20; row += 1) {
            await sql`insert into notes (body) values (${`note ${batch}-${row}`})`.execute(trx);
          }
        });
      }
      await until(() => rowsInFileAlone(file) === 100);
    } finally {
      await handle.destroy();
    }
  });

  it('lets a script that awaits the close at its top level end cleanly', () => {
    // The worker is unref'd; were it still so while stopping, the loop would empty mid-await and
    // Node would end the script with exit code 13 before the close had finished.
    const database = fileURLToPath(new URL('./database.ts', import.meta.url));
    const script = `
      import { createDatabase } from ${JSON.stringify(database)};
      const handle = createDatabase(${JSON.stringify(`sqlite:${join(folder, 'script.db')}`)});
      await handle.db.selectNoFrom((eb) => eb.lit(1).as('one')).execute();
      await handle.destroy();
      console.log('closed');
    `;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.stderr).toBe('');
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: 'closed' });
  });

  it('reports a worker that cannot run, so the caller can checkpoint itself', async () => {
    const failure = await new Promise<Error>((resolve) => {
      startBackgroundCheckpoint(join(folder, 'missing', 'none.db'), resolve);
    });
    expect(failure.message).toMatch(/unable to open|directory does not exist|no such file/i);
  });
});
