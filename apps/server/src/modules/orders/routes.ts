import {
  errorResponseSchema,
  idempotencyHeadersSchema,
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
import { sendListPage } from '../../lib/list';
import { formErrorFormatter } from '../../plugins/error-handler';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
import { idempotencyKeyOf } from '../idempotency/service';
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

/** Customer orders (DESIGN §5, §6): placing, listing by role, courier status changes, shipping preview. */
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
    {
      config: { responseCache: true },
      schema: {
        tags,
        security,
        querystring: orderListQuerySchema,
        response: { 200: orderListResponseSchema, ...errors },
      },
    },
    async (request, reply) =>
      sendListPage(request, reply, await orderService.list(scopeOf(request), request.query)),
  );

  routes.post(
    '/api/orders',
    {
      config: { idempotent: true },
      // The order form shows the server's sentence as it is (SPEC §5).
      schemaErrorFormatter: formErrorFormatter,
      schema: {
        tags,
        security,
        headers: idempotencyHeadersSchema,
        body: orderDraftSchema,
        response: {
          201: orderResponseSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const placed = await orderService.place(
        scopeOf(request),
        request.body,
        auditContextOf(request),
        idempotencyKeyOf(request),
      );
      return reply.status(201).send(placed);
    },
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
