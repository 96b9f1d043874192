import { errorResponseSchema, pincodeLookupSchema, pincodeParamsSchema } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { PincodeService } from './service';

export interface PincodeRoutesOptions {
  pincodeService: PincodeService;
}

/**
 * GET /api/pincodes/{pin}: the order form's PIN check, so the browser never calls a third party
 * (docs/product/business-rules.md#pin-codes).
 */
export async function pincodeRoutes(app: FastifyInstance, options: PincodeRoutesOptions) {
  const { pincodeService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/api/pincodes/:pin',
    {
      // Logged-in users only: the upstream fallback must not become an open proxy.
      schema: {
        tags: ['pincodes'],
        security: [{ session: [] }],
        params: pincodeParamsSchema,
        response: { 200: pincodeLookupSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, max-age=3600');
      return pincodeService.lookup(request.params.pin);
    },
  );
}
