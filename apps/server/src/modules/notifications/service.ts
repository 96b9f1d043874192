import { NOTIFICATION_LIST, type Notification, type NotificationListQuery } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { type ListPage, listPage } from '../../lib/list';
import type { Scope } from '../auth/authenticate';
import * as repo from './repository';

export function createNotificationService(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** The caller's own notifications only. */
    list(scope: Scope, query: NotificationListQuery): Promise<ListPage<Notification>> {
      return listPage(
        NOTIFICATION_LIST,
        query,
        (list) => repo.listNotifications(db, scope.reach, list),
        (q) => repo.countNotifications(db, scope.reach, q),
      );
    },
  };
}

export type NotificationService = ReturnType<typeof createNotificationService>;
