import { type Kysely, sql } from 'kysely';

/**
 * An optional SKU on stock items and supplier products (docs/decisions/019-data-in-and-out.md): a
 * file's rows are matched to existing items by it, else by name. Unique per owner among the items
 * that have one (a deleted stock item's SKU may be used again); no SKU is the default.
 */
export function skusMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('stocks').addColumn('sku', 'text').execute();
      await db.schema.alterTable('supplier_products').addColumn('sku', 'text').execute();
      await db.schema
        .createIndex('stocks_owner_sku_idx')
        .on('stocks')
        .columns(['inventory_manager_id', 'sku'])
        .unique()
        .where(sql.ref('sku'), 'is not', null)
        .where(sql.ref('deleted_at'), 'is', null)
        .execute();
      await db.schema
        .createIndex('supplier_products_owner_sku_idx')
        .on('supplier_products')
        .columns(['supplier_id', 'sku'])
        .unique()
        .where(sql.ref('sku'), 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('supplier_products_owner_sku_idx').execute();
      await db.schema.dropIndex('stocks_owner_sku_idx').execute();
      await db.schema.alterTable('supplier_products').dropColumn('sku').execute();
      await db.schema.alterTable('stocks').dropColumn('sku').execute();
    },
  };
}
