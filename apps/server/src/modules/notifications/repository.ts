import type { Notification } from '@depot/contract';
import type { Kysely, Transaction } from 'kysely';
import { compiledQuery } from '../../db/compiled-query';
import type { Database } from '../../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

const notificationColumns = ['id', 'title', 'message', 'created_at'] as const;

interface NewNotification {
  user_id: number;
  title: string;
  message: string;
  created_at: string;
}

const insertNotificationQuery = compiledQuery((db, row: NewNotification) =>
  db
    .insertInto('notifications')
    .values({ user_id: row.user_id, title: row.title, message: row.message, created_at: row.created_at })
    .returning(notificationColumns),
);

export async function createNotification(db: Executor, notification: NewNotification): Promise<Notification> {
  const row = await insertNotificationQuery.executeTakeFirst(db, notification);
  if (!row) throw new Error('the notification insert returned no row');
  return row;
}

/** The user's notifications, newest first. */
export function listNotifications(
  db: Executor,
  userId: number,
  page: { limit: number; offset: number },
): Promise<Notification[]> {
  return db
    .selectFrom('notifications')
    .select(notificationColumns)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countNotifications(db: Executor, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
