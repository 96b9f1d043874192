import type { Kysely } from 'kysely';

/**
 * Each index is another page an order's transaction writes to the log. Two did no work for it:
 * idempotency_keys_created_idx serves no query (expired keys are found per user, by
 * idempotency_keys_user_created_idx), and audit_events_supplier_idx held a row for every event
 * although only account and catalogue events name a supplier. The lookups by supplier compare it
 * with `in`, which both databases match to a partial index on the rows that have one.
 */
export function leanerOrderWritesMigration() {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('idempotency_keys_created_idx').execute();
      await db.schema.dropIndex('audit_events_supplier_idx').execute();
      await db.schema
        .createIndex('audit_events_supplier_idx')
        .on('audit_events')
        .column('supplier_id')
        .where('supplier_id', 'is not', null)
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('audit_events_supplier_idx').execute();
      await db.schema
        .createIndex('audit_events_supplier_idx')
        .on('audit_events')
        .column('supplier_id')
        .execute();
      await db.schema
        .createIndex('idempotency_keys_created_idx')
        .on('idempotency_keys')
        .column('created_at')
        .execute();
    },
  };
}
