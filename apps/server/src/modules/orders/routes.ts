import {
  bulkStatusBodySchema,
  bulkStatusResponseSchema,
  errorResponseSchema,
  failedAttemptBodySchema,
  idempotencyHeadersSchema,
  idParamsSchema,
  ORDER_MESSAGES,
  orderDetailResponseSchema,
  orderDetailSchema,
  orderDraftSchema,
  orderListQuerySchema,
  orderListResponseSchema,
  orderResponseSchema,
  orderStatusCountsQuerySchema,
  orderStatusCountsSchema,
  reassignCourierBodySchema,
  reopenOrderBodySchema,
  shippingCostQuerySchema,
  shippingCostResponseSchema,
  TRACKING_TOKEN_PATTERN,
  trackingSchema,
  trackParamsSchema,
  updateOrderStatusBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError } from '../../lib/errors';
import { listRouteOptions, sendListPage } from '../../lib/list';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
import { idempotencyKeyOf, idempotentCreateOptions } from '../idempotency/service';
import { placingOf } from '../order-engine/placing';
import type { OrderService } from './service';

/** Requests one address may make to the tracking endpoint per minute: plenty for a page, too few to guess tokens. */
export const TRACKING_RATE_LIMIT = { max: 60, timeWindow: 60_000 };

export interface OrderRoutesOptions {
  orderService: OrderService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};
/** The proof photo's bytes (image/jpeg or image/webp), sent as they are kept. */
const proofPhotoResponseSchema = z
  .string()
  .meta({ format: 'binary', description: 'The photo: image/jpeg or image/webp' });

const conflicts = { ...errors, 409: errorResponseSchema, 503: errorResponseSchema };

/**
 * Customer orders (docs/product/business-rules.md#customer-orders): placing, listing by role,
 * courier status changes, shipping preview.
 */
export async function orderRoutes(app: FastifyInstance, options: OrderRoutesOptions) {
  const { orderService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['orders'];
  const security = [{ session: [] }];

  routes.get(
    '/api/orders/get-shipping-cost',
    {
      schema: {
        tags,
        security,
        querystring: shippingCostQuerySchema,
        response: { 200: shippingCostResponseSchema, ...errors },
      },
    },
    async (request) => ({
      shipping_cost: orderService.shippingCost(request.query.total_weight, request.query.location_type),
    }),
  );

  routes.get(
    '/api/orders',
    listRouteOptions({ tags, querystring: orderListQuerySchema, response: orderListResponseSchema }),
    async (request, reply) =>
      sendListPage(request, reply, await orderService.list(scopeOf(request), request.query)),
  );

  routes.get(
    '/api/orders/status-counts',
    {
      schema: {
        tags,
        security,
        querystring: orderStatusCountsQuerySchema,
        response: { 200: orderStatusCountsSchema, ...errors },
      },
    },
    async (request) =>
      orderService.statusCounts(scopeOf(request), {
        from: request.query.delivery_from,
        to: request.query.delivery_to,
      }),
  );

  routes.post(
    '/api/orders/status',
    {
      // A retry with the same key answers the first outcome; without one, asking again is harmless:
      // an order already in the status is reported unchanged (docs/product/api.md#bulk-status).
      config: { idempotent: true },
      schema: {
        tags,
        security,
        headers: idempotencyHeadersSchema,
        body: bulkStatusBodySchema,
        response: {
          200: bulkStatusResponseSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request) =>
      orderService.bulkUpdateStatus(
        scopeOf(request),
        request.body.ids,
        request.body.status,
        auditContextOf(request),
      ),
  );

  routes.post(
    '/api/orders',
    idempotentCreateOptions({ tags, body: orderDraftSchema, created: orderResponseSchema }),
    async (request, reply) =>
      reply.status(201).send(await orderService.place(request.body, placingOf(request))),
  );

  // A courier's phone may send a change again after being offline: an Idempotency-Key makes the
  // repeat a replay (docs/decisions/029-offline-courier-changes.md).
  routes.put(
    '/api/orders/:id',
    {
      config: { idempotent: true },
      schema: {
        tags,
        security,
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: updateOrderStatusBodySchema,
        response: {
          200: orderResponseSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
          423: errorResponseSchema,
        },
      },
    },
    async (request) => {
      const order = await orderService.updateStatus(
        scopeOf(request),
        request.params.id,
        request.body.status,
        auditContextOf(request),
        {
          deviceTime: request.body.device_time,
          idempotencyKey: idempotencyKeyOf(request),
          proof: request.body.proof,
        },
      );
      return { message: ORDER_MESSAGES.statusUpdated, order };
    },
  );

  // Served only to those who reach the order; private to their browser, never to a shared cache
  // (docs/decisions/032-proof-of-delivery.md).
  routes.get(
    '/api/orders/:id/proof/photo',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: proofPhotoResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const photo = await orderService.proofPhoto(scopeOf(request), request.params.id);
      return (
        reply
          .header('content-type', photo.type)
          .header('cache-control', 'private, max-age=3600')
          .header('content-disposition', 'inline')
          // A Buffer is sent as it is: Fastify never passes one through the JSON serializer.
          .send(photo.bytes as unknown as string)
      );
    },
  );

  routes.get(
    '/api/orders/:id',
    { schema: { tags, security, params: idParamsSchema, response: { 200: orderDetailSchema, ...errors } } },
    async (request) => orderService.get(scopeOf(request), request.params.id),
  );

  routes.post(
    '/api/orders/:id/cancel',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        response: { 200: orderDetailResponseSchema, ...conflicts },
      },
    },
    async (request) => ({
      message: ORDER_MESSAGES.cancelled,
      order: await orderService.cancel(scopeOf(request), request.params.id, auditContextOf(request)),
    }),
  );

  routes.put(
    '/api/orders/:id/courier',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: reassignCourierBodySchema,
        response: { 200: orderDetailResponseSchema, ...conflicts },
      },
    },
    async (request) => ({
      message: ORDER_MESSAGES.courierReassigned,
      order: await orderService.reassignCourier(
        scopeOf(request),
        request.params.id,
        request.body.courier_service_id,
        auditContextOf(request),
      ),
    }),
  );

  // A failed attempt made offline is sent later like a status change: an Idempotency-Key makes
  // the repeat a replay (docs/decisions/031-failed-attempts-and-returns.md).
  routes.post(
    '/api/orders/:id/attempts',
    {
      config: { idempotent: true },
      schema: {
        tags,
        security,
        headers: idempotencyHeadersSchema,
        params: idParamsSchema,
        body: failedAttemptBodySchema,
        response: { 201: orderDetailResponseSchema, ...conflicts, 422: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { reason, note, next_attempt_date, device_time } = request.body;
      const order = await orderService.recordAttempt(
        scopeOf(request),
        request.params.id,
        { reason, note, next_attempt_date },
        auditContextOf(request),
        { deviceTime: device_time, idempotencyKey: idempotencyKeyOf(request) },
      );
      return reply.status(201).send({ message: ORDER_MESSAGES.attemptRecorded, order });
    },
  );

  routes.post(
    '/api/orders/:id/reopen',
    {
      schema: {
        tags,
        security,
        params: idParamsSchema,
        body: reopenOrderBodySchema,
        response: { 200: orderDetailResponseSchema, ...conflicts },
      },
    },
    async (request) => ({
      message: ORDER_MESSAGES.reopened,
      order: await orderService.reopen(
        scopeOf(request),
        request.params.id,
        request.body.reason,
        auditContextOf(request),
      ),
    }),
  );

  routes.get(
    '/api/track/:token',
    {
      config: { rateLimit: TRACKING_RATE_LIMIT },
      schema: {
        tags,
        params: trackParamsSchema,
        response: { 200: trackingSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // A token of another shape names no order: no query for it.
      if (!TRACKING_TOKEN_PATTERN.test(request.params.token)) {
        throw new NotFoundError(ORDER_MESSAGES.trackingNotFound);
      }
      reply.header('cache-control', 'no-store');
      reply.header('x-robots-tag', 'noindex');
      return orderService.track(request.params.token);
    },
  );
}
