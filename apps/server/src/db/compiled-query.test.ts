import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { compiledQuery } from './compiled-query';

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
