import {
  createSupplyOrderBodySchema,
  errorResponseSchema,
  idParamsSchema,
  recordDeliveryBodySchema,
  SUPPLY_ORDER_MESSAGES,
  supplierScorecardsResponseSchema,
  supplyOrderDetailSchema,
  supplyOrderListQuerySchema,
  supplyOrderListResponseSchema,
  supplyOrderResponseSchema,
  updateSupplyOrderBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRouteOptions, sendListPage } from '../../lib/list';
import { formErrorFormatter } from '../../plugins/error-handler';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
import { idempotentCreateOptions } from '../idempotency/service';
import { placingOf } from '../order-engine/placing';
import type { SupplyOrderService } from './service';

export interface SupplyOrderRoutesOptions {
  supplyOrderService: SupplyOrderService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Supply orders (docs/product/business-rules.md#supply-orders): managers place them, suppliers move
 * them along. The paths keep the API's names.
 */
export async function supplyOrderRoutes(app: FastifyInstance, options: SupplyOrderRoutesOptions) {
  const { supplyOrderService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['supply orders'];
  const security = [{ session: [] }];

  routes.get(
    '/api/replenishment-orders',
    listRouteOptions({
      tags,
      description: "A manager's own supply orders, or those placed with a supplier.",
      querystring: supplyOrderListQuerySchema,
      response: supplyOrderListResponseSchema,
    }),
    async (request, reply) =>
      sendListPage(request, reply, await supplyOrderService.list(scopeOf(request), request.query)),
  );

  routes.post(
    '/api/replenishment-orders',
    idempotentCreateOptions({ tags, body: createSupplyOrderBodySchema, created: supplyOrderResponseSchema }),
    async (request, reply) =>
      reply.status(201).send(await supplyOrderService.place(request.body, placingOf(request))),
  );

  routes.get(
    '/api/replenishment-orders/:id',
    {
      schema: {
        tags,
        security,
        description:
          "One supply order with how to reach its manager and its supplier: what its purchase order document prints. Another's order is a 404.",
        params: idParamsSchema,
        response: { 200: supplyOrderDetailSchema, ...errors },
      },
    },
    async (request) => supplyOrderService.get(scopeOf(request), request.params.id),
  );

  routes.put(
    '/api/replenishment-orders/:id',
    {
      // The Update dialog toasts the server's error field as it is
      // (docs/product/validation-and-messages.md#supply-order-update).
      schemaErrorFormatter: formErrorFormatter,
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateSupplyOrderBodySchema,
        response: { 200: supplyOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await supplyOrderService.update(
        scopeOf(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return { message: SUPPLY_ORDER_MESSAGES.updated, order };
    },
  );

  routes.post(
    '/api/replenishment-orders/:id/deliveries',
    {
      schema: {
        tags,
        security,
        description:
          'The supplier records units arriving: any number of each product up to what is still to come. The delivery that completes every line makes the order Delivered.',
        params: idParamsSchema,
        body: recordDeliveryBodySchema,
        response: { 200: supplyOrderResponseSchema, ...errors },
      },
    },
    async (request) => {
      const order = await supplyOrderService.recordDelivery(
        scopeOf(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return { message: SUPPLY_ORDER_MESSAGES.deliveryRecorded, order };
    },
  );

  routes.get(
    '/api/supplier-scorecards',
    {
      schema: {
        tags,
        security,
        description:
          "Each supplier's on-time rate, fill rate, average lead time, open and overdue orders, over the supply orders the caller reaches.",
        response: { 200: supplierScorecardsResponseSchema, ...errors },
      },
    },
    async (request) => ({ scorecards: await supplyOrderService.scorecards(scopeOf(request)) }),
  );
}
