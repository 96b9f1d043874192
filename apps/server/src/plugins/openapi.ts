import { errorResponseSchema } from '@depot/contract';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { listAnswerDocument } from '../lib/list';

/** OpenAPI built from the same zod schemas that validate requests; UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  // Any endpoint that reads the database may answer 503 when the database is down or busy
  // (docs/RELIABILITY.md#database-trouble); the document says so for each.
  app.addHook('onRoute', (route) => {
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response || !/^\/(api|auth)\//.test(route.url)) return;
    response[503] ??= errorResponseSchema;
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Depot API',
        version: '0.1.0',
        description: 'Role-based logistics and supply dashboard',
      },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'depot_session' } } },
    },
    // A list route answers CSV too (lib/list-export.ts): its 200 names both media types.
    transform: (input) => {
      const transformed = jsonSchemaTransform(input);
      const response = (transformed.schema as { response?: Record<string, unknown> }).response;
      if (input.route.config?.listExport && response?.[200])
        response[200] = listAnswerDocument(response[200]);
      return transformed;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
}
