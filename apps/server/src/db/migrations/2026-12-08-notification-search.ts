import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * SQLite finds a notification's text through a trigram table, as it does for the other searched
 * lists (2026-12-02-list-sorts-and-search): a search of a customer's 100,000 notifications read
 * them all with LIKE for its count (p50 39 ms, p99 55 ms in `npm run bench:lists`). PostgreSQL's
 * trigram index on them exists already (2026-12-01-list-indexes).
 */
const TABLE = 'notifications';
const SEARCH = 'notifications_search';
const COLUMNS = ['title', 'message'];

export function notificationSearchMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      if (dialect === 'postgres') return;
      const list = sql.raw(COLUMNS.join(', '));
      const values = (row: 'new' | 'old') => sql.raw(COLUMNS.map((column) => `${row}.${column}`).join(', '));
      await sql`create virtual table ${sql.id(SEARCH)} using fts5(${list}, content=${sql.lit(TABLE)}, content_rowid='id', tokenize='trigram')`.execute(
        db,
      );
      const insert = sql`insert into ${sql.id(SEARCH)}(rowid, ${list}) values (new.id, ${values('new')});`;
      const remove = sql`insert into ${sql.id(SEARCH)}(${sql.id(SEARCH)}, rowid, ${list}) values ('delete', old.id, ${values('old')});`;
      await sql`create trigger ${sql.id(`${SEARCH}_insert`)} after insert on ${sql.table(TABLE)} begin ${insert} end`.execute(
        db,
      );
      await sql`create trigger ${sql.id(`${SEARCH}_delete`)} after delete on ${sql.table(TABLE)} begin ${remove} end`.execute(
        db,
      );
      await sql`create trigger ${sql.id(`${SEARCH}_update`)} after update of ${list} on ${sql.table(TABLE)} begin ${remove} ${insert} end`.execute(
        db,
      );
      await sql`insert into ${sql.id(SEARCH)}(${sql.id(SEARCH)}) values ('rebuild')`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      if (dialect === 'postgres') return;
      for (const event of ['insert', 'delete', 'update']) {
        await sql`drop trigger if exists ${sql.id(`${SEARCH}_${event}`)}`.execute(db);
      }
      await sql`drop table if exists ${sql.id(SEARCH)}`.execute(db);
    },
  };
}
