import {
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  idParamsSchema,
  listQuerySchema,
  ORDER_MESSAGES,
  type Order,
  orderDraftSchema,
  orderListResponseSchema,
  orderResponseSchema,
  shippingCostQuerySchema,
  shippingCostResponseSchema,
  TOTAL_COUNT_HEADER,
  updateOrderStatusBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formErrorFormatter } from '../../plugins/error-handler';
import { auditContextOf } from '../audit/context';
import { sessionUser } from '../auth/authenticate';
import type { Idempotency } from '../idempotency/service';
import type { OrderService } from './service';

export interface OrderRoutesOptions {
  orderService: OrderService;
  idempotency: Idempotency;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Customer orders (DESIGN §5, §6): placing, listing by role, courier status changes, shipping preview. */
export async function orderRoutes(app: FastifyInstance, options: OrderRoutesOptions) {
  const { orderService, idempotency } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const security = [{ session: [] }];

  routes.get(
    '/api/orders/get-shipping-cost',
    {
      preValidation: app.requireAccess('GET /api/orders/get-shipping-cost'),
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
      preValidation: app.requireAccess('GET /api/orders'),
      config: { responseCache: true },
      schema: {
        tags,
        security,
        querystring: listQuerySchema,
        response: { 200: orderListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await orderService.list(sessionUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  routes.post(
    '/api/orders',
    {
      preValidation: app.requireAccess('POST /api/orders'),
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
      const user = sessionUser(request);
      const placed = (order: Order) => ({ statusCode: 201, body: { message: ORDER_MESSAGES.placed, order } });
      const outcome = await idempotency.run(
        {
          userId: user.id,
          key: request.headers[IDEMPOTENCY_KEY_HEADER],
          scope: 'POST /api/orders',
          payload: request.body,
        },
        async (claim) =>
          placed(
            await orderService.place(user, request.body, auditContextOf(request), (trx, order) =>
              claim.complete(trx, placed(order)),
            ),
          ),
      );
      if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(outcome.statusCode).send(outcome.body as { message: string; order: Order });
    },
  );

  routes.put(
    '/api/orders/:id',
    {
      preValidation: app.requireAccess('PUT /api/orders/:id'),
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
        sessionUser(request),
        request.params.id,
        request.body.status,
        auditContextOf(request),
      );
      return { message: ORDER_MESSAGES.statusUpdated, order };
    },
  );
}
