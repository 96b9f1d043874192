import {
  createSupplyOrderBodySchema,
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
  idParamsSchema,
  listQuerySchema,
  SUPPLY_ORDER_MESSAGES,
  type SupplyOrder,
  supplyOrderListResponseSchema,
  supplyOrderResponseSchema,
  TOTAL_COUNT_HEADER,
  updateSupplyOrderBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formErrorFormatter } from '../../plugins/error-handler';
import { auditContextOf } from '../audit/context';
import { sessionUser } from '../auth/authenticate';
import type { Idempotency } from '../idempotency/service';
import type { SupplyOrderService } from './service';

export interface SupplyOrderRoutesOptions {
  supplyOrderService: SupplyOrderService;
  idempotency: Idempotency;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Replenishment (supply) orders (DESIGN §7): managers place them, suppliers move them along. */
export async function supplyOrderRoutes(app: FastifyInstance, options: SupplyOrderRoutesOptions) {
  const { supplyOrderService, idempotency } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['replenishment orders'];
  const security = [{ session: [] }];

  routes.get(
    '/api/replenishment-orders',
    {
      preValidation: app.requireAccess('GET /api/replenishment-orders'),
      config: { responseCache: true },
      schema: {
        tags,
        security,
        description: "A manager's own replenishment orders or a supplier's own supply orders, newest first.",
        querystring: listQuerySchema,
        response: { 200: supplyOrderListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await supplyOrderService.list(sessionUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  routes.post(
    '/api/replenishment-orders',
    {
      preValidation: app.requireAccess('POST /api/replenishment-orders'),
      // The Stock Replenishment screen shows the server's sentence as it is (SPEC §5, §8).
      schemaErrorFormatter: formErrorFormatter,
      schema: {
        tags,
        security,
        headers: idempotencyHeadersSchema,
        body: createSupplyOrderBodySchema,
        response: { 201: supplyOrderResponseSchema, ...errors, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = sessionUser(request);
      const placed = (order: SupplyOrder) => ({
        statusCode: 201,
        body: { message: SUPPLY_ORDER_MESSAGES.placed, order },
      });
      const outcome = await idempotency.run(
        {
          userId: user.id,
          key: request.headers[IDEMPOTENCY_KEY_HEADER],
          scope: 'POST /api/replenishment-orders',
          payload: request.body,
        },
        async (claim) =>
          placed(
            await supplyOrderService.place(user, request.body, auditContextOf(request), (trx, order) =>
              claim.complete(trx, placed(order)),
            ),
          ),
      );
      if (outcome.replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
      return reply.status(outcome.statusCode).send(outcome.body as { message: string; order: SupplyOrder });
    },
  );

  routes.put(
    '/api/replenishment-orders/:id',
    {
      preValidation: app.requireAccess('PUT /api/replenishment-orders/:id'),
      // The Update dialog toasts the server's error field as it is (SPEC §8).
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
        sessionUser(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return { message: SUPPLY_ORDER_MESSAGES.updated, order };
    },
  );
}
