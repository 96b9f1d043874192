import { NOTIFICATION_LIST, type Notification, type NotificationListQuery } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ListPage, listRequestOf, listWithTotal } from '../../lib/list';
import type { Scope } from '../auth/authenticate';
import * as repo from './repository';

export function createNotificationService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** The caller's own notifications only. */
    list(scope: Scope, query: NotificationListQuery): Promise<ListPage<Notification>> {
      const list = listRequestOf(NOTIFICATION_LIST, query);
      return listWithTotal(
        list.page,
        (page) => repo.listNotifications(db, scope.reach, { ...list, page }),
        () => repo.countNotifications(db, scope.reach, list.q),
      );
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
