import { type Kysely, sql } from 'kysely';
import { addIdColumn, type MigrationContext } from '../migration-helpers';

const APPEND_ONLY_TABLES = ['audit_events', 'audit_event_viewers'] as const;

/**
 * The audit trail (docs/RELIABILITY.md, "Audit trail"): one row per state change, written in the
 * changing transaction, and the users each event concerns (who may read it in Activity; the
 * supplier_id of a supplier's account or catalogue event opens it to the managers working with
 * that supplier). Both
 * tables are append-only: the database itself refuses UPDATE and DELETE (and TRUNCATE on
 * PostgreSQL), so no code path of the app can rewrite history.
 */
export function auditEventsMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await addIdColumn(db.schema.createTable('audit_events'), dialect)
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addColumn('actor_role', 'text')
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('entity_id', 'integer')
        .addColumn('before', 'text')
        .addColumn('after', 'text')
        .addColumn('request_id', 'text')
        .addColumn('supplier_id', 'integer')
        .execute();
      await db.schema
        .createIndex('audit_events_occurred_idx')
        .on('audit_events')
        .columns(['occurred_at', 'id'])
        .execute();
      await db.schema
        .createIndex('audit_events_actor_idx')
        .on('audit_events')
        .columns(['actor_id', 'action'])
        .execute();
      await db.schema
        .createIndex('audit_events_supplier_idx')
        .on('audit_events')
        .column('supplier_id')
        .execute();
      await db.schema
        .createTable('audit_event_viewers')
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull().references('audit_events.id'))
        .addPrimaryKeyConstraint('audit_event_viewers_pkey', ['user_id', 'event_id'])
        .execute();

      if (dialect === 'postgres') {
        // Created in the current schema (the search_path), like the tables.
        await sql`create function refuse_audit_change() returns trigger language plpgsql as $$
          begin
            raise exception 'audit trail is append-only: % on % refused', tg_op, tg_table_name
              using errcode = 'insufficient_privilege';
          end $$`.execute(db);
      }
      for (const table of APPEND_ONLY_TABLES) {
        if (dialect === 'postgres') {
          await sql`create trigger ${sql.id(`${table}_append_only`)} before update or delete on ${sql.table(table)}
            for each row execute function refuse_audit_change()`.execute(db);
          await sql`create trigger ${sql.id(`${table}_no_truncate`)} before truncate on ${sql.table(table)}
            for each statement execute function refuse_audit_change()`.execute(db);
        } else {
          for (const operation of ['update', 'delete'] as const) {
            const message = `audit trail is append-only: ${operation} on ${table} refused`;
            await sql`create trigger ${sql.id(`${table}_no_${operation}`)} before ${sql.raw(operation)} on ${sql.table(table)}
              begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
          }
        }
      }
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('audit_event_viewers').execute();
      await db.schema.dropTable('audit_events').execute();
      if (dialect === 'postgres') await sql`drop function refuse_audit_change()`.execute(db);
    },
  };
}
