import { courierDaySchema, customerDaySchema, errorResponseSchema, supplierDaySchema } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../auth/authenticate';
import type { OverviewService } from './service';

export interface OverviewRoutesOptions {
  overviewService: OverviewService;
}

const errors = { 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * Each role's day on the Overview (docs/product/screens.md#overview): one endpoint a role, over
 * the caller's own orders. Not kept by the response cache: "today" moves with the clock.
 */
export async function overviewRoutes(app: FastifyInstance, options: OverviewRoutesOptions) {
  const { overviewService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['overview'];
  const security = [{ session: [] }];

  routes.get(
    '/api/overview/customer',
    {
      schema: {
        tags,
        security,
        description: "The customer's open orders by status and their last deliveries.",
        response: { 200: customerDaySchema, ...errors },
      },
    },
    async (request) => overviewService.customer(scopeOf(request)),
  );

  routes.get(
    '/api/overview/supplier',
    {
      schema: {
        tags,
        security,
        description:
          "The supplier's open supply orders by status, those expected this week (Monday to Sunday, UTC) and those expected before today.",
        response: { 200: supplierDaySchema, ...errors },
      },
    },
    async (request) => overviewService.supplier(scopeOf(request)),
  );

  routes.get(
    '/api/overview/courier',
    {
      schema: {
        tags,
        security,
        description:
          "The courier's orders due today by status, and the open ones due before today by status.",
        response: { 200: courierDaySchema, ...errors },
      },
    },
    async (request) => overviewService.courier(scopeOf(request)),
  );
}
