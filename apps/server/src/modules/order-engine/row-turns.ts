import { DatabaseBusyError } from '../../lib/errors';

/**
 * Orders of this instance take turns at each row they take units from
 * (docs/decisions/015-database-trouble-stays-small.md): of the orders for one stock item or
 * product, only the one whose turn it is holds a pool connection, waiting on the row's lock if
 * another session holds it; the rest wait here, holding nothing, for at most `waitMs`, and then
 * answer 503 `database_busy`. So orders queued on one locked row never take the connections other
 * requests need. Rows are taken in the order given (the lock order), so turns cannot deadlock.
 */
export interface RowTurns {
  /** Runs `work` once it is the caller's turn at every row; 503 when the turns take longer than the bound. */
  inTurn<T>(rows: readonly string[], work: () => Promise<T>): Promise<T>;
}

interface Waiter {
  grant(): void;
}

export function createRowTurns(waitMs: number): RowTurns {
  /** Per row that someone holds: who waits for it next, first come first served. */
  const queues = new Map<string, Waiter[]>();

  function release(row: string) {
    const waiters = queues.get(row);
    const next = waiters?.shift();
    if (next) next.grant();
    else queues.delete(row);
  }

  function take(row: string, deadline: number): Promise<void> {
    const waiters = queues.get(row);
    if (!waiters) {
      queues.set(row, []);
      return Promise.resolve();
    }
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve();
        },
      };
      const timer = setTimeout(
        () => {
          const index = waiters.indexOf(waiter);
          if (index >= 0) waiters.splice(index, 1);
          reject(new DatabaseBusyError());
        },
        Math.max(0, deadline - Date.now()),
      );
      waiters.push(waiter);
    });
  }

  return {
    async inTurn(rows, work) {
      const deadline = Date.now() + waitMs;
      const held: string[] = [];
      try {
        for (const row of rows) {
          await take(row, deadline);
          held.push(row);
        }
        return await work();
      } finally {
        for (const row of held) release(row);
      }
    },
  };
}

/**
 * SQLite's turns are its one connection's: write transactions run one after another, and a group
 * commit runs its orders in the order they came (db/group-commit.ts). Turns per row there would
 * only send an order for a row of the group under way to the next group.
 */
export const SQLITE_ROW_TURNS: RowTurns = { inTurn: (_rows, work) => work() };
