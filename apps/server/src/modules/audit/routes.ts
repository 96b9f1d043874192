import { activityListResponseSchema, activityQuerySchema } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRouteOptions, sendListPage } from '../../lib/list';
import { scopeOf } from '../auth/authenticate';
import type { ActivityService } from './service';

export interface ActivityRoutesOptions {
  activityService: ActivityService;
}

export async function activityRoutes(app: FastifyInstance, options: ActivityRoutesOptions) {
  const { activityService } = options;
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/activity',
    listRouteOptions({
      tags: ['activity'],
      description:
        'The audit trail an Inventory Manager may read, newest first: what they did, events on their own stock, orders holding their stock, their supply orders, their own sign-ins, and the account and catalogue changes of the suppliers they opened or ordered from.',
      querystring: activityQuerySchema,
      response: activityListResponseSchema,
    }),
    async (request, reply) =>
      sendListPage(request, reply, await activityService.list(scopeOf(request), request.query)),
  );
}
