import { createHash } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES } from '@depot/contract';
import type { Kysely } from 'kysely';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, UnprocessableError } from '../../lib/errors';
import * as repo from './repository';

/** Keys are kept 24 hours (DESIGN §5). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
/** A user's expired keys are deleted at most this often; until then a lookup skips them itself. */
export const IDEMPOTENCY_SWEEP_INTERVAL_MS = 10 * 60_000;
/** Users whose last sweep is remembered; one forgotten is only swept again sooner. */
const SWEEPS_REMEMBERED = 10_000;
/** A key still 'running' after this long belongs to a request that died; a retry may take it over. */
export const IDEMPOTENCY_STALE_RUNNING_MS = 60_000;

export interface IdempotentResponse {
  statusCode: number;
  body: unknown;
}

export interface IdempotentRequest {
  userId: number;
  /** The Idempotency-Key header; undefined runs the work without any of this. */
  key: string | undefined;
  /** Which action the key is for (say 'POST /api/orders'): the same key on another one is a different request. */
  scope: string;
  /** The parsed request body; compared by value, whatever the order of its keys. */
  payload: unknown;
}

export interface IdempotencyClaim {
  /**
   * Stores the key with the answer inside the work's own transaction, so both commit exactly when
   * the work does. Throws a 409 when another process stored the key meanwhile, which rolls that
   * transaction back.
   */
  complete(executor: repo.Executor, response: IdempotentResponse): Promise<void>;
}

const NO_CLAIM: IdempotencyClaim = { complete: async () => {} };

/** The key was stored by another request while this one worked; its work must roll back. */
class KeyTakenError extends ConflictError {
  constructor() {
    super(IDEMPOTENCY_MESSAGES.inProgress);
  }
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
 * Idempotency-Key handling shared by the POST endpoints that create things (DESIGN §5): the first
 * request with a key runs and its answer is stored; a retry with the same key and body gets that
 * answer again; the same key with another body is a 422; a key whose first request is still
 * running is a 409. Keys belong to one user. Only successful answers are kept: a failed request
 * changed nothing, so its key stays free for a retry.
 *
 * The key is written once, with the answer, in the work's own transaction: a separate claim
 * committed first cost every keyed request a second write transaction, the larger part of an
 * order's cost after its own. While the first request runs, this process's own list of running
 * keys answers a retry with 409. A retry reaching another process (several instances on one
 * PostgreSQL) runs, meets the first one's key at its insert, waits for it to commit, and rolls back
 * to answer what the first one stored.
 */
export function createIdempotency(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const isoAgo = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();
  /** Keys whose first request is running in this process ("userId key"), with that request's hash. */
  const running = new Map<string, string>();
  /** When each user's expired keys were last deleted (ms): a delete per request cost every order a write. */
  const lastSweep = new LRUCache<number, number>({ max: SWEEPS_REMEMBERED });

  async function sweepExpiredKeys(userId: number) {
    const now = clock.now().getTime();
    const last = lastSweep.get(userId);
    if (last !== undefined && now - last < IDEMPOTENCY_SWEEP_INTERVAL_MS) return;
    lastSweep.set(userId, now);
    await repo.deleteKeysOfUserBefore(db, userId, isoAgo(IDEMPOTENCY_KEY_TTL_MS));
  }

  /** The answer stored for the key, or undefined when the key is free. */
  async function storedAnswer(
    userId: number,
    key: string,
    requestHash: string,
  ): Promise<IdempotentResponse | undefined> {
    const existing = await repo.getKey(db, { userId, key });
    if (!existing) return undefined;
    // Expired but not yet swept: forgotten, as if deleted (the key's next answer replaces it).
    if (existing.created_at < isoAgo(IDEMPOTENCY_KEY_TTL_MS)) {
      await repo.deleteExpiredKey(db, existing.id, existing.created_at);
      return undefined;
    }
    if (existing.request_hash !== requestHash) throw new UnprocessableError(IDEMPOTENCY_MESSAGES.keyReused);
    if (existing.status === 'done' && existing.response_status !== null && existing.response_body !== null) {
      return { statusCode: existing.response_status, body: JSON.parse(existing.response_body) };
    }
    // A 'running' row was claimed before its work by an earlier Depot; one a minute old belongs to
    // a request that died, and a retry takes it over.
    if (existing.created_at >= isoAgo(IDEMPOTENCY_STALE_RUNNING_MS)) {
      throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
    }
    await repo.deleteStaleKey(db, existing.id, existing.created_at);
    return undefined;
  }

  return {
    async run(
      request: IdempotentRequest,
      work: (claim: IdempotencyClaim) => Promise<IdempotentResponse>,
    ): Promise<IdempotentResponse & { replayed: boolean }> {
      const { key, userId } = request;
      if (key === undefined) return { ...(await work(NO_CLAIM)), replayed: false };

      await sweepExpiredKeys(userId);
      const requestHash = hashIdempotentRequest(request.scope, request.payload);
      const stored = await storedAnswer(userId, key, requestHash);
      if (stored) return { ...stored, replayed: true };

      // No await between this check and the set: two requests here cannot both pass it.
      const slot = `${userId} ${key}`;
      const runningHash = running.get(slot);
      if (runningHash !== undefined) {
        throw runningHash === requestHash
          ? new ConflictError(IDEMPOTENCY_MESSAGES.inProgress)
          : new UnprocessableError(IDEMPOTENCY_MESSAGES.keyReused);
      }
      running.set(slot, requestHash);
      try {
        let completed = false;
        const claim: IdempotencyClaim = {
          async complete(executor, response) {
            const id = await repo.storeKey(executor, {
              user_id: userId,
              key,
              request_hash: requestHash,
              created_at: clock.now().toISOString(),
              response_status: response.statusCode,
              response_body: JSON.stringify(response.body),
            });
            if (id === undefined) throw new KeyTakenError();
            completed = true;
          },
        };
        // Work that stores nothing in a transaction of its own gets its answer stored after it.
        const response = await work(claim);
        if (!completed) await claim.complete(db, response);
        return { ...response, replayed: false };
      } catch (error) {
        if (!(error instanceof KeyTakenError)) throw error;
        const answer = await storedAnswer(userId, key, requestHash);
        if (!answer) throw error;
        return { ...answer, replayed: true };
      } finally {
        running.delete(slot);
      }
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
