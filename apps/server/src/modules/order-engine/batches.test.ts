import { describe, expect, it } from 'vitest';
import { ConflictError, DatabaseBusyError } from '../../lib/errors';
import { createBatches, type Settled } from './batches';

/** A run that records each batch it is given and answers each item doubled, or as `answer` says. */
function recordingRun(answer?: (items: readonly number[]) => Promise<Settled<number>[]>) {
  const batches: number[][] = [];
  const run = async (items: readonly number[]) => {
    batches.push([...items]);
    if (answer) return answer(items);
    return items.map((item) => ({ ok: true as const, value: item * 2 }));
  };
  return { batches, run };
}

const settleAll = (promises: Promise<number>[]) => Promise.allSettled(promises);

describe('batches of orders', () => {
  it('runs what arrives in one turn of the event loop as one batch, and answers each its own result', async () => {
    const { batches, run } = recordingRun();
    const placing = createBatches(run, { most: 16, underWay: 2, holdMs: 5 });
    const answers = await Promise.all([1, 2, 3, 4].map((item) => placing.submit(item)));
    expect(answers).toEqual([2, 4, 6, 8]);
    expect(batches).toEqual([[1, 2, 3, 4]]);
    expect(placing.statistics()).toEqual({ items: 4, batches: 1 });
  });

  it('splits a turn that brings more than `most` into batches of `most`, in the order they came', async () => {
    const { batches, run } = recordingRun();
    const placing = createBatches(run, { most: 3, underWay: 2, holdMs: 5 });
    await Promise.all([1, 2, 3, 4, 5, 6, 7].map((item) => placing.submit(item)));
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('refuses one item of a batch alone when the run refuses it, and answers the others', async () => {
    const refusal = new ConflictError('Not enough stock for Hot item', 'not_enough_stock');
    const { run } = recordingRun(async (items) =>
      items.map((item) => (item === 2 ? { ok: false, error: refusal } : { ok: true, value: item * 2 })),
    );
    const placing = createBatches(run, { most: 16, underWay: 2, holdMs: 5 });
    const outcomes = await settleAll([1, 2, 3].map((item) => placing.submit(item)));
    expect(outcomes).toEqual([
      { status: 'fulfilled', value: 2 },
      { status: 'rejected', reason: refusal },
      { status: 'fulfilled', value: 6 },
    ]);
  });

  it('tries a batch that fails as a whole again item by item, in the order they came', async () => {
    const { batches, run } = recordingRun(async (items) => {
      if (items.length > 1) throw new Error('duplicate key value violates unique constraint');
      if (items[0] === 2) throw new Error('this one fails alone too');
      return [{ ok: true, value: (items[0] as number) * 2 }];
    });
    const placing = createBatches(run, { most: 16, underWay: 2, holdMs: 5 });
    const outcomes = await settleAll([1, 2, 3].map((item) => placing.submit(item)));
    expect(batches).toEqual([[1, 2, 3], [1], [2], [3]]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason.message).toBe('this one fails alone too');
  });

  it('answers every item of a batch refused as busy with 503 at once, without trying each again', async () => {
    const busy = new DatabaseBusyError();
    const { batches, run } = recordingRun(async () => {
      throw busy;
    });
    const placing = createBatches(run, { most: 16, underWay: 2, holdMs: 5 });
    const outcomes = await settleAll([1, 2, 3].map((item) => placing.submit(item)));
    expect(batches).toEqual([[1, 2, 3]]);
    expect(outcomes).toEqual(Array(3).fill({ status: 'rejected', reason: busy }));
  });

  it('holds arrivals while `underWay` batches run, and sends them when one ends', async () => {
    const ends: (() => void)[] = [];
    const batches: number[][] = [];
    const placing = createBatches(
      async (items: readonly number[]) => {
        batches.push([...items]);
        await new Promise<void>((resolve) => ends.push(resolve));
        return items.map((item) => ({ ok: true as const, value: item }));
      },
      { most: 16, underWay: 1, holdMs: 60_000 },
    );
    const first = placing.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is running: these wait for it, in one batch, however many turns they span.
    const held = [placing.submit(2)];
    await new Promise((resolve) => setImmediate(resolve));
    held.push(placing.submit(3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(batches).toEqual([[1]]);
    ends[0]?.();
    await first;
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(batches).toEqual([[1], [2, 3]]);
    ends[1]?.();
    expect(await Promise.all(held)).toEqual([2, 3]);
  });

  it('holds arrivals no longer than `holdMs` when the running batch does not end', async () => {
    const batches: number[][] = [];
    const placing = createBatches(
      async (items: readonly number[]) => {
        batches.push([...items]);
        // The first batch waits as on a row another session holds; the next ones answer.
        if (items[0] === 1) await new Promise(() => {});
        return items.map((item) => ({ ok: true as const, value: item }));
      },
      { most: 16, underWay: 1, holdMs: 30 },
    );
    void placing.submit(1);
    await new Promise((resolve) => setImmediate(resolve));
    const startedAt = Date.now();
    expect(await placing.submit(2)).toBe(2);
    const waited = Date.now() - startedAt;
    expect(waited).toBeGreaterThanOrEqual(25);
    expect(waited).toBeLessThan(1_000);
    expect(batches).toEqual([[1], [2]]);
  });
});
