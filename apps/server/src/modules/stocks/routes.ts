import {
  confirmStockCountBodySchema,
  confirmStockCountResponseSchema,
  createStockBodySchema,
  createStockResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  STOCK_COUNT_MESSAGES,
  STOCK_MESSAGES,
  stockItemSchema,
  stockListQuerySchema,
  stockListResponseSchema,
  stockMovementListResponseSchema,
  stockMovementQuerySchema,
  updateStockBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRouteOptions, sendListPage } from '../../lib/list';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
import type { StockService } from './service';

export interface StockRoutesOptions {
  stockService: StockService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

export async function stockRoutes(app: FastifyInstance, options: StockRoutesOptions) {
  const { stockService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['stocks'];
  const security = [{ session: [] }];

  routes.get(
    '/api/stocks',
    listRouteOptions({ tags, querystring: stockListQuerySchema, response: stockListResponseSchema }),
    async (request, reply) =>
      sendListPage(request, reply, await stockService.list(scopeOf(request), request.query)),
  );

  routes.get(
    '/api/stocks/:id',
    {
      schema: { tags, security, params: idParamsSchema, response: { 200: stockItemSchema, ...errors } },
    },
    async (request) => stockService.get(scopeOf(request), request.params.id),
  );

  routes.get(
    '/api/stocks/:id/movements',
    listRouteOptions({
      tags,
      description: "A stock item's history: every change of its quantity, newest first.",
      params: idParamsSchema,
      querystring: stockMovementQuerySchema,
      response: stockMovementListResponseSchema,
    }),
    async (request, reply) =>
      sendListPage(
        request,
        reply,
        await stockService.movements(scopeOf(request), request.params.id, request.query),
      ),
  );

  routes.post(
    '/api/stocks',
    {
      schema: {
        tags,
        security,
        body: createStockBodySchema,
        response: { 201: createStockResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const stock = await stockService.create(scopeOf(request), request.body, auditContextOf(request));
      return reply.status(201).send({ stock, message: STOCK_MESSAGES.added });
    },
  );

  routes.post(
    '/api/stock-counts',
    {
      schema: {
        tags,
        security,
        description:
          'Confirms a stock count: each item is set to its counted quantity with a count movement, in one transaction; 409 stock_count_stale when an item no longer holds its expected quantity.',
        body: confirmStockCountBodySchema,
        response: { 201: confirmStockCountResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const count = await stockService.confirmCount(scopeOf(request), request.body, auditContextOf(request));
      return reply.status(201).send({ count, message: STOCK_COUNT_MESSAGES.confirmed });
    },
  );

  routes.put(
    '/api/stocks/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateStockBodySchema,
        response: { 200: messageResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await stockService.update(scopeOf(request), request.params.id, request.body, auditContextOf(request));
      return { message: STOCK_MESSAGES.updated };
    },
  );

  routes.delete(
    '/api/stocks/:id',
    {
      schema: { tags, security, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await stockService.remove(scopeOf(request), request.params.id, auditContextOf(request));
      return { message: STOCK_MESSAGES.deleted };
    },
  );
}
