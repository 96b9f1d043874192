import { z } from 'zod';
import { notificationSchema } from './auth';

/** GET /api/notifications: the caller's own, newest first. */
export const notificationListResponseSchema = z.array(notificationSchema);
