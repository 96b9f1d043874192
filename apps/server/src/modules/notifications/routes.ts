import {
  errorResponseSchema,
  listQuerySchema,
  notificationListResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sessionUser } from '../auth/authenticate';
import type { NotificationService } from './service';

export interface NotificationRoutesOptions {
  notificationService: NotificationService;
}

/** GET /api/notifications: the caller's own, newest first, paginated (DESIGN §10). */
export async function notificationRoutes(app: FastifyInstance, options: NotificationRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/notifications',
    {
      preValidation: app.requireAccess('GET /api/notifications'),
      config: { responseCache: true },
      schema: {
        tags: ['notifications'],
        security: [{ session: [] }],
        querystring: listQuerySchema,
        response: { 200: notificationListResponseSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { items, total } = await options.notificationService.list(sessionUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );
}
