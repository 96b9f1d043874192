import {
  createSupplierProductBodySchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  SUPPLIER_PRODUCT_MESSAGES,
  supplierProductListQuerySchema,
  supplierProductListResponseSchema,
  supplierProductResponseSchema,
  supplierProductSchema,
  updateSupplierProductBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRouteOptions, sendListPage } from '../../lib/list';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
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

/**
 * Suppliers' catalogues (docs/product/business-rules.md#supplier-products): suppliers keep their
 * own, managers read them to order from.
 */
export async function supplierProductRoutes(app: FastifyInstance, options: SupplierProductRoutesOptions) {
  const { supplierProductService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['supplier products'];
  const security = [{ session: [] }];

  routes.get(
    '/api/stock-replenishment/products',
    listRouteOptions({
      tags,
      description:
        "A supplier gets their own products; a manager every active supplier's (or ?supplier_id=).",
      querystring: supplierProductListQuerySchema,
      response: supplierProductListResponseSchema,
    }),
    async (request, reply) =>
      sendListPage(request, reply, await supplierProductService.list(scopeOf(request), request.query)),
  );

  routes.post(
    '/api/stock-replenishment/products',
    {
      schema: {
        tags,
        security,
        body: createSupplierProductBodySchema,
        response: { 201: supplierProductSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const product = await supplierProductService.create(
        scopeOf(request),
        request.body,
        auditContextOf(request),
      );
      return reply.status(201).send(product);
    },
  );

  routes.put(
    '/api/stock-replenishment/products/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateSupplierProductBodySchema,
        response: { 200: supplierProductResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const product = await supplierProductService.update(
        scopeOf(request),
        request.params.id,
        request.body,
        auditContextOf(request),
      );
      return { product, message: SUPPLIER_PRODUCT_MESSAGES.updated };
    },
  );

  // docs/product/business-rules.md#supplier-products: discontinue, resume, delete one never ordered.
  for (const [action, discontinued] of [
    ['discontinue', true],
    ['resume', false],
  ] as const) {
    routes.post(
      `/api/stock-replenishment/products/:id/${action}`,
      {
        schema: {
          tags,
          security,
          description: discontinued
            ? "Hides one of the supplier's products from managers' new orders; orders that have it keep it."
            : 'Offers a discontinued product to managers again.',
          params: idParamsSchema,
          response: { 200: supplierProductResponseSchema, ...errors },
        },
      },
      async (request) => {
        const product = await supplierProductService.setDiscontinued(
          scopeOf(request),
          request.params.id,
          discontinued,
          auditContextOf(request),
        );
        const message = discontinued
          ? SUPPLIER_PRODUCT_MESSAGES.discontinued
          : SUPPLIER_PRODUCT_MESSAGES.resumed;
        return { product, message };
      },
    );
  }

  routes.delete(
    '/api/stock-replenishment/products/:id',
    {
      schema: {
        tags,
        security,
        description: "Deletes one of the supplier's products that no supply order has; 409 otherwise.",
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      await supplierProductService.remove(scopeOf(request), request.params.id, auditContextOf(request));
      return { message: SUPPLIER_PRODUCT_MESSAGES.deleted };
    },
  );
}
