import type { Kysely } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

/**
 * A customer's remembered delivery addresses (docs/product/data.md#customer-address): the order
 * form's four delivery fields, when the address was saved and when an order last went to it. A new
 * table; orders keep their own copy of the address, so nothing refers to these rows. The index
 * serves the list (the customer's, the last used first) and the count of the 20-address limit.
 */
export function customerAddressesMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('customer_addresses'), dialect)
        .addColumn('customer_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('shipping_address', 'text', (c) => c.notNull())
        .addColumn('pin_code', 'text', (c) => c.notNull())
        .addColumn('location_type', 'text', (c) => c.notNull())
        .addColumn('phone_number', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('customer_addresses_customer_used_idx')
        .on('customer_addresses')
        .columns(['customer_id', 'last_used_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('customer_addresses').execute();
    },
  };
}
