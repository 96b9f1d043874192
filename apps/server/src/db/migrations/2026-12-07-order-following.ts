import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

/**
 * Following an order (docs/product/business-rules.md#following-an-order):
 *
 * - `order_status_changes`: each status an order took and when, written with the change. Existing
 *   orders get their placing (Processing, at created_at) and, when they have moved on, their
 *   present status at updated_at: the steps between were never kept.
 * - `orders.tracking_token`: the random token of the public tracking link (not derived from the
 *   id), unique; existing orders get one from the database's random source.
 * - `orders.status` may be `Cancelled` (docs/product/statuses.md#customer-orders).
 * - `notifications.order_id`: the order a notification is about, so it links to it; existing
 *   notifications name it in their text ("Order #12 …"), which fills it.
 */
const COURIER_STATUSES = "'Processing', 'In Transit', 'Delivered'";
const STATUSES = `${COURIER_STATUSES}, 'Cancelled'`;

/**
 * Widens the orders' status check. PostgreSQL swaps the constraint. SQLite cannot alter a check
 * and refuses edits of its schema table (better-sqlite3 runs it in defensive mode), so the table is
 * rebuilt by SQLite's own procedure (sqlite.org/lang_altertable.html, "other kinds of table schema
 * changes"): foreign keys off (order_items' cascade must not fire), a copy made from the table's
 * own CREATE statement, the old one dropped, the copy renamed, its indexes and triggers made again,
 * the keys checked; all in one transaction (Kysely runs SQLite migrations outside one).
 */
export async function setStatusCheck(
  db: Kysely<unknown>,
  dialect: MigrationContext['dialect'],
  statuses: string,
) {
  if (dialect === 'postgres') {
    await sql`alter table orders drop constraint orders_status_check`.execute(db);
    await sql`alter table orders add constraint orders_status_check check (status in (${sql.raw(statuses)}))`.execute(
      db,
    );
    return;
  }
  const schema = await sql<{ type: string; sql: string }>`
    select type, sql from sqlite_schema
    where tbl_name = 'orders' and sql is not null order by type = 'table' desc`.execute(db);
  const [table, ...dependents] = schema.rows;
  if (!table) throw new Error('the orders table is missing');
  const check = /constraint "orders_status_check" check \(status in \([^)]*\)\)/;
  if (!check.test(table.sql)) throw new Error('the orders status check is not where it is expected');
  const rebuilt = table.sql
    .replace(/^CREATE TABLE "orders"/, 'CREATE TABLE "orders_rebuilt"')
    .replace(check, `constraint "orders_status_check" check (status in (${statuses}))`);
  await sql`pragma foreign_keys = off`.execute(db);
  try {
    await db.transaction().execute(async (trx) => {
      await sql.raw(rebuilt).execute(trx);
      await sql`insert into orders_rebuilt select * from orders`.execute(trx);
      await sql`drop table orders`.execute(trx);
      await sql`alter table orders_rebuilt rename to orders`.execute(trx);
      for (const dependent of dependents) await sql.raw(dependent.sql).execute(trx);
      const broken = await sql`pragma foreign_key_check`.execute(trx);
      if (broken.rows.length > 0) throw new Error('rebuilding orders broke a foreign key');
    });
  } finally {
    await sql`pragma foreign_keys = on`.execute(db);
  }
}

export function orderFollowingMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await setStatusCheck(db, dialect, STATUSES);
      await addIdColumn(db.schema.createTable('order_status_changes'), dialect)
        .addColumn('order_id', 'integer', (c) => c.notNull().references('orders.id'))
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await sql`insert into order_status_changes (order_id, status, created_at)
        select id, 'Processing', created_at from orders order by id`.execute(db);
      await sql`insert into order_status_changes (order_id, status, created_at)
        select id, status, updated_at from orders where status <> 'Processing' order by id`.execute(db);
      await db.schema
        .createIndex('order_status_changes_order_idx')
        .on('order_status_changes')
        .columns(['order_id', 'id'])
        .execute();

      await db.schema.alterTable('orders').addColumn('tracking_token', 'text').execute();
      const randomToken =
        dialect === 'postgres'
          ? sql`replace(gen_random_uuid()::text, '-', '')`
          : sql`lower(hex(randomblob(16)))`;
      await sql`update orders set tracking_token = ${randomToken}`.execute(db);
      await db.schema
        .createIndex('orders_tracking_token_idx')
        .unique()
        .on('orders')
        .column('tracking_token')
        .execute();

      await db.schema.alterTable('notifications').addColumn('order_id', 'integer').execute();
      const orderNumber =
        dialect === 'postgres'
          ? sql`cast(substring(message from '^Order #([0-9]+) ') as integer)`
          : sql`cast(substr(message, 8, instr(substr(message, 8), ' ') - 1) as integer)`;
      await sql`update notifications set order_id = ${orderNumber} where message like 'Order #%'`.execute(db);
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('notifications').dropColumn('order_id').execute();
      await db.schema.dropIndex('orders_tracking_token_idx').execute();
      await db.schema.alterTable('orders').dropColumn('tracking_token').execute();
      await db.schema.dropTable('order_status_changes').execute();
      await sql`update orders set status = 'Processing' where status = 'Cancelled'`.execute(db);
      await setStatusCheck(db, dialect, COURIER_STATUSES);
    },
  };
}
