import type { ActivityEvent, ActivitySortField, AuditAction, AuditEntityType } from '@depot/contract';
import { type Insertable, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import { compiledQuery, compiledRowsQuery } from '../../db/compiled-query';
import {
  countRows,
  type ListColumns,
  type ListSearch,
  listSearch,
  orderedPage,
  whereInDays,
  whereSearched,
} from '../../db/list-query';
import type { AuditEventsTable, Executor } from '../../db/schema';
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

const insertEventQuery = compiledQuery((db, row: Insertable<AuditEventsTable>) =>
  db
    .insertInto('audit_events')
    .values({
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
    })
    .returning('id'),
);

const insertViewersQuery = compiledRowsQuery((db, viewers: { user_id: number; event_id: number }[]) =>
  db
    .insertInto('audit_event_viewers')
    .values(viewers.map((viewer) => ({ user_id: viewer.user_id, event_id: viewer.event_id }))),
);

/** Appends one event; call it with the transaction of the change, so both commit or neither. */
export async function recordAuditEvent(
  db: Executor,
  context: AuditContext,
  occurredAt: string,
  event: AuditEvent,
): Promise<number> {
  const inserted = await insertEventQuery.executeTakeFirst(db, {
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
  });
  if (!inserted) throw new Error('the audit event insert returned no row');
  const { id } = inserted;
  // The actor always reads what they did.
  const readers = context.actor ? [context.actor.id, ...event.viewers] : event.viewers;
  if (readers.length > 0) {
    const viewers = [...new Set(readers)].map((user_id) => ({ user_id, event_id: id }));
    await insertViewersQuery.execute(db, viewers);
  }
  return id;
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

const LIST_COLUMNS: ListColumns<ActivitySortField> = {
  sort: {
    occurred_at: { column: 'e.occurred_at' },
    action: { column: 'e.action' },
    entity_type: { column: 'e.entity_type' },
  },
  // The actor's name or email: looked up once in the users table, then by the events' actor index.
  search: [{ user: 'e.actor_id', alsoEmail: true }],
  id: 'e.id',
};

/** The events (as `e`) that pass the filters and the search, whoever may read them. */
function filteredEvents<DB, TB extends keyof DB, O>(
  db: Executor,
  query: SelectQueryBuilder<DB, TB, O>,
  filters: ActivityFilters,
  searches: Searches,
): SelectQueryBuilder<DB, TB, O> {
  let filtered = query;
  if (filters.action) filtered = filtered.where(sql<SqlBool>`e.action = ${filters.action}`);
  if (filters.entityType) filtered = filtered.where(sql<SqlBool>`e.entity_type = ${filters.entityType}`);
  filtered = whereInDays(filtered, 'e.occurred_at', filters);
  // `actor` is the older name of the search: both look in the actor's name and email.
  return whereSearched(
    db,
    whereSearched(db, filtered, LIST_COLUMNS, searches.actor),
    LIST_COLUMNS,
    searches.q,
  );
}

/** The list's search and the older `actor` filter, their actors looked up first. */
interface Searches {
  actor: ListSearch | undefined;
  q: ListSearch | undefined;
}

async function searchesOf(db: Executor, filters: ActivityFilters, q: string | undefined): Promise<Searches> {
  return {
    actor: await listSearch(db, LIST_COLUMNS, filters.actor),
    q: await listSearch(db, LIST_COLUMNS, q),
  };
}

const hasFilters = (filters: ActivityFilters, searches: Searches) =>
  Boolean(filters.action || filters.entityType || filters.from || filters.to || searches.actor || searches.q);

/** Whether the viewer is among the event's (`e`) viewers; the actor always is. */
const isViewer = (viewerId: number) =>
  sql<SqlBool>`exists (select 1 from audit_event_viewers v where v.user_id = ${viewerId} and v.event_id = e.id)`;

/**
 * Whether the event (`e`) is a supplier account's or catalogue's that the viewer may read through
 * its supplier: one they opened the account of, or ordered from. Looked up for that supplier alone.
 */
const readsThroughSupplier = (viewerId: number) => sql<SqlBool>`(e.supplier_id is not null and (
  exists (select 1 from supply_orders r where r.inventory_manager_id = ${viewerId} and r.supplier_id = e.supplier_id)
  or exists (select 1 from audit_events opened
    where opened.actor_id = ${viewerId} and opened.action = ${'supplier.created'} and opened.entity_id = e.supplier_id)))`;

/**
 * What a manager may read: what concerns them (viewers, the actor among them), and the account and
 * catalogue events of the suppliers they work with (opened the account of, or ordered from). Asked
 * of each event in turn, so a page walks an index in the sort's order and stops once it is full.
 */
function visibleEvents(db: Executor, viewerId: number, filters: ActivityFilters, searches: Searches) {
  const query = db
    .selectFrom('audit_events as e')
    .where(sql<SqlBool>`(${isViewer(viewerId)} or ${readsThroughSupplier(viewerId)})`);
  return filteredEvents(db, query, filters, searches);
}

/** One page of the events the viewer may read that pass the filters. */
export async function listActivity(
  db: Executor,
  viewerId: number,
  filters: ActivityFilters,
  list: ListRequest<ActivitySortField>,
): Promise<ActivityEvent[]> {
  const rows = db
    .selectFrom('audit_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
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
    visibleEvents(db, viewerId, filters, await searchesOf(db, filters, list.q)),
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
  viewerId: number,
  filters: ActivityFilters,
  q: string | undefined,
): Promise<number> {
  // The events the viewer is a viewer of, and those read through a supplier that they are not a
  // viewer of: two counts that add up, each by index, instead of asking every event both questions.
  const searches = await searchesOf(db, filters, q);
  const asViewer = hasFilters(filters, searches)
    ? countRows(
        filteredEvents(
          db,
          db
            .selectFrom('audit_event_viewers as v')
            .innerJoin('audit_events as e', 'e.id', 'v.event_id')
            .where('v.user_id', '=', viewerId),
          filters,
          searches,
        ),
      )
    : // Every viewer row names an event (a foreign key): no need to read the events.
      countRows(db.selectFrom('audit_event_viewers as v').where('v.user_id', '=', viewerId));
  const throughSupplier = countRows(
    filteredEvents(
      db,
      db
        .selectFrom('audit_events as e')
        .where(sql<SqlBool>`${readsThroughSupplier(viewerId)} and not ${isViewer(viewerId)}`),
      filters,
      searches,
    ),
  );
  return (await asViewer) + (await throughSupplier);
}
