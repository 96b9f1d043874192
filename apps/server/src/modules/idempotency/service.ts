import { createHash } from 'node:crypto';
import { IDEMPOTENCY_MESSAGES } from '@depot/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import { ConflictError, UnprocessableError } from '../../lib/errors';
import * as repo from './repository';

/** Keys are kept 24 hours (DESIGN §5). */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60_000;
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
   * Stores the answer inside the work's own transaction, so the answer commits exactly when the
   * work does. Throws a 409 when the claim was lost, which rolls that transaction back.
   */
  complete(executor: repo.Executor, response: IdempotentResponse): Promise<void>;
}

const NO_CLAIM: IdempotencyClaim = { complete: async () => {} };

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
 * changed nothing, so its key is freed for a retry.
 */
export function createIdempotency(deps: { db: Kysely<Database>; clock: Clock }) {
  const { db, clock } = deps;
  const isoAgo = (ms: number) => new Date(clock.now().getTime() - ms).toISOString();

  /** Claims the key, or answers from it; loops only when a stale or expired row was removed meanwhile. */
  async function claimOrReplay(
    request: IdempotentRequest & { key: string },
    requestHash: string,
  ): Promise<{ id: number } | { replay: IdempotentResponse }> {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const id = await repo.claimKey(db, {
        user_id: request.userId,
        key: request.key,
        request_hash: requestHash,
        created_at: clock.now().toISOString(),
      });
      if (id !== undefined) return { id };

      const existing = await repo.getKey(db, request.userId, request.key);
      if (!existing) continue;
      if (existing.request_hash !== requestHash) throw new UnprocessableError(IDEMPOTENCY_MESSAGES.keyReused);
      if (
        existing.status === 'done' &&
        existing.response_status !== null &&
        existing.response_body !== null
      ) {
        return { replay: { statusCode: existing.response_status, body: JSON.parse(existing.response_body) } };
      }
      if (existing.created_at >= isoAgo(IDEMPOTENCY_STALE_RUNNING_MS)) {
        throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
      }
      await repo.deleteStaleKey(db, existing.id, existing.created_at);
    }
    throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
  }

  return {
    async run(
      request: IdempotentRequest,
      work: (claim: IdempotencyClaim) => Promise<IdempotentResponse>,
    ): Promise<IdempotentResponse & { replayed: boolean }> {
      const { key } = request;
      if (key === undefined) return { ...(await work(NO_CLAIM)), replayed: false };

      await repo.deleteKeysOfUserBefore(db, request.userId, isoAgo(IDEMPOTENCY_KEY_TTL_MS));
      const requestHash = hashIdempotentRequest(request.scope, request.payload);
      const claimed = await claimOrReplay({ ...request, key }, requestHash);
      if ('replay' in claimed) return { ...claimed.replay, replayed: true };

      let completed = false;
      const claim: IdempotencyClaim = {
        async complete(executor, response) {
          const stored = await repo.completeKey(executor, claimed.id, {
            status: response.statusCode,
            body: JSON.stringify(response.body),
          });
          if (!stored) throw new ConflictError(IDEMPOTENCY_MESSAGES.inProgress);
          completed = true;
        },
      };
      let response: IdempotentResponse;
      try {
        response = await work(claim);
      } catch (error) {
        // If freeing fails too, the key turns stale within a minute; the first error is the one to report.
        await repo.releaseKey(db, claimed.id).catch(() => {});
        throw error;
      }
      if (!completed) await claim.complete(db, response);
      return { ...response, replayed: false };
    },
  };
}

export type Idempotency = ReturnType<typeof createIdempotency>;
