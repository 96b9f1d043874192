import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DatabaseBusyError } from '../lib/errors';
import { createTestDatabase, testDialect } from '../test/test-app';
import { createGroupCommit, MOST_PER_COMMIT } from './group-commit';
import type { Executor } from './schema';

const WAIT_MS = 5_000;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`create table group_commit_probe (label text primary key)`.execute(database.db);
});
afterAll(() => database.drop());
beforeEach(async () => {
  await sql`delete from group_commit_probe`.execute(database.db);
});

const labels = async () =>
  (
    await sql<{ label: string }>`select label from group_commit_probe order by label`.execute(database.db)
  ).rows.map((row) => row.label);

const insert = (label: string) => async (db: Executor) => {
  await sql`insert into group_commit_probe (label) values (${label})`.execute(db);
  return label;
};

describe('group commit', () => {
  it('commits the transactions of a moment together on SQLite, each on its own on PostgreSQL', async () => {
    const commits = createGroupCommit(database.db, database.dialect, WAIT_MS);
    const answers = await Promise.all(['a', 'b', 'c'].map((label) => commits.transaction(insert(label))));
    expect(answers).toEqual(['a', 'b', 'c']);
    expect(await labels()).toEqual(['a', 'b', 'c']);
    expect(commits.statistics()).toEqual(
      testDialect === 'sqlite' ? { transactions: 3, commits: 1 } : { transactions: 3, commits: 3 },
    );
  });

  it('undoes only the writes of a transaction that throws, which gets its own error', async () => {
    const commits = createGroupCommit(database.db, database.dialect, WAIT_MS);
    const refused = new Error('refused after writing');
    await insert('taken')(database.db);
    const outcomes = await Promise.allSettled([
      commits.transaction(insert('first')),
      commits.transaction(async (trx) => {
        await insert('undone')(trx);
        throw refused;
      }),
      // A key already taken: the database refuses the statement itself.
      commits.transaction(insert('taken')),
      commits.transaction(insert('last')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'rejected',
      'fulfilled',
    ]);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBe(refused);
    expect(await labels()).toEqual(['first', 'last', 'taken']);
  });

  it('runs a group in the order it came, each transaction seeing the writes before it', async () => {
    const commits = createGroupCommit(database.db, database.dialect, WAIT_MS);
    const seen = await Promise.all(
      ['x', 'y', 'z'].map((label) =>
        commits.transaction(async (trx) => {
          await insert(label)(trx);
          return (await sql<{ n: number }>`select count(*) as n from group_commit_probe`.execute(trx)).rows[0]
            ?.n;
        }),
      ),
    );
    // On PostgreSQL they run side by side, each seeing at least its own.
    if (testDialect === 'sqlite') expect(seen.map(Number)).toEqual([1, 2, 3]);
    else expect(seen.every((count) => Number(count) >= 1)).toBe(true);
  });

  it('rolls back a lone transaction that throws', async () => {
    const commits = createGroupCommit(database.db, database.dialect, WAIT_MS);
    await expect(
      commits.transaction(async (trx) => {
        await insert('alone')(trx);
        throw new Error('no');
      }),
    ).rejects.toThrow('no');
    expect(await labels()).toEqual([]);
  });

  it('commits a long queue in groups of at most MOST_PER_COMMIT on SQLite', async () => {
    const commits = createGroupCommit(database.db, database.dialect, WAIT_MS);
    const count = MOST_PER_COMMIT * 2 + 1;
    await Promise.all(
      Array.from({ length: count }, (_, index) => commits.transaction(insert(`n${1000 + index}`))),
    );
    expect((await labels()).length).toBe(count);
    expect(commits.statistics()).toEqual({
      transactions: count,
      commits: testDialect === 'sqlite' ? 3 : count,
    });
  });

  it('refuses a work queued past the bound with 503 when its group starts, and writes nothing of it', async () => {
    const commits = createGroupCommit(database.db, database.dialect, 50);
    // A work that holds its group (and on SQLite the connection) for 200 ms.
    const slow = commits.transaction(async (trx) => {
      await new Promise((resolve) => setTimeout(resolve, 200));
      return insert('slow')(trx);
    });
    await new Promise((resolve) => setImmediate(resolve));
    const late = commits.transaction(insert('late'));
    await expect(slow).resolves.toBe('slow');
    if (testDialect === 'sqlite') {
      await expect(late).rejects.toBeInstanceOf(DatabaseBusyError);
      expect(await labels()).toEqual(['slow']);
    } else {
      // PostgreSQL's works do not queue behind each other: the late one runs at once.
      await expect(late).resolves.toBe('late');
      expect(await labels()).toEqual(['late', 'slow']);
    }
  });
});
