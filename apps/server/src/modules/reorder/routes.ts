import {
  createDraftsBodySchema,
  createDraftsResponseSchema,
  errorResponseSchema,
  idParamsSchema,
  placeDraftBodySchema,
  reorderRuleBodySchema,
  reorderRuleResponseSchema,
  reorderSettingsBodySchema,
  reorderSettingsResponseSchema,
  reorderSuggestionsResponseSchema,
  supplyOrderDraftListResponseSchema,
  supplyOrderDraftResponseSchema,
  supplyOrderResponseSchema,
  updateDraftBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
import { idempotentCreateOptions } from '../idempotency/service';
import { placingOf } from '../order-engine/placing';
import type { ReorderService } from './service';

export interface ReorderRoutesOptions {
  reorderService: ReorderService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/**
 * Reorder rules, suggestions and drafted supply orders
 * (docs/decisions/026-reorder-rules-and-drafted-supply-orders.md).
 */
export async function reorderRoutes(app: FastifyInstance, options: ReorderRoutesOptions) {
  const { reorderService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['reorder'];
  const security = [{ session: [] }];

  routes.get(
    '/api/stocks/:id/reorder-rule',
    {
      schema: {
        tags,
        security,
        description: "A stock item's reorder rule and the level its demand suggests.",
        params: idParamsSchema,
        response: { 200: reorderRuleResponseSchema, ...errors },
      },
    },
    async (request) => ({
      message: '',
      rule: await reorderService.getRule(scopeOf(request), request.params.id),
    }),
  );

  routes.put(
    '/api/stocks/:id/reorder-rule',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: reorderRuleBodySchema,
        response: { 200: reorderRuleResponseSchema, ...errors },
      },
    },
    async (request) =>
      reorderService.saveRule(scopeOf(request), request.params.id, request.body, auditContextOf(request)),
  );

  routes.delete(
    '/api/stocks/:id/reorder-rule',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: reorderRuleResponseSchema, ...errors },
      },
    },
    async (request) =>
      reorderService.removeRule(scopeOf(request), request.params.id, auditContextOf(request)),
  );

  routes.get(
    '/api/reorder-suggestions',
    {
      // Kept while the data is unchanged (docs/decisions/020-response-cache-on-sqlite.md).
      config: { responseCache: true },
      schema: {
        tags,
        security,
        description:
          "The caller's items at or under their reorder level, counting open supply orders, by supplier.",
        response: { 200: reorderSuggestionsResponseSchema, ...errors },
      },
    },
    async (request) => reorderService.suggestions(scopeOf(request)),
  );

  routes.put(
    '/api/reorder-settings',
    {
      schema: {
        tags,
        security,
        body: reorderSettingsBodySchema,
        response: { 200: reorderSettingsResponseSchema, ...errors },
      },
    },
    async (request) =>
      reorderService.setAutomatic(scopeOf(request), request.body.automatic, auditContextOf(request)),
  );

  routes.post(
    '/api/reorder-suggestions/drafts',
    {
      schema: {
        tags,
        security,
        description:
          'One draft supply order per supplier for the suggestions not yet in a draft; running it again adds nothing.',
        body: createDraftsBodySchema,
        response: { 200: createDraftsResponseSchema, ...errors },
      },
    },
    async (request) =>
      reorderService.createDrafts(scopeOf(request), request.body ?? {}, auditContextOf(request)),
  );

  routes.get(
    '/api/supply-order-drafts',
    { schema: { tags, security, response: { 200: supplyOrderDraftListResponseSchema, ...errors } } },
    async (request) => reorderService.listDrafts(scopeOf(request)),
  );

  routes.put(
    '/api/supply-order-drafts/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: updateDraftBodySchema,
        response: { 200: supplyOrderDraftResponseSchema, ...errors },
      },
    },
    async (request) =>
      reorderService.updateDraft(scopeOf(request), request.params.id, request.body, auditContextOf(request)),
  );

  routes.delete(
    '/api/supply-order-drafts/:id',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: z.object({ message: z.string() }), ...errors },
      },
    },
    async (request) =>
      reorderService.deleteDraft(scopeOf(request), request.params.id, auditContextOf(request)),
  );

  const placeOptions = idempotentCreateOptions({
    tags,
    body: placeDraftBodySchema,
    created: supplyOrderResponseSchema,
  });
  routes.post(
    '/api/supply-order-drafts/:id/place',
    {
      ...placeOptions,
      schema: {
        ...placeOptions.schema,
        params: idParamsSchema,
        response: { ...placeOptions.schema.response, 404: errorResponseSchema },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await reorderService.placeDraft(request.params.id, request.body ?? {}, placingOf(request))),
  );
}
