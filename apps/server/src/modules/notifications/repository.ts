import type { Notification } from '@depot/contract';
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';

export type Executor = Kysely<Database> | Transaction<Database>;

const notificationColumns = ['id', 'title', 'message', 'created_at'] as const;

export function createNotification(
  db: Executor,
  notification: { user_id: number; title: string; message: string; created_at: string },
): Promise<Notification> {
  return db
    .insertInto('notifications')
    .values(notification)
    .returning(notificationColumns)
    .executeTakeFirstOrThrow();
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
