import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-app';
import { statementName } from './database';

// docs/decisions/035-postgresql-path-and-benches.md
describe('named prepared statements on PostgreSQL', () => {
  it('names the app’s statements, the same text the same name, and leaves the rest unnamed', () => {
    const text = 'select "id", "name" from "stocks" where "id" = $1';
    expect(statementName(text)).toMatch(/^depot_\d+$/);
    expect(statementName(text)).toBe(statementName(text));
    expect(statementName('select "id" from "stocks" where "name" = $1')).not.toBe(statementName(text));
    expect(statementName('select count(*) as "n" from "orders" where "customer_id" = $1')).toBeDefined();
    for (const unnamed of [
      'begin',
      'commit',
      'create table t (id integer)',
      'select "orders".* from "orders" where "id" = $1',
      'select * from "orders" where "id" = $1',
      'insert into "orders" ("id") values ($1) returning *',
    ])
      expect(statementName(unnamed)).toBeUndefined();
  });

  describe('on the database', () => {
    let database: Awaited<ReturnType<typeof createTestDatabase>>;
    beforeAll(async () => {
      database = await createTestDatabase({ poolSize: 1 });
    });
    afterAll(() => database.drop());

    it('prepares a statement once per connection and answers alike after a column is added', async () => {
      const read = (id: number) =>
        database.db.selectFrom('users').select(['id', 'email']).where('id', '=', id).execute();
      const readAll = () => sql`select * from users where id = ${0}`.execute(database.db);
      expect(await read(1)).toEqual([]);
      await readAll();
      if (database.dialect === 'postgres') {
        const before = database.statistics();
        expect(await read(2)).toEqual([]);
        const after = database.statistics();
        expect(after.queries - before.queries).toBe(1);
        expect(after.preparedReuses - before.preparedReuses).toBe(1);
      }
      // Another instance's migration during a rolling upgrade: named statements keep working.
      await sql`alter table users add column bench_extra integer`.execute(database.db);
      expect(await read(3)).toEqual([]);
      expect((await readAll()).rows).toEqual([]);
    });
  });
});
