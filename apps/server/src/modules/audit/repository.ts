import type { ACTIVITY_LIST, ActivityEvent, AuditAction, AuditEntityType } from '@depot/contract';
import type { Insertable } from 'kysely';
import { compiledQuery, compiledRowsQuery } from '../../db/compiled-query';
import { countRows, type ListColumns, orderedPage, whereInDays, whereSearched } from '../../db/list-query';
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

type ActivitySortField = (typeof ACTIVITY_LIST.sortFields)[number];

const LIST_COLUMNS: ListColumns<ActivitySortField> = {
  sort: {
    occurred_at: { column: 'e.occurred_at' },
    action: { column: 'e.action' },
    entity_type: { column: 'e.entity_type' },
  },
  search: ['u.name', 'u.email'],
  id: 'e.id',
};

/**
 * What a manager may read: what concerns them (viewers, the actor among them), and the account and
 * catalogue events of the suppliers they work with (opened the account of, or ordered from). One
 * id list, so the newest-first index does the paging.
 */
function visibleEvents(db: Executor, viewerId: number, filters: ActivityFilters, q: string | undefined) {
  let query = db
    .selectFrom('audit_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_id')
    .where((eb) =>
      eb(
        'e.id',
        'in',
        eb
          .selectFrom('audit_event_viewers as v')
          .select('v.event_id as id')
          .where('v.user_id', '=', viewerId)
          // Two lookups, not one OR, so each can use the supplier_id index.
          .union(
            eb
              .selectFrom('audit_events as s')
              .select('s.id')
              .where(
                's.supplier_id',
                'in',
                eb
                  .selectFrom('supply_orders as r')
                  .select('r.supplier_id')
                  .where('r.inventory_manager_id', '=', viewerId),
              ),
          )
          .union(
            eb
              .selectFrom('audit_events as s')
              .select('s.id')
              .where(
                's.supplier_id',
                'in',
                eb
                  .selectFrom('audit_events as opened')
                  .select('opened.entity_id')
                  .where('opened.actor_id', '=', viewerId)
                  .where('opened.action', '=', 'supplier.created'),
              ),
          ),
      ),
    );
  if (filters.action) query = query.where('e.action', '=', filters.action);
  if (filters.entityType) query = query.where('e.entity_type', '=', filters.entityType);
  query = whereInDays(query, 'e.occurred_at', filters);
  // `actor` is the older name of the search: both look in the actor's name and email.
  return whereSearched(db, whereSearched(db, query, LIST_COLUMNS, filters.actor), LIST_COLUMNS, q);
}

/** One page of the events the viewer may read that pass the filters. */
export async function listActivity(
  db: Executor,
  viewerId: number,
  filters: ActivityFilters,
  list: ListRequest<ActivitySortField>,
): Promise<ActivityEvent[]> {
  const query = visibleEvents(db, viewerId, filters, list.q).select([
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
  const rows = await orderedPage(db, query, LIST_COLUMNS, list.sort, list.page).execute();
  return rows.map((row) => ({
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

export function countActivity(
  db: Executor,
  viewerId: number,
  filters: ActivityFilters,
  q: string | undefined,
): Promise<number> {
  return countRows(visibleEvents(db, viewerId, filters, q));
}
