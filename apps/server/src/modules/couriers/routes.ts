import {
  courierServiceListQuerySchema,
  courierServiceListResponseSchema,
  errorResponseSchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendListPage } from '../../lib/list';
import type { CourierServiceService } from './service';

export interface CourierRoutesOptions {
  courierService: CourierServiceService;
}

/** GET /api/couriers-services: the order form's Courier Service choices, for any logged-in user. */
export async function courierRoutes(app: FastifyInstance, options: CourierRoutesOptions) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    '/api/couriers-services',
    {
      config: { responseCache: true },
      schema: {
        tags: ['couriers'],
        security: [{ session: [] }],
        querystring: courierServiceListQuerySchema,
        response: {
          200: courierServiceListResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => sendListPage(request, reply, await options.courierService.list(request.query)),
  );
}
