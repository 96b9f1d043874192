import type { Kysely } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

export function liveEventsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      // Live events too large for a PostgreSQL NOTIFY wait here for the other instances to read
      // them (see lib/postgres-event-bus.ts). Made in both dialects so both keep one schema.
      await addIdColumn(db.schema.createTable('live_events'), dialect)
        .addColumn('payload', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.createIndex('live_events_created_idx').on('live_events').column('created_at').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('live_events').execute();
    },
  };
}
