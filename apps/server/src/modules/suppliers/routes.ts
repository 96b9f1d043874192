import {
  createSupplierBodySchema,
  errorResponseSchema,
  idParamsSchema,
  listQuerySchema,
  messageResponseSchema,
  SUPPLIER_MESSAGES,
  supplierListResponseSchema,
  supplierResponseSchema,
  TOTAL_COUNT_HEADER,
  updateSupplierBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditContextOf } from '../audit/context';
import type { SupplierService } from './service';

export interface SupplierRoutesOptions {
  supplierService: SupplierService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Suppliers Management: Inventory Managers create, edit and deactivate Supplier accounts (DESIGN §7). */
export async function supplierRoutes(app: FastifyInstance, options: SupplierRoutesOptions) {
  const { supplierService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['suppliers'];
  const security = [{ session: [] }];

  routes.get(
    '/api/suppliers',
    {
      preValidation: app.requireAccess('GET /api/suppliers'),
      config: { responseCache: true },
      schema: {
        tags,
        security,
        querystring: listQuerySchema,
        response: { 200: supplierListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { items, total } = await supplierService.list(request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return items;
    },
  );

  routes.post(
    '/api/suppliers',
    {
      preValidation: app.requireAccess('POST /api/suppliers'),
      schema: {
        tags,
        security,
        body: createSupplierBodySchema,
        response: { 201: supplierResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const supplier = await supplierService.create(request.body, auditContextOf(request));
      return reply.status(201).send({ supplier, message: SUPPLIER_MESSAGES.added });
    },
  );

  routes.put(
    '/api/suppliers/:id',
    {
      preValidation: app.requireAccess('PUT /api/suppliers/:id'),
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateSupplierBodySchema,
        response: { 200: supplierResponseSchema, ...errors },
      },
    },
    async (request) => {
      const supplier = await supplierService.update(request.params.id, request.body, auditContextOf(request));
      return { supplier, message: SUPPLIER_MESSAGES.updated };
    },
  );

  routes.delete(
    '/api/suppliers/:id',
    {
      preValidation: app.requireAccess('DELETE /api/suppliers/:id'),
      schema: { tags, security, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await supplierService.remove(request.params.id, auditContextOf(request));
      return { message: SUPPLIER_MESSAGES.deleted };
    },
  );
}
