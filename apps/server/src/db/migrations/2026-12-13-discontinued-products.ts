import type { Kysely } from 'kysely';

/**
 * When a supplier discontinued a catalogue product (docs/decisions/027-money-and-the-catalogue-lifecycle.md):
 * null while it is orderable. A discontinued product is hidden from managers' new orders and kept
 * on the orders that have it. Added as a column, not a table rebuild.
 */
export function discontinuedProductsMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('supplier_products').addColumn('discontinued_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('supplier_products').dropColumn('discontinued_at').execute();
    },
  };
}
