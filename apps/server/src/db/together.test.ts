import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { pipelinedTransaction } from './database';
import type { Executor } from './schema';
import { together } from './together';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  await sql`create table together_probe (label text primary key)`.execute(database.db);
});
afterAll(() => database.drop());
beforeEach(async () => {
  await sql`delete from together_probe`.execute(database.db);
});

const insert = (db: Executor, label: string) => async () => {
  await sql`insert into together_probe (label) values (${label})`.execute(db);
  return label;
};
const labelsIn = async (db: Executor) =>
  (await sql<{ label: string }>`select label from together_probe order by label`.execute(db)).rows.map(
    (row) => row.label,
  );

describe('together', () => {
  it('answers every result in the order given', async () => {
    const slow = new Promise<string>((resolve) => setTimeout(() => resolve('slow'), 20));
    expect(
      await together(
        () => slow,
        async () => 'quick',
      ),
    ).toEqual(['slow', 'quick']);
  });

  it('waits for every work to settle before throwing the first failure in the order given', async () => {
    const settled: string[] = [];
    const first = new Error('first');
    const outcome = together(
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        settled.push('late');
        throw first;
      },
      () => {
        throw new Error('thrown before any promise');
      },
      async () => {
        await new Promise((resolve) => setTimeout(resolve, 60));
        settled.push('latest');
      },
    );
    await expect(outcome).rejects.toBe(first);
    expect(settled).toEqual(['late', 'latest']);
  });
});

describe('a pipelined transaction', () => {
  it('runs the statements started together in the order given and commits them all', async () => {
    const [, , seen] = await pipelinedTransaction(database.db, (trx) =>
      together(insert(trx, 'a'), insert(trx, 'b'), () => labelsIn(trx)),
    );
    expect(seen).toEqual(['a', 'b']);
    expect(await labelsIn(database.db)).toEqual(['a', 'b']);
  });

  it('rolls all back when a statement sent together is refused, and throws that refusal', async () => {
    await insert(database.db, 'taken')();
    const attempt = pipelinedTransaction(database.db, (trx) =>
      // The second is refused (the key is taken); on PostgreSQL the third then meets an aborted
      // transaction, whose error must not be the one answered.
      together(insert(trx, 'first'), insert(trx, 'taken'), insert(trx, 'third')),
    );
    await expect(attempt).rejects.toThrow(/unique|duplicate/i);
    expect(await labelsIn(database.db)).toEqual(['taken']);
    // The connection went back to the pool out of its transaction: the next one commits.
    await pipelinedTransaction(database.db, (trx) => together(insert(trx, 'next')));
    expect(await labelsIn(database.db)).toEqual(['next', 'taken']);
  });

  it('rolls back when the work throws after its statements', async () => {
    const refused = new Error('refused after writing');
    await expect(
      pipelinedTransaction(database.db, async (trx) => {
        await together(insert(trx, 'undone'));
        throw refused;
      }),
    ).rejects.toBe(refused);
    expect(await labelsIn(database.db)).toEqual([]);
  });
});
