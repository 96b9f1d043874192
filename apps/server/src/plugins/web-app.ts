import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const API_PREFIXES = ['/api/', '/auth/'];

export function isApiPath(url: string) {
  const path = url.split('?')[0] ?? url;
  return API_PREFIXES.some((prefix) => path.startsWith(prefix)) || path === '/api' || path === '/auth';
}

/**
 * Serves the built React app: hashed files under /static with a year's cache, index.html
 * (never cached) for / and for every other page path so the browser router can take over.
 */
export async function registerWebApp(app: FastifyInstance, webDist: string | undefined) {
  const hasBuild = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  if (!hasBuild) {
    app.log.warn({ webDist }, 'web app not built (run `npm run build`): serving the API only');
  } else {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: true,
      // The web build writes .br and .gz beside each file; the best one the browser accepts is sent.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, path) {
        res.setHeader(
          'cache-control',
          path.includes(`${join(webDist, 'static')}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (hasBuild && wantsPage && !request.url.startsWith('/static/')) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const message = `Not found: ${request.method} ${request.url.split('?')[0]}`;
    return reply.status(404).send({ error: message, message });
  });
}
