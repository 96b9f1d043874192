import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import { ForbiddenError } from '../lib/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export async function registerSecurity(app: FastifyInstance, publicUrl: string) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes its theme variables into a <style> element at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Served over plain HTTP on localhost by default; HSTS belongs to the TLS proxy in front.
    strictTransportSecurity: false,
  });

  // Only JSON bodies are parsed: a cross-site form (text/plain, urlencoded) gets 415.
  app.removeContentTypeParser('text/plain');

  const allowedOrigins = new Set([new URL(publicUrl).origin]);
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    const origin = request.headers.origin;
    if (origin === undefined) return;
    const ownOrigin = `${request.protocol}://${request.host}`;
    if (origin !== ownOrigin && !allowedOrigins.has(origin)) {
      throw new ForbiddenError('Cross-site request refused');
    }
  });
}
