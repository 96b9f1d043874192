import {
  createSupplierProductBodySchema,
  errorResponseSchema,
  idParamsSchema,
  SUPPLIER_PRODUCT_MESSAGES,
  supplierProductListQuerySchema,
  supplierProductListResponseSchema,
  supplierProductResponseSchema,
  supplierProductSchema,
  TOTAL_COUNT_HEADER,
  updateSupplierProductBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditContextOf } from '../audit/context';
import { sessionUser } from '../auth/authenticate';
import type { SupplierProductService } from './service';

export interface SupplierProductRoutesOptions {
  supplierProductService: SupplierProductService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

/** Suppliers' catalogues (DESIGN §7): suppliers keep their own, managers read them to order from. */
export async function supplierProductRoutes(app: FastifyInstance, options: SupplierProductRoutesOptions) {
  const { supplierProductService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['supplier products'];
  const security = [{ session: [] }];

  routes.get(
    '/api/stock-replenishment/products',
    {
      preValidation: app.requireAccess('GET /api/stock-replenishment/products'),
      config: { responseCache: true },
      schema: {
        tags,
        security,
        description:
          "A supplier gets their own products; a manager every active supplier's (or ?supplier_id=).",
        querystring: supplierProductListQuerySchema,
        response: { 200: supplierProductListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await supplierProductService.list(sessionUser(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  routes.post(
    '/api/stock-replenishment/products',
    {
      preValidation: app.requireAccess('POST /api/stock-replenishment/products'),
      schema: {
        tags,
        security,
        body: createSupplierProductBodySchema,
        response: { 201: supplierProductSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await supplierProductService.create(
        sessionUser(request),
        request.body,
        auditContextOf(request),
      );
      return reply.status(201).send(product);
    },
  );

  routes.put(
    '/api/stock-replenishment/products/:id',
    {
      preValidation: app.requireAccess('PUT /api/stock-replenishment/products/:id'),
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateSupplierProductBodySchema,
        response: { 200: supplierProductResponseSchema, ...errors },
      },
    },
    async (request) => {
      const product = await supplierProductService.update(
        sessionUser(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return { product, message: SUPPLIER_PRODUCT_MESSAGES.updated };
    },
  );
}
