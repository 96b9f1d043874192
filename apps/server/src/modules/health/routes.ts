import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const statusSchema = z.object({ status: z.string() });

/**
 * /healthz: the process runs (200 whatever the database does). /readyz: the database answers too,
 * asked over a connection of its own within READINESS_TIMEOUT_MS, so a load balancer gets its
 * answer at once even while every pool connection waits on a lock (docs/RELIABILITY.md#database-trouble).
 */
export async function healthRoutes(app: FastifyInstance, options: { probe: () => Promise<void> }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/healthz', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async () => ({
    status: 'ok',
  }));

  routes.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: statusSchema, 503: statusSchema } } },
    async (_request, reply) => {
      try {
        await options.probe();
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
}
