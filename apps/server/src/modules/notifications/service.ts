import { LIST_LIMIT_MAX, type ListQuery, type Notification, type SessionUser } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import * as repo from './repository';

export function createNotificationService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** The caller's own notifications only. */
    async list(user: SessionUser, page: ListQuery): Promise<{ items: Notification[]; total: number }> {
      const [items, total] = await Promise.all([
        repo.listNotifications(db, user.id, {
          limit: page.limit ?? LIST_LIMIT_MAX,
          offset: page.offset ?? 0,
        }),
        repo.countNotifications(db, user.id),
      ]);
      return { items, total };
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
