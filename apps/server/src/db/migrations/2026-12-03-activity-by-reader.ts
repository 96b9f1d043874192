import { type Kysely, sql } from 'kysely';
import type { MigrationContext } from '../migration-helpers';

/**
 * Activity read from its readers' rows alone (docs/decisions/008-append-only-audit-trail.md,
 * "Reading it at scale"). A manager used to read "an event they are a viewer of, or one of a
 * supplier they work with", an OR that PostgreSQL answered by hashing the manager's viewer rows and
 * reading their supply orders on every request (78 ms for a first page at 100,000 events, 407 ms
 * for the middle one). Now:
 *
 * - `manager_suppliers` holds who works with whom (opened the supplier's account, or ordered from
 *   it), filled from the supply orders and the `supplier.created` events;
 * - a supplier's account and catalogue events get a viewer row for each of those managers (written
 *   with the event, or all at once when a manager first works with the supplier), so every event a
 *   manager may read has a viewer row;
 * - viewer rows carry what a page sorts and filters by (time, action, kind, actor), each with an
 *   index that starts with the reader, so a page, a skip and a count read one index range.
 *
 * The viewer table is rebuilt with those columns (it refuses UPDATE: the audit trail is
 * append-only) and keeps its append-only triggers.
 */

const VIEWERS = 'audit_event_viewers';
const REBUILT = 'audit_event_viewers_rebuilt';

const READER_INDEXES: [name: string, columns: string[]][] = [
  ['audit_event_viewers_time_idx', ['user_id', 'occurred_at', 'event_id']],
  ['audit_event_viewers_action_idx', ['user_id', 'action', 'event_id']],
  ['audit_event_viewers_entity_type_idx', ['user_id', 'entity_type', 'event_id']],
  ['audit_event_viewers_actor_idx', ['user_id', 'actor_id', 'event_id']],
];

async function refuseChanges(db: Kysely<unknown>, dialect: MigrationContext['dialect']) {
  if (dialect === 'postgres') {
    // refuse_audit_change() is 2026-11-28-audit-events' function.
    await sql`create trigger ${sql.id(`${VIEWERS}_append_only`)} before update or delete on ${sql.table(VIEWERS)}
      for each row execute function refuse_audit_change()`.execute(db);
    await sql`create trigger ${sql.id(`${VIEWERS}_no_truncate`)} before truncate on ${sql.table(VIEWERS)}
      for each statement execute function refuse_audit_change()`.execute(db);
    return;
  }
  for (const operation of ['update', 'delete'] as const) {
    const message = `audit trail is append-only: ${operation} on ${VIEWERS} refused`;
    await sql`create trigger ${sql.id(`${VIEWERS}_no_${operation}`)} before ${sql.raw(operation)} on ${sql.table(VIEWERS)}
      begin select raise(abort, ${sql.lit(message)}); end`.execute(db);
  }
}

export function activityByReaderMigration({ dialect }: MigrationContext) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable(REBUILT)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull().references('audit_events.id'))
        .addColumn('occurred_at', 'text', (c) => c.notNull())
        .addColumn('action', 'text', (c) => c.notNull())
        .addColumn('entity_type', 'text', (c) => c.notNull())
        .addColumn('actor_id', 'integer')
        .addPrimaryKeyConstraint('audit_event_viewers_user_event_pkey', ['user_id', 'event_id'])
        .execute();
      await sql`insert into ${sql.table(REBUILT)} (user_id, event_id, occurred_at, action, entity_type, actor_id)
        select v.user_id, v.event_id, e.occurred_at, e.action, e.entity_type, e.actor_id
        from ${sql.table(VIEWERS)} v join audit_events e on e.id = v.event_id`.execute(db);

      await db.schema
        .createTable('manager_suppliers')
        .addColumn('supplier_id', 'integer', (c) => c.notNull())
        .addColumn('manager_id', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('manager_suppliers_pkey', ['supplier_id', 'manager_id'])
        .execute();
      await sql`insert into manager_suppliers (supplier_id, manager_id)
        select supplier_id, inventory_manager_id from supply_orders
        union
        select entity_id, actor_id from audit_events
        where action = 'supplier.created' and actor_role = 'Inventory Manager'
          and entity_id is not null and actor_id is not null`.execute(db);
      await sql`insert into ${sql.table(REBUILT)} (user_id, event_id, occurred_at, action, entity_type, actor_id)
        select m.manager_id, e.id, e.occurred_at, e.action, e.entity_type, e.actor_id
        from audit_events e join manager_suppliers m on m.supplier_id = e.supplier_id
        where not exists (select 1 from ${sql.table(REBUILT)} r where r.user_id = m.manager_id and r.event_id = e.id)`.execute(
        db,
      );

      await db.schema.dropTable(VIEWERS).execute();
      await db.schema.alterTable(REBUILT).renameTo(VIEWERS).execute();
      for (const [name, columns] of READER_INDEXES) {
        await db.schema.createIndex(name).on(VIEWERS).columns(columns).execute();
      }
      await refuseChanges(db, dialect);
    },
    async down(db: Kysely<unknown>) {
      // The supplier events' rows written for managers stay: each names an event its reader may read.
      await db.schema
        .createTable(REBUILT)
        .addColumn('user_id', 'integer', (c) => c.notNull())
        .addColumn('event_id', 'integer', (c) => c.notNull().references('audit_events.id'))
        .addPrimaryKeyConstraint('audit_event_viewers_pkey', ['user_id', 'event_id'])
        .execute();
      await sql`insert into ${sql.table(REBUILT)} (user_id, event_id)
        select user_id, event_id from ${sql.table(VIEWERS)}`.execute(db);
      await db.schema.dropTable(VIEWERS).execute();
      await db.schema.alterTable(REBUILT).renameTo(VIEWERS).execute();
      await refuseChanges(db, dialect);
      await db.schema.dropTable('manager_suppliers').execute();
    },
  };
}
