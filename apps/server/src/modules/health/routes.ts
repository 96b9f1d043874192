import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';

const statusSchema = z.object({ status: z.string() });

export async function healthRoutes(app: FastifyInstance) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get('/healthz', { schema: { tags: ['health'], response: { 200: statusSchema } } }, async () => ({
    status: 'ok',
  }));

  routes.get(
    '/readyz',
    { schema: { tags: ['health'], response: { 200: statusSchema, 503: statusSchema } } },
    async (_request, reply) => {
      try {
        await sql`select 1`.execute(app.db);
        return { status: 'ready' };
      } catch {
        return reply.status(503).send({ status: 'database unavailable' });
      }
    },
  );
}
