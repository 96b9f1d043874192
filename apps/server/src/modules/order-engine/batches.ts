import { AppError } from '../../lib/errors';

/**
 * Orders that arrive together are written together (docs/decisions/040-orders-placed-in-batches.md).
 *
 * Each statement costs the database a round trip, a bind and an executor run whatever it writes,
 * and placing an order was 23 of them. Here the orders of a moment (those whose requests were read
 * in the same turn of the event loop) are handed to `run` together, up to `most` at a time, to be
 * written by one statement per table. Batches run side by side: what keeps two of them off the same
 * rows is the caller's (row turns, the group commit), as it was for single orders.
 *
 * `run` settles each order of its batch on its own: an order refused for what it asks (short stock,
 * an inactive courier) is refused alone, the others are written. A batch that fails as a whole for
 * another reason (a key stored by another process meanwhile, a constraint) is tried again order by
 * order, so each gets the answer it would have had alone. A batch refused as busy (503) is not: each
 * order alone would wait as long again.
 *
 * A lone order starts at once. While `underWay` batches are running, arrivals are held for the
 * next batch until one of them ends or `holdMs` has passed: on PostgreSQL the requests of a moment
 * reach this point at different times (each waited for its own session and key lookups), so without
 * the hold batches held one or two orders. The hold is bounded, so a batch waiting on a row another
 * session holds delays the orders behind it by `holdMs` at most; which rows each batch waits for is
 * the row turns' business (row-turns.ts).
 */
export interface Batches<Item, Result> {
  submit(item: Item): Promise<Result>;
  /** Items settled and batches run so far (tests and benches read them). */
  statistics(): { items: number; batches: number };
}

export type Settled<Result> = { ok: true; value: Result } | { ok: false; error: unknown };

interface Pending<Item, Result> {
  item: Item;
  resolve(value: Result): void;
  reject(error: unknown): void;
}

const isBusy = (error: unknown) => error instanceof AppError && error.statusCode === 503;

export interface BatchOptions {
  /** Items in one batch at most. */
  most: number;
  /** Batches under way at once before arrivals are held for the next. */
  underWay: number;
  /** How long arrivals are held at most while `underWay` batches run. */
  holdMs: number;
}

export function createBatches<Item, Result>(
  run: (items: readonly Item[]) => Promise<Settled<Result>[]>,
  options: BatchOptions,
): Batches<Item, Result> {
  const counts = { items: 0, batches: 0 };
  let queue: Pending<Item, Result>[] = [];
  let running = 0;
  /** The flush to come: at the end of this turn (immediate) or when the hold ends (timer). */
  let scheduled: { immediate: boolean; timer?: NodeJS.Timeout } | undefined;

  function settle(pending: Pending<Item, Result>, outcome: Settled<Result> | undefined) {
    counts.items += 1;
    if (outcome?.ok) pending.resolve(outcome.value);
    else pending.reject(outcome ? outcome.error : new Error('the batch answered too few outcomes'));
  }

  async function runAlone(pending: Pending<Item, Result>) {
    counts.batches += 1;
    try {
      settle(pending, (await run([pending.item]))[0]);
    } catch (error) {
      settle(pending, { ok: false, error });
    }
  }

  async function runBatch(batch: Pending<Item, Result>[]) {
    if (batch.length === 1) return runAlone(batch[0] as Pending<Item, Result>);
    counts.batches += 1;
    let outcomes: Settled<Result>[];
    try {
      outcomes = await run(batch.map((pending) => pending.item));
    } catch (error) {
      if (isBusy(error)) {
        for (const pending of batch) settle(pending, { ok: false, error });
        return;
      }
      // In the order they came: an earlier order keeps its claim on the stock a later one wants.
      for (const pending of batch) await runAlone(pending);
      return;
    }
    for (const [index, pending] of batch.entries()) settle(pending, outcomes[index]);
  }

  function flush() {
    if (scheduled?.timer) clearTimeout(scheduled.timer);
    scheduled = undefined;
    const arrived = queue;
    queue = [];
    for (let from = 0; from < arrived.length; from += options.most) {
      running += 1;
      void runBatch(arrived.slice(from, from + options.most)).finally(() => {
        running -= 1;
        // A batch ended: what is held goes now.
        if (scheduled && !scheduled.immediate) schedule();
      });
    }
  }

  function schedule() {
    if (running < options.underWay) {
      if (scheduled?.immediate) return;
      if (scheduled?.timer) clearTimeout(scheduled.timer);
      scheduled = { immediate: true };
      // After the requests read in this turn of the event loop have submitted theirs.
      setImmediate(flush);
    } else if (!scheduled) {
      scheduled = { immediate: false, timer: setTimeout(flush, options.holdMs) };
    }
  }

  return {
    submit(item) {
      return new Promise<Result>((resolve, reject) => {
        queue.push({ item, resolve, reject });
        schedule();
      });
    },
    statistics: () => ({ ...counts }),
  };
}
