import {
  courierServiceListResponseSchema,
  errorResponseSchema,
  listQuerySchema,
  TOTAL_COUNT_HEADER,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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
      preValidation: app.requireAccess('GET /api/couriers-services'),
      config: { responseCache: true },
      schema: {
        tags: ['couriers'],
        security: [{ session: [] }],
        querystring: listQuerySchema,
        response: {
          200: courierServiceListResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { items, total } = await options.courierService.list(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );
}
