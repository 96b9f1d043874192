import { EVENTS_PATH, errorResponseSchema, LIVE_EVENT_TYPES, type LiveEvent } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { EventBus } from '../../lib/events';
import { scopeOf } from '../auth/authenticate';
import type { AuthService } from '../auth/service';
import { readSessionToken } from '../auth/session-cookie';

/** Browsers reconnect this long after a dropped stream. */
export const SSE_RETRY_MS = 3_000;
/** A comment line this often keeps proxies from closing a quiet stream. */
export const SSE_HEARTBEAT_MS = 25_000;
/** A client that reads slower than events arrive is dropped rather than buffered without end. */
const MAX_BUFFERED_BYTES = 1_048_576;

export interface EventRoutesOptions {
  events: EventBus;
  authService: AuthService;
  secureCookies: boolean;
  heartbeatMs?: number;
}

/** One SSE message: the event name, then its data as one JSON line. */
export function formatServerSentEvent(event: LiveEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

/**
 * GET /api/events: Server-Sent Events of the logged-in user
 * (docs/product/business-rules.md#live-updates). The stream ends when the session does (checked at
 * each heartbeat), when the client goes, or when the server closes.
 */
export async function eventRoutes(app: FastifyInstance, options: EventRoutesOptions) {
  const { events, authService } = options;
  const heartbeatMs = options.heartbeatMs ?? SSE_HEARTBEAT_MS;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const openStreams = new Set<() => void>();

  // Open streams would keep server.close() waiting for ever.
  app.addHook('preClose', async () => {
    for (const close of [...openStreams]) close();
  });

  routes.get(
    EVENTS_PATH,
    {
      schema: {
        tags: ['events'],
        security: [{ session: [] }],
        description: `text/event-stream of the events ${LIVE_EVENT_TYPES.join(', ')}; data is JSON.`,
        response: { 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const user = scopeOf(request).user;
      const token = readSessionToken(request, options.secureCookies);
      const response = reply.raw;
      reply.hijack();
      const inherited = Object.entries(reply.getHeaders()).filter(([, value]) => value !== undefined);
      response.writeHead(200, {
        ...(Object.fromEntries(inherited) as Record<string, string | number | string[]>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache',
        'x-accel-buffering': 'no',
        connection: 'keep-alive',
      });

      let closed = false;
      const write = (chunk: string) => {
        if (closed || response.destroyed) return;
        response.write(chunk);
        if (response.writableLength > MAX_BUFFERED_BYTES) close();
      };
      const unsubscribe = events.subscribe(
        user.id,
        (event) => write(formatServerSentEvent(event)),
        // Events may have been missed: ending the stream makes the browser reconnect and refetch.
        () => close(),
      );
      const heartbeat = setInterval(() => {
        void (async () => {
          try {
            if (!token || !(await authService.isSessionOpen(token))) return close();
          } catch (error) {
            // A database hiccup is no reason to drop the stream; the next heartbeat checks again.
            request.log.warn({ err: error }, 'live stream session check failed');
          }
          write(': heartbeat\n\n');
        })();
      }, heartbeatMs);

      function close() {
        if (closed) return;
        closed = true;
        clearInterval(heartbeat);
        unsubscribe();
        openStreams.delete(close);
        response.end();
      }
      openStreams.add(close);
      response.on('close', close);
      write(`retry: ${SSE_RETRY_MS}\n\n`);
    },
  );
}
