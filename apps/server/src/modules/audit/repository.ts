import type { ActivityEvent, ActivitySortField, AuditAction, AuditEntityType } from '@depot/contract';
import { type Insertable, sql } from 'kysely';
import { compiledRowsQuery } from '../../db/compiled-query';
import {
  countRows,
  type ListColumns,
  type ListSearch,
  listSearch,
  orderedPage,
  whereInDays,
  whereSearched,
} from '../../db/list-query';
import {
  type AuditEventsTable,
  type AuditEventViewersTable,
  type Executor,
  isPostgres,
} from '../../db/schema';
import type { ListRequest } from '../../lib/list';
import type { AuditContext } from './context';

/** A snapshot of an entity's fields before or after a change. */
export type Snapshot = Record<string, unknown>;

export interface AuditEvent {
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: number | null;
  before?: Snapshot | null;
  after?: Snapshot | null;
  /** Who may read it in Activity besides its actor (always a reader): the users it concerns; ids may repeat. */
  viewers: readonly number[];
  /** A supplier account's or catalogue's event: the managers working with that supplier may read it. */
  supplierId?: number;
}

// Callers pass plain fields, but a key that smells of a secret never reaches the table anyway.
const SECRET_KEY = /password|token|secret|hash|link|cookie/i;
const toJson = (snapshot: Snapshot | null | undefined) =>
  snapshot == null
    ? null
    : JSON.stringify(snapshot, (key, value) => (key !== '' && SECRET_KEY.test(key) ? undefined : value));

type ViewerRow = Insertable<AuditEventViewersTable>;

const insertViewersQuery = compiledRowsQuery((db, viewers: ViewerRow[]) =>
  db.insertInto('audit_event_viewers').values(
    viewers.map((viewer) => ({
      user_id: viewer.user_id,
      event_id: viewer.event_id,
      occurred_at: viewer.occurred_at,
      action: viewer.action,
      entity_type: viewer.entity_type,
      actor_id: viewer.actor_id,
    })),
  ),
);

/**
 * Serialises, per supplier, writing its events' viewer rows for the managers working with it
 * against a manager starting to work with it (PostgreSQL; SQLite runs one writer at a time). An
 * event's writer holds the lock shared while it reads `manager_suppliers`; a new relation's writer
 * holds it exclusive while it copies the supplier's past events. Whichever commits second sees what
 * the first wrote, so no event is left without a row for a manager who may read it.
 */
async function lockSupplierReaders(db: Executor, supplierId: number, mode: 'shared' | 'exclusive') {
  if (!isPostgres(db)) return;
  const lock = mode === 'shared' ? sql`pg_advisory_xact_lock_shared` : sql`pg_advisory_xact_lock`;
  await sql`select ${lock}(${SUPPLIER_READERS_LOCK}, ${supplierId})`.execute(db);
}
/** The advisory lock space of lockSupplierReaders (its first key). */
const SUPPLIER_READERS_LOCK = 80_008;

const insertEventsQuery = compiledRowsQuery((db, rows: Insertable<AuditEventsTable>[]) =>
  db
    .insertInto('audit_events')
    .values(
      rows.map((row) => ({
        occurred_at: row.occurred_at,
        actor_id: row.actor_id,
        actor_role: row.actor_role,
        action: row.action,
        entity_type: row.entity_type,
        entity_id: row.entity_id,
        before: row.before,
        after: row.after,
        request_id: row.request_id,
        supplier_id: row.supplier_id,
      })),
    )
    .returning('id'),
);

/** Appends one event; call it with the transaction of the change, so both commit or neither. */
export async function recordAuditEvent(
  db: Executor,
  context: AuditContext,
  occurredAt: string,
  event: AuditEvent,
): Promise<number> {
  const [id] = await recordAuditEvents(db, context, occurredAt, [event]);
  if (id === undefined) throw new Error('the audit event insert returned no row');
  return id;
}

/**
 * Appends events of one change (a courier's bulk status change: an event per order) in two
 * statements, events then their readers, however many; answers their ids in the order given.
 */
export function recordAuditEvents(
  db: Executor,
  context: AuditContext,
  occurredAt: string,
  events: readonly AuditEvent[],
): Promise<number[]> {
  return recordAuditEventsOf(
    db,
    events.map((event) => ({ context, occurredAt, event })),
  );
}

/**
 * Appends events of several requests' changes (orders placed together), each stamped with its own
 * request and actor, in two statements; answers their ids in the order given.
 */
export async function recordAuditEventsOf(
  db: Executor,
  entries: readonly { context: AuditContext; occurredAt: string; event: AuditEvent }[],
): Promise<number[]> {
  if (entries.length === 0) return [];
  const inserted = await insertEventsQuery.execute(
    db,
    entries.map(({ context, occurredAt, event }) => ({
      occurred_at: occurredAt,
      actor_id: context.actor?.id ?? null,
      actor_role: context.actor?.role ?? null,
      action: event.action,
      entity_type: event.entityType,
      entity_id: event.entityId,
      before: toJson(event.before),
      after: toJson(event.after),
      request_id: context.requestId,
      supplier_id: event.supplierId ?? null,
    })),
  );
  // Ids are given in the order the rows were written; RETURNING promises no order.
  const ids = inserted.rows.map((row) => row.id).sort((a, b) => a - b);
  if (ids.length !== entries.length) throw new Error('the audit event insert returned too few rows');
  const viewers = entries.flatMap(({ context, occurredAt, event }, index) => {
    // The actor always reads what they did.
    const readers = context.actor ? [context.actor.id, ...event.viewers] : event.viewers;
    return [...new Set(readers)].map((user_id) => ({
      user_id,
      event_id: ids[index] as number,
      occurred_at: occurredAt,
      action: event.action,
      entity_type: event.entityType,
      actor_id: context.actor?.id ?? null,
    }));
  });
  if (viewers.length > 0) await insertViewersQuery.execute(db, viewers);
  for (const [index, { context, occurredAt, event }] of entries.entries()) {
    const { supplierId } = event;
    if (supplierId !== undefined) {
      const actorId = context.actor?.id ?? null;
      await addSupplierReaders(db, { ...event, supplierId, id: ids[index] as number, occurredAt, actorId });
    }
  }
  return ids;
}

/** The managers working with the event's supplier read it too (see lockSupplierReaders). */
async function addSupplierReaders(
  db: Executor,
  event: AuditEvent & { supplierId: number; id: number; occurredAt: string; actorId: number | null },
) {
  const { id, occurredAt, actorId } = event;
  await lockSupplierReaders(db, event.supplierId, 'shared');
  await db
    .insertInto('audit_event_viewers')
    .columns(['user_id', 'event_id', 'occurred_at', 'action', 'entity_type', 'actor_id'])
    .expression(
      db
        .selectFrom('manager_suppliers as m')
        .select([
          'm.manager_id',
          sql.lit(id).as('event_id'),
          // Typed, for PostgreSQL cannot tell a parameter's type in a select list.
          sql<string>`cast(${occurredAt} as text)`.as('occurred_at'),
          sql<AuditAction>`cast(${event.action} as text)`.as('action'),
          sql<AuditEntityType>`cast(${event.entityType} as text)`.as('entity_type'),
          sql<number | null>`cast(${actorId} as integer)`.as('actor_id'),
        ])
        .where('m.supplier_id', '=', event.supplierId),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'event_id']).doNothing())
    .execute();
}

/**
 * Records that the manager works with the supplier (opened its account, or ordered from it): from
 * then on they read its account and catalogue events in Activity, those before it too, copied here
 * once. Call it in the transaction that makes the relation.
 */
export async function relateManagerToSupplier(db: Executor, managerId: number, supplierId: number) {
  const related = await db
    .insertInto('manager_suppliers')
    .values({ supplier_id: supplierId, manager_id: managerId })
    .onConflict((conflict) => conflict.columns(['supplier_id', 'manager_id']).doNothing())
    .returning('manager_id')
    .executeTakeFirst();
  if (!related) return;
  await lockSupplierReaders(db, supplierId, 'exclusive');
  await db
    .insertInto('audit_event_viewers')
    .columns(['user_id', 'event_id', 'occurred_at', 'action', 'entity_type', 'actor_id'])
    .expression(
      db
        .selectFrom('audit_events as e')
        .select([
          sql.lit(managerId).as('user_id'),
          'e.id',
          'e.occurred_at',
          'e.action',
          'e.entity_type',
          'e.actor_id',
        ])
        .where('e.supplier_id', '=', supplierId),
    )
    .onConflict((conflict) => conflict.columns(['user_id', 'event_id']).doNothing())
    .execute();
}

export interface ActivityFilters {
  action?: AuditAction | undefined;
  entityType?: AuditEntityType | undefined;
  /** Part of the actor's name or email. */
  actor?: string | undefined;
  /** UTC days, both whole. */
  from?: string | undefined;
  to?: string | undefined;
}

// A reader's viewer rows (`v`) carry the event's time, action, kind and actor: every part of a
// page but its text is read from them, by indexes that start with the reader.
const LIST_COLUMNS: ListColumns<ActivitySortField> = {
  sort: {
    occurred_at: { column: 'v.occurred_at' },
    action: { column: 'v.action' },
    entity_type: { column: 'v.entity_type' },
  },
  // The actor's name or email: looked up once in the users table, then by the actor index.
  search: [{ user: 'v.actor_id', alsoEmail: true }],
  id: 'v.event_id',
};

/** The list's search and the older `actor` filter, their actors looked up first. */
export interface ActivitySearches {
  actor: ListSearch | undefined;
  q: ListSearch | undefined;
}

/** Looks up the actors a search names, once for a request's page and count. */
export async function activitySearches(
  db: Executor,
  filters: ActivityFilters,
  q: string | undefined,
): Promise<ActivitySearches> {
  return {
    actor: await listSearch(db, LIST_COLUMNS, filters.actor),
    q: await listSearch(db, LIST_COLUMNS, q),
  };
}

/**
 * The viewer rows (as `v`) of the events the reader may read that pass the filters and the search.
 * Every event a manager may read has one (docs/decisions/008-append-only-audit-trail.md): what
 * concerns them, what they did, and the account and catalogue events of the suppliers they work
 * with.
 */
function readableEvents(
  db: Executor,
  readerId: number,
  filters: ActivityFilters,
  searches: ActivitySearches,
) {
  let query = db.selectFrom('audit_event_viewers as v').where('v.user_id', '=', readerId);
  if (filters.action) query = query.where('v.action', '=', filters.action);
  if (filters.entityType) query = query.where('v.entity_type', '=', filters.entityType);
  query = whereInDays(query, 'v.occurred_at', filters);
  // `actor` is the older name of the search: both look in the actor's name and email.
  return whereSearched(db, whereSearched(db, query, LIST_COLUMNS, searches.actor), LIST_COLUMNS, searches.q);
}

/** One page of the events the reader may read that pass the filters. */
export async function listActivity(
  db: Executor,
  readerId: number,
  filters: ActivityFilters,
  searches: ActivitySearches,
  list: ListRequest<ActivitySortField>,
): Promise<ActivityEvent[]> {
  const rows = db
    .selectFrom('audit_event_viewers as v')
    .innerJoin('audit_events as e', 'e.id', 'v.event_id')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .where('v.user_id', '=', readerId)
    .select([
      'e.id',
      'e.occurred_at',
      'e.action',
      'e.entity_type',
      'e.entity_id',
      'e.actor_id',
      'e.actor_role',
      'u.name as actor_name',
      'u.email as actor_email',
      'e.before',
      'e.after',
      'e.request_id',
    ]);
  const page = await orderedPage(
    db,
    rows,
    readableEvents(db, readerId, filters, searches),
    LIST_COLUMNS,
    list.sort,
    list.page,
  ).execute();
  return page.map((row) => ({
    id: row.id,
    occurred_at: row.occurred_at,
    action: row.action,
    entity_type: row.entity_type,
    entity_id: row.entity_id,
    actor:
      row.actor_id !== null && row.actor_role !== null
        ? { id: row.actor_id, role: row.actor_role, name: row.actor_name ?? '', email: row.actor_email ?? '' }
        : null,
    before: row.before === null ? null : (JSON.parse(row.before) as Record<string, unknown>),
    after: row.after === null ? null : (JSON.parse(row.after) as Record<string, unknown>),
    request_id: row.request_id,
  }));
}

export async function countActivity(
  db: Executor,
  readerId: number,
  filters: ActivityFilters,
  searches: ActivitySearches,
): Promise<number> {
  return countRows(readableEvents(db, readerId, filters, searches));
}
