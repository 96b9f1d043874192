import type { Kysely } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

/**
 * Reorder rules and drafted supply orders (docs/decisions/026-reorder-rules-and-drafted-supply-orders.md):
 * new tables only, so no existing table is rebuilt. A draft is unique per manager and supplier and a
 * draft line per draft and product, which is what makes drafting idempotent.
 */
export function reorderRulesMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('reorder_rules')
        .addColumn('stock_id', 'integer', (c) => c.primaryKey().references('stocks.id'))
        .addColumn('inventory_manager_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('reorder_level', 'integer', (c) => c.notNull())
        .addColumn('order_quantity', 'integer')
        .addColumn('order_up_to', 'integer')
        .addColumn('supplier_product_id', 'integer', (c) => c.references('supplier_products.id'))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('reorder_rules_by_manager')
        .on('reorder_rules')
        .columns(['inventory_manager_id', 'stock_id'])
        .execute();
      await db.schema
        .createIndex('reorder_rules_by_product')
        .on('reorder_rules')
        .columns(['supplier_product_id'])
        .execute();
      await db.schema
        .createTable('reorder_settings')
        .addColumn('inventory_manager_id', 'integer', (c) => c.primaryKey().references('users.id'))
        .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await addIdColumn(db.schema.createTable('supply_order_drafts'), dialect)
        .addColumn('inventory_manager_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('supplier_id', 'integer', (c) => c.notNull().references('users.id'))
        .addColumn('address', 'text')
        .addColumn('mobile_number', 'text')
        .addColumn('automatic', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('supply_order_drafts_one_per_supplier', ['inventory_manager_id', 'supplier_id'])
        .execute();
      await db.schema
        .createTable('supply_order_draft_lines')
        .addColumn('draft_id', 'integer', (c) =>
          c.notNull().references('supply_order_drafts.id').onDelete('cascade'),
        )
        .addColumn('product_id', 'integer', (c) => c.notNull().references('supplier_products.id'))
        .addColumn('stock_id', 'integer')
        .addColumn('quantity', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('supply_order_draft_lines_pk', ['draft_id', 'product_id'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('supply_order_draft_lines').execute();
      await db.schema.dropTable('supply_order_drafts').execute();
      await db.schema.dropTable('reorder_settings').execute();
      await db.schema.dropTable('reorder_rules').execute();
    },
  };
}
