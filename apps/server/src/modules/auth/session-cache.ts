/**
 * Sessions read recently, kept for a moment so that a burst of requests with one cookie asks
 * PostgreSQL once (docs/decisions/043-session-cache.md). On PostgreSQL every request's session
 * lookup is a round trip of its own; on SQLite it is a read in this process, and no cache is kept.
 *
 * A kept session is never trusted past a change to it. Every change to the sessions or users
 * tables forgets everything kept:
 *   - made here: once its statement or transaction has committed, before the request that made it
 *     answers (DatabaseHandle.watchWrites);
 *   - made by another instance, or by hand: when the database's notice of it arrives (a trigger
 *     sends it on commit, lib/postgres-event-bus.ts hands it on);
 *   - and while notices cannot arrive (the listening connection is down), nothing kept is used.
 * The lifetime bounds what a lost notice could cost. Forgetting is a new generation: a read that
 * began before a change is not kept after it.
 */
export interface SessionCache<Row> {
  /** The row kept for this token hash, if it is younger than the lifetime and nothing changed since. */
  get(tokenHash: string, nowMs: number): Row | undefined;
  /** The generation a read starts in; remember() keeps the row only if it is still current. */
  generation(): number;
  remember(tokenHash: string, row: Row, readInGeneration: number, nowMs: number): void;
  /** A session or user changed somewhere: nothing kept so far is used again. */
  forgetAll(): void;
}

export interface SessionCacheOptions {
  lifetimeMs: number;
  /** Whether changes made elsewhere can reach this instance now; nothing is used while they cannot. */
  hearsChanges: () => boolean;
  /** Tokens kept at most; the oldest goes first. */
  maxEntries?: number;
}

interface Entry<Row> {
  row: Row;
  generation: number;
  keptAtMs: number;
}

const DEFAULT_MAX_ENTRIES = 10_000;

export function createSessionCache<Row>(options: SessionCacheOptions): SessionCache<Row> {
  const { lifetimeMs, hearsChanges } = options;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  const entries = new Map<string, Entry<Row>>();
  let generation = 0;

  return {
    get(tokenHash, nowMs) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      const age = nowMs - entry.keptAtMs;
      if (entry.generation !== generation || age >= lifetimeMs || age < 0) {
        entries.delete(tokenHash);
        return undefined;
      }
      return hearsChanges() ? entry.row : undefined;
    },

    generation: () => generation,

    remember(tokenHash, row, readInGeneration, nowMs) {
      if (readInGeneration !== generation || !hearsChanges()) return;
      entries.delete(tokenHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(tokenHash, { row, generation, keptAtMs: nowMs });
    },

    forgetAll() {
      generation += 1;
      entries.clear();
    },
  };
}
