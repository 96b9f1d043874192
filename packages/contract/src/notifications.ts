import { z } from 'zod';
import { notificationSchema } from './auth';
import { defineList, listQuerySchema } from './lists';

/** GET /api/notifications: the caller's own, newest first. */
export const notificationListResponseSchema = z.array(notificationSchema);

export const NOTIFICATION_LIST = defineList({
  sortFields: ['created_at', 'title'],
  defaultSort: { field: 'created_at', order: 'desc' },
  searches: 'the title and the message',
});
export type NotificationSortField = (typeof NOTIFICATION_LIST.sortFields)[number];
export const notificationListQuerySchema = listQuerySchema(NOTIFICATION_LIST);
export type NotificationListQuery = z.infer<typeof notificationListQuerySchema>;
