import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

export function stockAndSuppliersMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // One column per statement: SQLite cannot add two in one ALTER TABLE.
      await db.schema.alterTable('users').addColumn('phone_number', 'text').execute();
      await db.schema.alterTable('users').addColumn('address', 'text').execute();

      // Rows are soft-deleted: orders of a later issue refer to them and must stay intact.
      await addIdColumn(db.schema.createTable('stocks'), dialect)
        .addColumn('inventory_manager_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('price_cents', 'integer', (c) => c.notNull())
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addColumn('weight_grams', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addColumn('deleted_at', 'text')
        .addCheckConstraint('stocks_price_cents_check', sql`price_cents >= 0`)
        .addCheckConstraint('stocks_quantity_check', sql`quantity >= 0`)
        .addCheckConstraint('stocks_weight_grams_check', sql`weight_grams >= 0`)
        .execute();
      await db.schema
        .createIndex('stocks_manager_deleted_idx')
        .on('stocks')
        .columns(['inventory_manager_id', 'deleted_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('stocks').execute();
      await db.schema.alterTable('users').dropColumn('address').execute();
      await db.schema.alterTable('users').dropColumn('phone_number').execute();
    },
  };
}
