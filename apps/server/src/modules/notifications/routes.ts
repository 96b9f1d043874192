import { notificationListQuerySchema, notificationListResponseSchema } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRouteOptions, sendListPage } from '../../lib/list';
import { scopeOf } from '../auth/authenticate';
import type { NotificationService } from './service';

export interface NotificationRoutesOptions {
  notificationService: NotificationService;
}

/**
 * GET /api/notifications: the caller's own, newest first, paginated
 * (docs/product/business-rules.md#lists-and-paging).
 */
export async function notificationRoutes(app: FastifyInstance, options: NotificationRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/notifications',
    listRouteOptions({
      tags: ['notifications'],
      querystring: notificationListQuerySchema,
      response: notificationListResponseSchema,
    }),
    async (request, reply) =>
      sendListPage(request, reply, await options.notificationService.list(scopeOf(request), request.query)),
  );
}
