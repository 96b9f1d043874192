import type { Kysely } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * A courier's change made offline and sent later (docs/decisions/029-offline-courier-changes.md):
 * the timeline keeps both times, `created_at` when the server received it and `device_at` when the
 * courier's device made it (null for changes sent as they were made, and for every earlier row).
 * An added column, on both databases: nothing else about the table changes.
 */
export function deviceTimesMigration(_context: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('order_status_changes').addColumn('device_at', 'text').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.alterTable('order_status_changes').dropColumn('device_at').execute();
    },
  };
}
