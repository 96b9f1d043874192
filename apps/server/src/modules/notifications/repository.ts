import type { Notification, NotificationSortField } from '@depot/contract';
import { compiledRowsQuery } from '../../db/compiled-query';
import { countRows, type ListColumns, orderedPage, whereSearched } from '../../db/list-query';
import { type Reach, reached } from '../../db/reach';
import type { Executor } from '../../db/schema';
import type { ListRequest } from '../../lib/list';

const LIST_COLUMNS: ListColumns<NotificationSortField> = {
  sort: {
    created_at: { column: 'notifications.created_at' },
    title: { column: 'notifications.title', text: true },
  },
  search: ['notifications.title', 'notifications.message'],
  id: 'notifications.id',
};

const notificationColumns = ['id', 'title', 'message', 'order_id', 'created_at'] as const;

interface NewNotification {
  user_id: number;
  title: string;
  message: string;
  /** The customer order it is about, if any. */
  order_id?: number | null;
  created_at: string;
}

const insertNotificationsQuery = compiledRowsQuery((db, rows: NewNotification[]) =>
  db
    .insertInto('notifications')
    .values(
      rows.map((row) => ({
        user_id: row.user_id,
        title: row.title,
        message: row.message,
        order_id: row.order_id,
        created_at: row.created_at,
      })),
    )
    .returning(notificationColumns),
);

/** Writes notifications in one statement; answers them in the order given. */
export async function createNotifications(
  db: Executor,
  notifications: readonly NewNotification[],
): Promise<Notification[]> {
  if (notifications.length === 0) return [];
  // A compiled statement takes every column's value, a missing order as null.
  const rows = await insertNotificationsQuery.execute(
    db,
    notifications.map((notification) => ({ ...notification, order_id: notification.order_id ?? null })),
  );
  // Ids are given in the order the rows were written; RETURNING promises no order.
  return rows.rows.sort((a, b) => a.id - b.id);
}

export async function createNotification(db: Executor, notification: NewNotification): Promise<Notification> {
  const [row] = await createNotifications(db, [notification]);
  if (!row) throw new Error('the notification insert returned no row');
  return row;
}

function notificationsOf(db: Executor, reach: Reach, q?: string) {
  return whereSearched(
    db,
    db.selectFrom('notifications').where(reached('notifications', reach)),
    LIST_COLUMNS,
    q,
  );
}

/** One page of the caller's notifications. */
export function listNotifications(
  db: Executor,
  reach: Reach,
  list: ListRequest<NotificationSortField>,
): Promise<Notification[]> {
  const rows = db
    .selectFrom('notifications')
    .select([
      'notifications.id',
      'notifications.title',
      'notifications.message',
      'notifications.order_id',
      'notifications.created_at',
    ]);
  return orderedPage(
    db,
    rows,
    notificationsOf(db, reach, list.q),
    LIST_COLUMNS,
    list.sort,
    list.page,
  ).execute();
}

export function countNotifications(db: Executor, reach: Reach, q: string | undefined): Promise<number> {
  return countRows(notificationsOf(db, reach, q));
}
