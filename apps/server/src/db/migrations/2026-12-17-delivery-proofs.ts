import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * Proof of delivery (docs/decisions/032-proof-of-delivery.md):
 *
 * - `orders.delivery_code`: four random digits the customer gives the courier at the door; open
 *   orders get one from the database's random source, closed ones none (nothing is delivered again).
 * - `orders.delivery_code_failures`: wrong codes tried, counted by a conditional update so that
 *   concurrent tries never get more than five.
 * - `order_proofs`: one row per delivered order, the photo as a blob in the row (bytea on
 *   PostgreSQL), so both databases keep and back it up alike.
 */
export function deliveryProofsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('orders').addColumn('delivery_code', 'text').execute();
      await db.schema
        .alterTable('orders')
        .addColumn('delivery_code_failures', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      const randomCode =
        dialect === 'postgres'
          ? sql`lpad(floor(random() * 10000)::int::text, 4, '0')`
          : sql`substr('000' || (abs(random()) % 10000), -4)`;
      await sql`update orders set delivery_code = ${randomCode}
        where status in ('Processing', 'In Transit')`.execute(db);

      await db.schema
        .createTable('order_proofs')
        .addColumn('order_id', 'integer', (c) => c.primaryKey().references('orders.id'))
        .addColumn('recipient_name', 'text', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('code', 'photo')`))
        .addColumn('photo', dialect === 'postgres' ? sql`bytea` : 'blob')
        .addColumn('photo_type', 'text')
        .addColumn('actor_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('device_at', 'text')
        .addCheckConstraint(
          'order_proofs_photo_check',
          sql`(method = 'photo') = (photo is not null and photo_type is not null)`,
        )
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('order_proofs').execute();
      await db.schema.alterTable('orders').dropColumn('delivery_code_failures').execute();
      await db.schema.alterTable('orders').dropColumn('delivery_code').execute();
    },
  };
}
