import { createHash } from 'node:crypto';
import {
  errorResponseSchema,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
  idempotencyHeadersSchema,
} from '@depot/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { ZodType } from 'zod';
import type { Database, Executor } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, StoredAnswer, UnprocessableError } from '../../lib/errors';
import { formErrorFormatter } from '../../plugins/error-handler';
import * as repo from './repository';

/** Keys are kept 24 hours (docs/decisions/006). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/** A user's expired keys are deleted at most this often; until then a lookup skips them itself. */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Users whose last sweep is remembered; one forgotten is only swept again sooner. */
const SWEEPS_REMEMBERED = 10_000;
/** A key still 'running' after this long belongs to a request that died; a retry may take it over. */
export const IDEMPOTENCY_STALE_RUNNING_MS = 60_000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * An Idempotency-Key header makes a retry of this POST answer what the first request answered
     * (registerIdempotency). The handler passes `request.idempotencyKey` to its service, which
     * stores the answer in the transaction of the work.
     */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    idempotencyKey: IdempotencyKey | null;
  }
}

export interface IdempotentAnswer {
  statusCode: number;
  body: unknown;
}

/** A request's hold on its Idempotency-Key, handed to the service that does the work. */
export interface IdempotencyKey {
  /**
   * Stores the key with the answer inside the work's own transaction, so both commit exactly when
   * the work does. When another process stored the key meanwhile, throws its answer (StoredAnswer),
   * which rolls this transaction back and is sent instead.
   */
  store(trx: Executor, answer: IdempotentAnswer): Promise<void>;
  /** What `store` writes, so that storeIdempotentAnswers can write many keys at once; null without a key. */
  toStore(answer: IdempotentAnswer): KeyToStore | null;
}

/** A key's row as `store` writes it, and what follows its insert. */
interface KeyToStore {
  row: repo.StoredKey;
  /** The insert ran: the key is not stored again after the answer. */
  ran(): void;
  /** The user had the key already (another process stored it meanwhile): throws its answer. */
  taken(executor: Executor): Promise<never>;
}

/** No header: the work runs as any request would. */
export const NO_IDEMPOTENCY_KEY: IdempotencyKey = { store: async () => {}, toStore: () => null };

/**
 * Stores the answers of several keyed requests in one statement, in the transaction of their work
 * (orders placed together, docs/decisions/040-orders-placed-in-batches.md): as each key's `store`
 * would. When another process stored one of the keys meanwhile, throws that key's stored answer,
 * which rolls the whole work back.
 */
export async function storeIdempotentAnswers(
  executor: Executor,
  answers: readonly { key: IdempotencyKey; answer: IdempotentAnswer }[],
): Promise<void> {
  const toStore = answers.flatMap(({ key, answer }) => key.toStore(answer) ?? []);
  if (toStore.length === 0) return;
  const stored = await repo.storeKeys(
    executor,
    toStore.map(({ row }) => row),
  );
  for (const key of toStore) key.ran();
  const taken = toStore.find(({ row }) => !stored.has(repo.storedKeyName(row)));
  if (taken) await taken.taken(executor);
}

/** JSON with object keys sorted, so equal bodies hash equally. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, entry]) => entry !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, entry]) => `${JSON.stringify(key)}:${canonicalJson(entry)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

export function hashIdempotentRequest(scope: string, payload: unknown): string {
  return createHash('sha256')
    .update(`${scope}\n${canonicalJson(payload)}`)
    .digest('hex');
}

/**
 * Idempotency-Key handling for the POST endpoints that create things (docs/decisions/006), and
 * the courier's status change a phone may send again after being offline (docs/decisions/029): the
 * first request with a key runs and its answer is stored; a retry with the same key and body gets
 * that answer again; the same key with another body is a 422; a key whose first request is still
 * running is a 409. Keys belong to one user. Only successful answers are kept: a failed request
 * changed nothing, so its key stays free for a retry.
 *
 * The key is written once, with the answer, in the work's own transaction. While the first
 * request runs, this process's own list of running keys answers a retry with 409. A retry reaching
 * another process (several instances on one PostgreSQL) runs, meets the first one's key at its
 * insert, waits for it to commit, and rolls back to answer what the first one stored.
 *
 * As a plugin it reads in a straight line: a route says `config: { idempotent: true }`; before its
 * handler a stored answer is sent, or the request gets its key; the handler hands the key to the
 * service; the service stores its answer with its work; after the answer the key is let go.
 */
export function registerIdempotency(app: FastifyInstance, deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const isoAgo = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();
  /** Keys whose first request is running in this process ("userId key"), with that request's hash. */
  const running = new Map<string, string>();
  /** When each user's expired keys were last deleted (ms): a delete per request cost every order a write. */
  const lastSweep = new LRUCache<number, number>({ max: SWEEPS_REMEMBERED });
  /** Per request holding a key: its running slot, and whether its answer is stored. */
  const held = new WeakMap<FastifyRequest, IdempotencyKey & { slot: string; stored: boolean }>();

  async function sweepExpiredKeys(userId: number) {
    const now = clock.now().getTime();
    const last = lastSweep.get(userId);
    if (last !== undefined && now - last < IDEMPOTENCY_SWEEP_INTERVAL_MS) return;
    lastSweep.set(userId, now);
    await repo.deleteKeysOfUserBefore(db, userId, isoAgo(IDEMPOTENCY_KEY_TTL_MS));
  }

  /** The answer stored for the key, or undefined when the key is free. */
  async function storedAnswer(
    executor: Executor,
    userId: number,
    key: string,
    requestHash: string,
  ): Promise<IdempotentAnswer | undefined> {
    const existing = await repo.getKey(executor, { userId, key });
    if (!existing) return undefined;
    // Expired but not yet swept: forgotten, as if deleted (the key's next answer replaces it).
    if (existing.created_at < isoAgo(IDEMPOTENCY_KEY_TTL_MS)) {
      await repo.deleteExpiredKey(executor, existing.id, existing.created_at);
      return undefined;
    }
    if (existing.request_hash !== requestHash) throw new UnprocessableError(IDEMPOTENCY_MESSAGES.keyReused);
    if (existing.status === 'done' && existing.response_status !== null && existing.response_body !== null) {
      return { statusCode: existing.response_status, body: JSON.parse(existing.response_body) };
    }
    // A 'running' row was claimed before its work by an earlier Depot; one a minute old belongs to
    // a request that died, and a retry takes it over.
    if (existing.created_at >= isoAgo(IDEMPOTENCY_STALE_RUNNING_MS)) {
      throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_in_progress');
    }
    await repo.deleteStaleKey(executor, existing.id, existing.created_at);
    return undefined;
  }

  const sendStored = (reply: FastifyReply, answer: IdempotentAnswer) =>
    reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').status(answer.statusCode).send(answer.body);

  app.decorateRequest('idempotencyKey', null);

  app.addHook('preHandler', async (request, reply) => {
    if (request.routeOptions.config.idempotent !== true) return;
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    const userId = request.user?.id;
    if (typeof key !== 'string' || userId === undefined) {
      request.idempotencyKey = NO_IDEMPOTENCY_KEY;
      return;
    }
    await sweepExpiredKeys(userId);
    // A route with parameters (PUT /api/orders/:id) hashes them too: one key names one object.
    const params = request.params as Record<string, unknown> | undefined;
    const payload = params && Object.keys(params).length > 0 ? { params, body: request.body } : request.body;
    const requestHash = hashIdempotentRequest(`${request.method} ${request.routeOptions.url}`, payload);
    const stored = await storedAnswer(db, userId, key, requestHash);
    if (stored) return sendStored(reply, stored);

    // No await between this check and the set: two requests here cannot both pass it.
    const slot = `${userId} ${key}`;
    const runningHash = running.get(slot);
    if (runningHash !== undefined) {
      throw runningHash === requestHash
        ? new ConflictError(IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_in_progress')
        : new UnprocessableError(IDEMPOTENCY_MESSAGES.keyReused);
    }
    running.set(slot, requestHash);
    const hold = {
      slot,
      stored: false,
      toStore: (answer: IdempotentAnswer): KeyToStore => ({
        row: {
          user_id: userId,
          key,
          request_hash: requestHash,
          created_at: clock.now().toISOString(),
          response_status: answer.statusCode,
          response_body: JSON.stringify(answer.body),
        },
        ran: () => {
          hold.stored = true;
        },
        // The insert waited for the other process to commit, so its answer is there.
        taken: async (executor) => {
          const theirs = await storedAnswer(executor, userId, key, requestHash);
          throw theirs
            ? new StoredAnswer(theirs.statusCode, theirs.body)
            : new ConflictError(IDEMPOTENCY_MESSAGES.inProgress, 'idempotency_in_progress');
        },
      }),
      store: (executor: Executor, answer: IdempotentAnswer) =>
        storeIdempotentAnswers(executor, [{ key: hold, answer }]),
    };
    held.set(request, hold);
    request.idempotencyKey = { store: hold.store, toStore: hold.toStore };
  });

  // The work is over once its answer is on its way: a success the service did not store is stored
  // now, and the key is free for the next request either way.
  app.addHook('onSend', async (request, reply, payload) => {
    const hold = held.get(request);
    if (!hold) return payload;
    held.delete(request);
    try {
      const success = reply.statusCode >= 200 && reply.statusCode < 300;
      if (success && !hold.stored && typeof payload === 'string') {
        await hold.store(db, { statusCode: reply.statusCode, body: JSON.parse(payload) });
      }
    } finally {
      running.delete(hold.slot);
    }
    return payload;
  });
}

/** The key the route's preHandler gave the request; a route without `idempotent` config has none. */
export function idempotencyKeyOf(request: FastifyRequest): IdempotencyKey {
  return request.idempotencyKey ?? NO_IDEMPOTENCY_KEY;
}

/**
 * The options of a POST that creates something with an Idempotency-Key: the key's header, the body
 * and the 201 answer, the errors such a request may meet, and the form's own sentence as the
 * message of bad input (the screens show it as it is).
 */
export function idempotentCreateOptions<Body extends ZodType, Created extends ZodType>(route: {
  tags: string[];
  body: Body;
  created: Created;
}) {
  const { tags, body, created } = route;
  return {
    config: { idempotent: true },
    schemaErrorFormatter: formErrorFormatter,
    schema: {
      tags,
      security: [{ session: [] }],
      headers: idempotencyHeadersSchema,
      body,
      response: {
        201: created,
        400: errorResponseSchema,
        401: errorResponseSchema,
        403: errorResponseSchema,
        409: errorResponseSchema,
        422: errorResponseSchema,
      },
    },
  };
}
