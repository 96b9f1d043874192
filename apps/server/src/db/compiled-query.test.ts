import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { compiledQuery, compiledRowsQuery } from './compiled-query';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.drop());

const insertUser = compiledQuery((db, user: { name: string; email: string }) =>
  db
    .insertInto('users')
    .values({
      name: user.name,
      email: user.email,
      role: 'Customer',
      password_hash: 'not-a-real-hash',
      created_at: '2026-06-15T10:00:00.000Z',
    })
    .returning(['id', 'name', 'email', 'role']),
);

const renameUser = compiledQuery((db, args: { id: number; name: string }) =>
  db
    .updateTable('users')
    .set({ name: args.name })
    .where('id', '=', args.id)
    .where('deactivated_at', 'is', null),
);

describe('compiledQuery', () => {
  it('runs with each call’s own values, constants kept, and answers rows as the builder would', async () => {
    const { db } = database;
    const first = await insertUser.executeTakeFirst(db, { name: 'Asha', email: 'asha@example.test' });
    const second = await insertUser.executeTakeFirst(db, { name: 'Ravi', email: 'ravi@example.test' });
    expect(first).toEqual({
      id: expect.any(Number),
      name: 'Asha',
      email: 'asha@example.test',
      role: 'Customer',
    });
    expect(second).toMatchObject({ name: 'Ravi', email: 'ravi@example.test', role: 'Customer' });
    expect(second?.id).not.toBe(first?.id);

    const renamed = await renameUser.execute(db, { id: first?.id ?? 0, name: 'Asha K' });
    expect(Number(renamed.numAffectedRows)).toBe(1);
    const none = await renameUser.execute(db, { id: -1, name: 'nobody' });
    expect(Number(none.numAffectedRows)).toBe(0);
    const names = await db.selectFrom('users').select('name').orderBy('id').execute();
    expect(names.map((row) => row.name)).toEqual(['Asha K', 'Ravi']);
  });

  it('runs inside a transaction, and rolls back with it', async () => {
    const { db } = database;
    await expect(
      db.transaction().execute(async (trx) => {
        await insertUser.execute(trx, { name: 'Temp', email: 'temp@example.test' });
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await db.selectFrom('users').select('name').where('name', '=', 'Temp').execute()).toEqual([]);
  });

  it('compiles once per database, with parameters where the arguments go', () => {
    const sql = renameUser.sqlFor(database.db);
    expect(sql).toMatch(
      /update "users" set "name" = (\?|\$1) where "id" = (\?|\$2) and "deactivated_at" is null/,
    );
    expect(renameUser.sqlFor(database.db)).toBe(sql);
  });

  it('refuses to run without a value for an argument', async () => {
    await expect(renameUser.execute(database.db, { id: 1 } as { id: number; name: string })).rejects.toThrow(
      /no value for name/,
    );
  });
});

const insertSessions = compiledRowsQuery((db, rows: { userId: number; tokenHash: string }[]) =>
  db.insertInto('sessions').values(
    rows.map((row) => ({
      user_id: row.userId,
      token_hash: row.tokenHash,
      created_at: '2026-06-15T10:00:00.000Z',
      expires_at: '2026-06-16T10:00:00.000Z',
      last_seen_at: '2026-06-15T10:00:00.000Z',
    })),
  ),
);

describe('compiledRowsQuery', () => {
  it('inserts each list whole, whatever its length, with each row’s own values', async () => {
    const { db } = database;
    const user = await insertUser.executeTakeFirst(db, { name: 'Rows', email: 'rows@example.test' });
    const userId = user?.id ?? 0;
    const lists = [1, 3, 2, 20].map((length, list) =>
      Array.from({ length }, (_, index) => ({ userId, tokenHash: `list-${list}-row-${index}` })),
    );
    for (const rows of lists) await insertSessions.execute(db, rows);
    const stored = await db
      .selectFrom('sessions')
      .select('token_hash')
      .where('user_id', '=', userId)
      .orderBy('id')
      .execute();
    expect(stored.map((row) => row.token_hash)).toEqual(lists.flat().map((row) => row.tokenHash));
  });

  it('compiles one statement per length, with a parameter for each row’s values', () => {
    const three = insertSessions.sqlFor(database.db, 3);
    expect(three.match(/\(\?, \?, \?, \?, \?\)|\(\$\d+, \$\d+, \$\d+, \$\d+, \$\d+\)/g)).toHaveLength(3);
    expect(insertSessions.sqlFor(database.db, 3)).toBe(three);
    expect(insertSessions.sqlFor(database.db, 1)).not.toBe(three);
  });
});
