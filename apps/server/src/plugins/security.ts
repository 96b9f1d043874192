import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { ForbiddenError } from '../lib/errors';

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Mantine writes its theme variables into a <style> element at run time.
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      // The courier's service worker (/sw.js) and the analytics charts' worker; the web app
      // manifest (docs/decisions/029-offline-courier-changes.md). Both from this origin only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  // Served over plain HTTP on localhost by default; HSTS belongs to the TLS proxy in front.
  strictTransportSecurity: false,
};

/**
 * Helmet's headers, worked out once. They do not depend on the request (no CSP nonces), and
 * @fastify/helmet rebuilt the whole helmet middleware, CSP string included, on every request:
 * about 8% of a small GET's CPU time in the API bench.
 */
export function securityHeaders(options: HelmetOptions = HELMET_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader() {},
  } as unknown as ServerResponse;
  helmet(options)({} as never, response, () => {});
  return headers;
}

export async function registerSecurity(app: FastifyInstance, publicUrl: string) {
  const headers = securityHeaders();
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
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
      throw new ForbiddenError('Cross-site request refused', 'cross_site_request');
    }
  });
}
