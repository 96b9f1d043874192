import { gzipSync } from 'node:zlib';
import { LINK_HEADER, TOTAL_COUNT_HEADER } from '@depot/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { wantsCsv } from '../lib/list-export';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Keep this GET's 200 answers per user and URL until the database changes (see
     * registerResponseCache). Only for answers that depend on nothing but the caller, the URL and
     * the data: not the clock, not other headers.
     */
    responseCache?: boolean;
  }
}

export interface ResponseCacheOptions {
  /** Changes whenever the data does; equal stamps mean equal data. */
  changeStamp(): string;
  /** Bytes of answer bodies kept, least recently used dropped first. */
  maxBytes: number;
}

interface CachedAnswer {
  stamp: string;
  body: Buffer;
  /** The body gzipped, made the first time a client that accepts gzip asks for it. */
  gzipped?: Buffer;
  /** The list headers it was sent with. */
  headers: Record<string, string>;
}

/** Smaller bodies are sent as they are: gzip would save less than its own headers and time. */
const GZIP_FROM_BYTES = 1024;
const acceptsGzip = (request: FastifyRequest) => /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');

/** Headers a cached answer repeats, besides its content type: a list's total and pages. */
const REPEATED_HEADERS = [TOTAL_COUNT_HEADER, LINK_HEADER];
const JSON_TYPE = 'application/json; charset=utf-8';

const pendingStore = new WeakMap<FastifyRequest, { key: string; stamp: string }>();

/**
 * Answers a repeated GET from memory while the database has not changed since the answer was
 * built. A courier's board (1,000 orders with their lines) costs about 10 ms to read and write
 * out; the same answer from here costs a session check and one small query. Whether the data
 * changed is asked on every request, from the database itself, so no write path can forget to
 * invalidate, and a write by anything (another process included) makes every answer stale.
 *
 * The key is the user and the URL; the route's guard has already run, so an answer is only ever
 * served to the user it was built for. Used with SQLite only: PostgreSQL has no cheap change
 * stamp, and there several instances share the data.
 */
export function registerResponseCache(app: FastifyInstance, options: ResponseCacheOptions) {
  const answers = new LRUCache<string, CachedAnswer>({
    maxSize: options.maxBytes,
    // One huge answer must not push out every other.
    maxEntrySize: options.maxBytes / 4,
    // Room for the gzipped copy too, when made: JSON lists shrink to well under a fifth.
    sizeCalculation: (answer) => Math.ceil(answer.body.length * 1.2) + 64,
  });

  const keyOf = (request: FastifyRequest) => `${request.user?.id ?? '-'} ${request.url}`;

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method !== 'GET' || request.routeOptions.config.responseCache !== true) return;
    // A list's CSV export is streamed, never kept, and never answered with a kept JSON page.
    if (wantsCsv(request)) return;
    const key = keyOf(request);
    // Read before the answer is built, so a write landing meanwhile leaves the stored answer
    // looking older than it is (rebuilt next time), never newer.
    const stamp = options.changeStamp();
    const cached = answers.get(key);
    // The answer differs by Accept-Encoding: no cache on the way may hand a gzipped one to a client that did not ask.
    // The same URL may answer CSV to another Accept (a list's export): vary on that too.
    reply.header('vary', 'accept, accept-encoding');
    if (cached?.stamp === stamp) {
      reply.headers(cached.headers);
      // A Buffer goes out as it is; a string with a JSON type would be serialized again.
      reply.type(JSON_TYPE);
      // A courier's phone fetches its whole board: gzip makes it a tenth of the size, made once per change.
      if (cached.body.length >= GZIP_FROM_BYTES && acceptsGzip(request)) {
        cached.gzipped ??= gzipSync(cached.body);
        return reply.header('content-encoding', 'gzip').send(cached.gzipped);
      }
      return reply.send(cached.body);
    }
    pendingStore.set(request, { key, stamp });
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const pending = pendingStore.get(request);
    if (!pending) return payload;
    pendingStore.delete(request);
    if (reply.statusCode === 200 && typeof payload === 'string') {
      const headers: Record<string, string> = {};
      for (const name of REPEATED_HEADERS) {
        const value = reply.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      answers.set(pending.key, { stamp: pending.stamp, body: Buffer.from(payload), headers });
    }
    return payload;
  });
}
