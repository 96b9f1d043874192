import {
  ADDRESS_MESSAGES,
  addressBodySchema,
  customerAddressAnswerSchema,
  customerAddressListSchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../auth/authenticate';
import type { AddressService } from './service';

export interface AddressRoutesOptions {
  addressService: AddressService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * A customer's remembered delivery addresses (docs/product/api.md#addresses). The list is a plain
 * array, not the list protocol (docs/decisions/024-overviews-and-remembered-addresses.md): a
 * customer keeps at most 20, all shown at once, so there is nothing to page, sort or search.
 */
export async function addressRoutes(app: FastifyInstance, options: AddressRoutesOptions) {
  const { addressService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['addresses'];
  const security = [{ session: [] }];

  routes.get(
    '/api/addresses',
    {
      schema: {
        tags,
        security,
        description: "The customer's saved delivery addresses, the last used first (at most 20).",
        response: { 200: customerAddressListSchema, ...errors },
      },
    },
    async (request) => addressService.list(scopeOf(request)),
  );

  routes.post(
    '/api/addresses',
    {
      schema: {
        tags,
        security,
        description: 'Saves a delivery address; a customer keeps at most 20 (409 too_many_addresses).',
        body: addressBodySchema,
        response: { 201: customerAddressAnswerSchema, ...errors },
      },
    },
    async (request, reply) => {
      const address = await addressService.create(scopeOf(request), request.body);
      return reply.code(201).send({ message: ADDRESS_MESSAGES.created, address });
    },
  );

  routes.put(
    '/api/addresses/:id',
    {
      schema: {
        tags,
        security,
        description: 'Changes a saved address; orders placed to it keep their own copy.',
        params: idParamsSchema,
        body: addressBodySchema,
        response: { 200: customerAddressAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const address = await addressService.update(scopeOf(request), request.params.id, request.body);
      return { message: ADDRESS_MESSAGES.updated, address };
    },
  );

  routes.delete(
    '/api/addresses/:id',
    {
      schema: {
        tags,
        security,
        description: 'Deletes a saved address; orders placed to it keep their own copy.',
        params: idParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await addressService.remove(scopeOf(request), request.params.id);
      return { message: ADDRESS_MESSAGES.deleted };
    },
  );
}
