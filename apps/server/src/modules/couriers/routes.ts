import { courierServiceListQuerySchema, courierServiceListResponseSchema } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRouteOptions, sendListPage } from '../../lib/list';
import type { CourierServiceService } from './service';

export interface CourierRoutesOptions {
  courierService: CourierServiceService;
}

/** GET /api/couriers-services: the order form's Courier Service choices, for any logged-in user. */
export async function courierRoutes(app: FastifyInstance, options: CourierRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/couriers-services',
    listRouteOptions({
      tags: ['couriers'],
      querystring: courierServiceListQuerySchema,
      response: courierServiceListResponseSchema,
    }),
    async (request, reply) => sendListPage(request, reply, await options.courierService.list(request.query)),
  );
}
