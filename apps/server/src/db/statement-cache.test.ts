import SQLite from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withStatementCache } from './database';

/** What the app's SQLite connection answers, beside what better-sqlite3 answers by itself. */
describe("the SQLite statement cache's rows", () => {
  let sqlite: SQLite.Database;
  let cached: ReturnType<typeof withStatementCache>;

  beforeEach(() => {
    sqlite = new SQLite(':memory:');
    sqlite.exec(`
      create table items (id integer primary key, name text not null, price_cents integer, note text);
      insert into items (name, price_cents, note) values ('Hex bolts', 1250, null), ('Wing nuts', 75, 'loose');
    `);
    cached = withStatementCache(sqlite);
  });
  afterEach(() => sqlite.close());

  const plain = (text: string, parameters: unknown[] = []) => sqlite.prepare(text).all(...parameters);

  it.each([
    ['select * from items order by id', []],
    ['select id, name as label, price_cents / 100.0 as price from items where id > ? order by id desc', [0]],
    // Two columns of one name: the last wins, as in better-sqlite3.
    ['select id as value, name as value from items order by id', []],
    ['select count(*) as n from items where note is null', []],
    ['select id from items where id > ?', [99]],
  ])('are the objects better-sqlite3 makes, keys in column order: %s', (text, parameters) => {
    const rows = cached.prepare(text).all(parameters);
    expect(rows).toEqual(plain(text, parameters));
    expect(rows.map((row) => Object.keys(row as object))).toEqual(
      plain(text, parameters).map((row) => Object.keys(row as object)),
    );
  });

  it('come one at a time through iterate as through all', () => {
    const statement = cached.prepare('select id, name from items order by id');
    expect([...statement.iterate([])]).toEqual(statement.all([]));
  });

  it('hold a column named __proto__ as an own field, not as the prototype', () => {
    const [row] = cached.prepare(`select 'a value' as "__proto__", 1 as id`).all([]) as object[];
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe('a value');
  });

  it('follow a table that gains a column after the statement was first run', () => {
    const text = 'select * from items order by id';
    expect(cached.prepare(text).all([])[0]).not.toHaveProperty('sku');
    sqlite.exec(`alter table items add column sku text; update items set sku = 'HB-8' where id = 1`);
    expect(cached.prepare(text).all([])[0]).toMatchObject({ id: 1, sku: 'HB-8' });
  });

  it('answer what an insert returns, and what a plain write changed', () => {
    const inserted = cached
      .prepare('insert into items (name, price_cents) values (?, ?) returning id, name')
      .all(['Washers', 5]);
    expect(inserted).toEqual([{ id: 3, name: 'Washers' }]);
    const update = cached.prepare('update items set note = ? where price_cents < ?');
    expect(update.reader).toBe(false);
    expect(update.run(['cheap', 100]).changes).toBe(2);
  });
});
