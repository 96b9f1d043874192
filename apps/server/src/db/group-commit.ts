import { type Kysely, sql, type Transaction } from 'kysely';
import { DatabaseBusyError } from '../lib/errors';
import { pipelinedTransaction } from './database';
import type { Database } from './schema';

/**
 * Runs write transactions, committing those that arrive together on SQLite as one
 * (docs/decisions/037-group-commit-on-sqlite.md).
 *
 * On SQLite every write transaction takes its turn on the one connection, and its commit writes
 * every page it changed to the write-ahead log, two system calls a page. Orders placed side by side
 * change the same pages (the tables' last pages, the courier's and the managers' index pages), so
 * one commit for all of them writes each page once. Each work runs inside a savepoint of the
 * shared transaction: a work that throws undoes only its own writes and gets its own error, the
 * others commit; a commit that fails fails all of them. A caller's promise settles only after the
 * commit, so what it does next (live events, the mail's wake-up) happens after its data is safe.
 *
 * A work that waited more than `waitMs` for its group to get the connection is refused with 503
 * `database_busy` before it writes anything, as an order waiting too long for its row's turn is on
 * PostgreSQL (docs/decisions/015-database-trouble-stays-small.md): a stalled database answers
 * quickly instead of queueing requests without end.
 *
 * On PostgreSQL each work is a transaction of its own, its statements pipelined
 * (docs/decisions/038-pipelined-statements-on-postgresql.md): concurrent commits already share
 * their WAL flush there, and one transaction for many would hold every row lock of the group until
 * the end.
 */
export interface GroupCommit {
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /** Transactions committed and commits made so far (tests read them). */
  statistics(): { transactions: number; commits: number };
}

interface Pending {
  queuedAt: number;
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** Enough to share a commit widely, few enough that the last of a group does not wait long for the first. */
export const MOST_PER_COMMIT = 32;

export function createGroupCommit(
  db: Kysely<Database>,
  dialect: 'sqlite' | 'postgres',
  waitMs: number,
): GroupCommit {
  const counts = { transactions: 0, commits: 0 };
  if (dialect === 'postgres') {
    return {
      transaction(work) {
        counts.transactions += 1;
        counts.commits += 1;
        return pipelinedTransaction(db, work);
      },
      statistics: () => ({ ...counts }),
    };
  }

  let queue: Pending[] = [];
  let scheduled = false;

  /** The works queued by now, in one transaction; the rest wait for the next group. */
  async function commitGroup(): Promise<void> {
    scheduled = false;
    const group = queue.slice(0, MOST_PER_COMMIT);
    queue = queue.slice(group.length);
    if (queue.length > 0) schedule();
    const alone = group.length === 1;
    const outcomes: { ok: boolean; value: unknown }[] = [];
    try {
      await db.transaction().execute(async (trx) => {
        // Measured once the group holds the connection: the wait for it is part of the bound.
        const startedAt = Date.now();
        for (const pending of group) {
          if (startedAt - pending.queuedAt > waitMs) {
            outcomes.push({ ok: false, value: new DatabaseBusyError() });
            continue;
          }
          if (alone) {
            outcomes.push({ ok: true, value: await pending.work(trx) });
            continue;
          }
          await sql`savepoint grouped`.execute(trx);
          try {
            const value = await pending.work(trx);
            await sql`release grouped`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (error) {
            await sql`rollback to grouped`.execute(trx);
            await sql`release grouped`.execute(trx);
            outcomes.push({ ok: false, value: error });
          }
        }
        // A lone work that throws rolls the transaction back and lands in the catch below.
      });
    } catch (error) {
      for (const pending of group) pending.reject(error);
      return;
    }
    counts.transactions += outcomes.filter((outcome) => outcome.ok).length;
    counts.commits += 1;
    group.forEach((pending, index) => {
      const outcome = outcomes[index] as { ok: boolean; value: unknown };
      if (outcome.ok) pending.resolve(outcome.value);
      else pending.reject(outcome.value);
    });
  }

  function schedule() {
    if (scheduled) return;
    scheduled = true;
    // After the requests read in this turn of the event loop have queued their works.
    setImmediate(() => void commitGroup());
  }

  return {
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        queue.push({ queuedAt: Date.now(), work, resolve: resolve as (value: unknown) => void, reject });
        schedule();
      });
    },
    statistics: () => ({ ...counts }),
  };
}
