import {
  ACCOUNT_MESSAGES,
  createSupplierBodySchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  SUPPLIER_LOGIN_FIELDS,
  SUPPLIER_MESSAGES,
  supplierListQuerySchema,
  supplierListResponseSchema,
  supplierResponseSchema,
  updateSupplierBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { InvalidError } from '../../lib/errors';
import { listRouteOptions, sendListPage } from '../../lib/list';
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

/**
 * Suppliers Management: Inventory Managers create, edit and deactivate Supplier accounts
 * (docs/product/business-rules.md#suppliers).
 */
export async function supplierRoutes(app: FastifyInstance, options: SupplierRoutesOptions) {
  const { supplierService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['suppliers'];
  const security = [{ session: [] }];

  routes.get(
    '/api/suppliers',
    listRouteOptions({ tags, querystring: supplierListQuerySchema, response: supplierListResponseSchema }),
    async (request, reply) => sendListPage(request, reply, await supplierService.list(request.query)),
  );

  routes.post(
    '/api/suppliers',
    {
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
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateSupplierBodySchema,
        response: { 200: supplierResponseSchema, ...errors },
      },
      // Before validation, which would drop the fields: a manager may not change a supplier's login.
      preValidation: async (request) => {
        const body = request.body as Record<string, unknown> | null;
        const sent = SUPPLIER_LOGIN_FIELDS.filter(
          (field) => body && typeof body === 'object' && field in body,
        );
        if (sent.length > 0) {
          throw new InvalidError(
            ACCOUNT_MESSAGES.loginNotEditable,
            sent.map((field) => ({ path: `body.${field}`, message: ACCOUNT_MESSAGES.loginNotEditable })),
            'login_not_editable',
          );
        }
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
      schema: { tags, security, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await supplierService.remove(request.params.id, auditContextOf(request));
      return { message: SUPPLIER_MESSAGES.deleted };
    },
  );
}
