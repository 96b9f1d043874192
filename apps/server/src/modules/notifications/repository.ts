import type { Notification, NotificationSortField } from '@depot/contract';
import { compiledQuery } from '../../db/compiled-query';
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

const insertNotificationQuery = compiledQuery((db, row: NewNotification) =>
  db
    .insertInto('notifications')
    .values({
      user_id: row.user_id,
      title: row.title,
      message: row.message,
      order_id: row.order_id,
      created_at: row.created_at,
    })
    .returning(notificationColumns),
);

export async function createNotification(db: Executor, notification: NewNotification): Promise<Notification> {
  // A compiled statement takes every column's value, a missing order as null.
  const row = await insertNotificationQuery.executeTakeFirst(db, {
    ...notification,
    order_id: notification.order_id ?? null,
  });
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
