import type { StockCount, StockItem, StockMovement } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../../test/order-draft';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let rival: Session;
let customer: Session;
let courier: Session;

beforeAll(async () => {
  t = await createTestApp();
  [manager, rival, customer, courier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Mira Manager' }),
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Rita Rival' }),
    registerAndLogin(t.app, 'Customer'),
    registerAndLogin(t.app, 'Courier Service'),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function createItem(name: string, quantity: number, owner = manager): Promise<StockItem> {
  const created = await t.call('POST', '/api/stocks', owner, { name, price: 2, quantity, weight: 0.5 });
  expect(created.statusCode).toBe(201);
  return created.json().stock as StockItem;
}

async function quantityOf(stockId: number) {
  const row = await t.database.db
    .selectFrom('stocks')
    .select('quantity')
    .where('id', '=', stockId)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

async function movementsOf(stockId: number) {
  const response = await t.call('GET', `/api/stocks/${stockId}/movements?sort=created_at&order=asc`, manager);
  return response.json() as StockMovement[];
}

const count = (lines: { stock_id: number; expected_quantity: unknown; counted_quantity: unknown }[]) =>
  t.call('POST', '/api/stock-counts', manager, { lines });

describe('stock counts', () => {
  it('sets each counted item to its count with a count movement linked to the count, in one go', async () => {
    const bolts = await createItem('Count bolts', 40);
    const nuts = await createItem('Count nuts', 12);
    const washers = await createItem('Count washers', 7);

    const confirmed = await count([
      { stock_id: washers.stock_id, expected_quantity: 7, counted_quantity: 12 },
      { stock_id: bolts.stock_id, expected_quantity: 40, counted_quantity: 37 },
      { stock_id: nuts.stock_id, expected_quantity: 12, counted_quantity: '12' },
    ]);
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json().message).toBe('Stock count confirmed');
    const stockCount = confirmed.json().count as StockCount;
    expect(stockCount.lines).toEqual([
      {
        stock_id: bolts.stock_id,
        stock_name: 'Count bolts',
        expected_quantity: 40,
        counted_quantity: 37,
        variance: -3,
      },
      {
        stock_id: nuts.stock_id,
        stock_name: 'Count nuts',
        expected_quantity: 12,
        counted_quantity: 12,
        variance: 0,
      },
      {
        stock_id: washers.stock_id,
        stock_name: 'Count washers',
        expected_quantity: 7,
        counted_quantity: 12,
        variance: 5,
      },
    ]);

    expect(await quantityOf(bolts.stock_id)).toBe(37);
    expect(await quantityOf(nuts.stock_id)).toBe(12);
    expect(await quantityOf(washers.stock_id)).toBe(12);
    expect((await movementsOf(bolts.stock_id)).at(-1)).toMatchObject({
      change: -3,
      quantity_after: 37,
      reason: 'count',
      actor: { id: manager.user.id, name: 'Mira Manager' },
      stock_count_id: stockCount.id,
      order_id: null,
      supply_order_id: null,
    });
    // An item counted right keeps a movement of 0: the history shows it was counted.
    expect((await movementsOf(nuts.stock_id)).at(-1)).toMatchObject({
      change: 0,
      quantity_after: 12,
      reason: 'count',
    });
    const counted = await t.call('GET', `/api/stocks/${washers.stock_id}/movements?reason=count`, manager);
    expect(counted.headers['x-total-count']).toBe('1');
  });

  it('refuses a stale count as a whole, naming what changed, and changes nothing', async () => {
    const bolts = await createItem('Stale bolts', 40);
    const nuts = await createItem('Stale nuts', 12);
    // The item changes after the manager was shown 40.
    expect((await t.call('PUT', `/api/stocks/${bolts.stock_id}`, manager, { quantity: 36 })).statusCode).toBe(
      200,
    );
    const countsBefore = await t.database.db.selectFrom('stock_counts').select('id').execute();

    const stale = await count([
      { stock_id: bolts.stock_id, expected_quantity: 40, counted_quantity: 35 },
      { stock_id: nuts.stock_id, expected_quantity: 12, counted_quantity: 10 },
    ]);
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({
      code: 'stock_count_stale',
      message:
        'A quantity changed since the count was shown: Stale bolts (40, now 36). Check its count and confirm again.',
    });
    expect(await quantityOf(bolts.stock_id)).toBe(36);
    expect(await quantityOf(nuts.stock_id)).toBe(12);
    expect((await movementsOf(nuts.stock_id)).map((movement) => movement.reason)).toEqual(['created']);
    expect(await t.database.db.selectFrom('stock_counts').select('id').execute()).toHaveLength(
      countsBefore.length,
    );
  });

  it('answers 400 for a bad count and 404 for another manager’s item, changing nothing', async () => {
    const mine = await createItem('Mine to count', 5);
    const theirs = await createItem('Theirs to count', 5, rival);
    const cases: [unknown, string][] = [
      [{ lines: [] }, 'Count at least one stock item'],
      [{}, 'Count at least one stock item'],
      [
        {
          lines: [
            { stock_id: mine.stock_id, expected_quantity: 5, counted_quantity: 4 },
            { stock_id: mine.stock_id, expected_quantity: 5, counted_quantity: 3 },
          ],
        },
        'Each stock item may be counted once',
      ],
      [
        { lines: [{ stock_id: mine.stock_id, expected_quantity: 5, counted_quantity: -1 }] },
        'Counted quantity must be a whole number',
      ],
      [{ lines: [{ stock_id: mine.stock_id, counted_quantity: 4 }] }, 'Expected quantity is required'],
    ];
    for (const [body, message] of cases) {
      const response = await t.call('POST', '/api/stock-counts', manager, body);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('invalid_input');
      expect(response.json().message).toContain(message);
    }
    const foreign = await count([
      { stock_id: mine.stock_id, expected_quantity: 5, counted_quantity: 1 },
      { stock_id: theirs.stock_id, expected_quantity: 5, counted_quantity: 1 },
    ]);
    expect(foreign.statusCode).toBe(404);
    expect(await quantityOf(mine.stock_id)).toBe(5);
    expect(await quantityOf(theirs.stock_id)).toBe(5);
    expect((await t.call('POST', '/api/stock-counts', customer, { lines: [] })).statusCode).toBe(403);
  });

  it('keeps quantity = the sum of movements while counts and orders race for one item', async () => {
    const item = await createItem('Raced item', 100);
    const order = () =>
      t.call(
        'POST',
        '/api/orders',
        customer,
        orderDraftFor({ courierId: courier.user.id, stockId: item.stock_id, quantity: 1 }),
      );
    // A count shown the quantity of the moment that finds one unit missing.
    const countOneMissing = async () => {
      const shown = await quantityOf(item.stock_id);
      return count([{ stock_id: item.stock_id, expected_quantity: shown, counted_quantity: shown - 1 }]);
    };
    const answers = await Promise.all(
      Array.from({ length: 30 }, async (_, index) =>
        index % 3 === 0
          ? { kind: 'count', answer: await countOneMissing() }
          : { kind: 'order', answer: await order() },
      ),
    );
    const orders = answers.filter(({ kind }) => kind === 'order').map(({ answer }) => answer);
    const counts = answers.filter(({ kind }) => kind === 'count').map(({ answer }) => answer);
    expect(orders.every((answer) => answer.statusCode === 201)).toBe(true);
    expect(counts.every((answer) => answer.statusCode === 201 || answer.statusCode === 409)).toBe(true);
    for (const refused of counts.filter((answer) => answer.statusCode === 409))
      expect(refused.json().code).toBe('stock_count_stale');
    const confirmedCounts = counts.filter((answer) => answer.statusCode === 201).length;

    const quantity = await quantityOf(item.stock_id);
    expect(quantity).toBe(100 - orders.length - confirmedCounts);
    const movements = await movementsOf(item.stock_id);
    expect(movements.filter((movement) => movement.reason === 'count')).toHaveLength(confirmedCounts);
    let running = 0;
    for (const movement of movements) {
      running += movement.change;
      expect(movement.quantity_after).toBe(running);
    }
    expect(running).toBe(quantity);
  });
});
