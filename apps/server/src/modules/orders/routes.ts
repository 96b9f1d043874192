import {
  errorResponseSchema,
  idParamsSchema,
  ORDER_MESSAGES,
  orderDraftSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  shippingCostQuerySchema,
  shippingCostResponseSchema,
  updateOrderStatusBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRouteOptions, sendListPage } from '../../lib/list';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
import { idempotentCreateOptions } from '../idempotency/service';
import { placingOf } from '../order-engine/placing';
import type { OrderService } from './service';

export interface OrderRoutesOptions {
  orderService: OrderService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/**
 * Customer orders (docs/product/business-rules.md#customer-orders): placing, listing by role,
 * courier status changes, shipping preview.
 */
export async function orderRoutes(app: FastifyInstance, options: OrderRoutesOptions) {
  const { orderService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const security = [{ session: [] }];

  routes.get(
    '/api/orders/get-shipping-cost',
    {
      schema: {
        tags,
        security,
        querystring: shippingCostQuerySchema,
        response: { 200: shippingCostResponseSchema, ...errors },
      },
    },
    async (request) => ({
      shipping_cost: orderService.shippingCost(request.query.total_weight, request.query.location_type),
    }),
  );

  routes.get(
    '/api/orders',
    listRouteOptions({ tags, querystring: orderListQuerySchema, response: orderListResponseSchema }),
    async (request, reply) =>
      sendListPage(request, reply, await orderService.list(scopeOf(request), request.query)),
  );

  routes.post(
    '/api/orders',
    idempotentCreateOptions({ tags, body: orderDraftSchema, created: orderResponseSchema }),
    async (request, reply) =>
      reply.status(201).send(await orderService.place(request.body, placingOf(request))),
  );

  routes.put(
    '/api/orders/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateOrderStatusBodySchema,
        response: { 200: orderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await orderService.updateStatus(
        scopeOf(request),
        request.params.id,
        request.body.status,
        auditContextOf(request),
      );
      return { message: ORDER_MESSAGES.statusUpdated, order };
    },
  );
}
