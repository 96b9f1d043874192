import {
  createStockBodySchema,
  createStockResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  listQuerySchema,
  messageResponseSchema,
  STOCK_MESSAGES,
  stockItemSchema,
  stockListResponseSchema,
  TOTAL_COUNT_HEADER,
  updateStockBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditContextOf } from '../audit/context';
import { sessionUser } from '../auth/authenticate';
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
    {
      preValidation: app.requireAccess('GET /api/stocks'),
      config: { responseCache: true },
      schema: {
        tags,
        security,
        querystring: listQuerySchema,
        response: { 200: stockListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await stockService.list(sessionUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  routes.get(
    '/api/stocks/:id',
    {
      preValidation: app.requireAccess('GET /api/stocks/:id'),
      schema: { tags, security, params: idParamsSchema, response: { 200: stockItemSchema, ...errors } },
    },
    async (request) => stockService.get(sessionUser(request), request.params.id),
  );

  routes.post(
    '/api/stocks',
    {
      preValidation: app.requireAccess('POST /api/stocks'),
      schema: {
        tags,
        security,
        body: createStockBodySchema,
        response: { 201: createStockResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const stock = await stockService.create(sessionUser(request), request.body, auditContextOf(request));
      return reply.status(201).send({ stock, message: STOCK_MESSAGES.added });
    },
  );

  routes.put(
    '/api/stocks/:id',
    {
      preValidation: app.requireAccess('PUT /api/stocks/:id'),
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateStockBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await stockService.update(
        sessionUser(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return { message: STOCK_MESSAGES.updated };
    },
  );

  routes.delete(
    '/api/stocks/:id',
    {
      preValidation: app.requireAccess('DELETE /api/stocks/:id'),
      schema: { tags, security, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await stockService.remove(sessionUser(request), request.params.id, auditContextOf(request));
      return { message: STOCK_MESSAGES.deleted };
    },
  );
}
