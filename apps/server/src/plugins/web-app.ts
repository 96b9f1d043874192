import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { isApiPath, isDashboardPath } from '@depot/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BusinessFormat } from '../config';
import { sessionCookieName } from '../modules/auth/session-cookie';
import { errorBody } from './error-handler';

/**
 * Serves the built React app: hashed files under /static with a year's cache, index.html
 * (never cached) for / and for every other page path so the browser router can take over. The
 * index.html carries the business's currency and locale in meta elements, so the first screen
 * formats money without a request of its own (docs/decisions/027-money-and-the-catalogue-lifecycle.md).
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDist: string | undefined,
  business: BusinessFormat = { currency: 'USD', locale: undefined },
) {
  const hasBuild = webDist !== undefined && existsSync(join(webDist, 'index.html'));
  const indexPage = hasBuild
    ? stampedIndex(readFileSync(join(webDist, 'index.html'), 'utf8'), business)
    : undefined;
  const dashboardLinks = hasBuild ? dashboardPreloadLinks(webDist) : undefined;
  const trackingLinks = hasBuild ? modulePreloadLinks(webDist, TRACKING_PAGE_MODULE) : undefined;
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
    // index.html is always the stamped copy, whichever path asks for it.
    for (const url of ['/', '/index.html']) {
      app.get(url, { schema: { hide: true } }, (request, reply) =>
        sendIndex(request, reply.header('cache-control', 'no-cache'), indexPage),
      );
    }
  }

  app.setNotFoundHandler((request, reply) => {
    const wantsPage = (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url);
    if (hasBuild && wantsPage && !request.url.startsWith('/static/')) {
      if (isDashboardPath(request.url.split('?')[0] ?? request.url)) {
        const links = [dashboardLinks, hasSessionCookie(request) ? PROFILE_PRELOAD : undefined];
        const header = links.filter((link) => link !== undefined).join(', ');
        if (header) reply.header('link', header);
      }
      const token = TRACKING_PAGE_PATH.exec(request.url.split('?')[0] ?? '')?.[1];
      if (token) {
        // The public tracking page: its chunk and its one request travel beside the entry chunk.
        const data = `</api/track/${token}>; rel=preload; as=fetch; crossorigin=use-credentials`;
        reply.header('link', [trackingLinks, data].filter((link) => link !== undefined).join(', '));
      }
      return sendIndex(request, reply.header('cache-control', 'no-cache'), indexPage);
    }
    const message = `Not found: ${request.method} ${request.url.split('?')[0]}`;
    return reply.status(404).send(errorBody('route_not_found', message));
  });
}

/** Meta elements naming the business format (apps/web/src/lib/business-format.ts reads them). */
export function businessMeta(business: BusinessFormat): string {
  const attribute = (value: string) => value.replace(/[^A-Za-z0-9-]/g, '');
  const locale =
    business.locale === undefined ? '' : `<meta name="depot-locale" content="${attribute(business.locale)}">`;
  return `<meta name="depot-currency" content="${attribute(business.currency)}">${locale}`;
}

interface IndexPage {
  plain: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/** The built index.html with the business meta elements in its head, and its compressed copies. */
function stampedIndex(html: string, business: BusinessFormat): IndexPage {
  const meta = businessMeta(business);
  const stamped = html.includes('</head>') ? html.replace('</head>', `${meta}</head>`) : `${meta}${html}`;
  const plain = Buffer.from(stamped, 'utf8');
  return { plain, br: brotliCompressSync(plain), gzip: gzipSync(plain) };
}

/** The stamped index.html, brotli or gzip when the browser takes it, as the static files are sent. */
function sendIndex(request: FastifyRequest, reply: FastifyReply, page: IndexPage | undefined) {
  if (page === undefined) return reply.status(404).send(errorBody('route_not_found', 'Not found'));
  const accepted = String(request.headers['accept-encoding'] ?? '');
  reply.header('content-type', 'text/html; charset=utf-8').header('vary', 'accept-encoding');
  if (/\bbr\b/.test(accepted)) return reply.header('content-encoding', 'br').send(page.br);
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(page.gzip);
  return reply.send(page.plain);
}

/**
 * The dashboard's first request, the profile, preloaded from a page that has a session: it then
 * travels beside the entry chunk instead of after it has run. The app fetches it with credentials
 * 'include' (apps/web/src/lib/api-client.ts), which `crossorigin=use-credentials` matches.
 */
const PROFILE_PRELOAD = '</auth/profile>; rel=preload; as=fetch; crossorigin=use-credentials';

const SESSION_COOKIES = [sessionCookieName(false), sessionCookieName(true)];
const hasSessionCookie = (request: FastifyRequest) =>
  SESSION_COOKIES.some((name) => request.cookies?.[name] !== undefined);

/** The dashboard shell's module in the web build's manifest (apps/web/src/app/dashboard-route.tsx). */
export const DASHBOARD_SHELL_MODULE = 'src/app/dashboard-route.tsx';
/** The public tracking page's module, and its path with a token of the shape tokens have. */
export const TRACKING_PAGE_MODULE = 'src/features/tracking/pages/tracking-page.tsx';
const TRACKING_PAGE_PATH = /^\/track\/([A-Za-z0-9_-]{16,64})$/;

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}

/**
 * A `Link` header preloading the dashboard shell's chunks and styles, from the web build's manifest:
 * a dashboard page's browser fetches them beside the entry chunk instead of after running it, one
 * round trip sooner on a phone's network. Only what the entry does not load already is listed.
 * Undefined when the build has no manifest or no such module.
 */
export function dashboardPreloadLinks(webDist: string): string | undefined {
  return modulePreloadLinks(webDist, DASHBOARD_SHELL_MODULE);
}

/** The `Link` header preloading a lazy module's chunks and styles that the entry does not load. */
export function modulePreloadLinks(webDist: string, module: string): string | undefined {
  const manifestPath = join(webDist, '.vite', 'manifest.json');
  if (!existsSync(manifestPath)) return undefined;
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  const entry = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entry || !manifest[module]) return undefined;

  const closure = (key: string, seen = new Set<string>()) => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key]?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const loadedByEntry = closure(entry);
  const shell = [...closure(module)].filter((key) => !loadedByEntry.has(key));
  const chunks = shell.map((key) => manifest[key]?.file).filter((file) => file !== undefined);
  const styles = shell.flatMap((key) => manifest[key]?.css ?? []);
  const links = [
    ...chunks.map((file) => `</${file}>; rel=modulepreload`),
    ...styles.map((file) => `</${file}>; rel=preload; as=style; crossorigin`),
  ];
  return links.length > 0 ? links.join(', ') : undefined;
}
