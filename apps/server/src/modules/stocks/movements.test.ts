import type { StockItem, StockMovement, SupplierProduct, SupplyOrder } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../../test/order-draft';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let rival: Session;
let customer: Session;
let courier: Session;
let supplier: Session;

beforeAll(async () => {
  t = await createTestApp();
  [manager, rival, customer, courier, supplier] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Mira Manager' }),
    registerAndLogin(t.app, 'Inventory Manager', { name: 'Rita Rival' }),
    registerAndLogin(t.app, 'Customer', { name: 'Cora Customer' }),
    registerAndLogin(t.app, 'Courier Service'),
    registerAndLogin(t.app, 'Supplier', { name: 'Sam Supplier' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function history(session: Session, stockId: number, query = '') {
  const response = await t.call('GET', `/api/stocks/${stockId}/movements${query}`, session);
  return {
    status: response.statusCode,
    movements: response.json() as StockMovement[],
    total: Number(response.headers['x-total-count']),
  };
}

async function quantityOf(stockId: number) {
  const row = await t.database.db
    .selectFrom('stocks')
    .select('quantity')
    .where('id', '=', stockId)
    .executeTakeFirstOrThrow();
  return row.quantity;
}

describe('stock history', () => {
  it('writes a movement for every change of the quantity, each with the quantity it left, newest first', async () => {
    const created = await t.call('POST', '/api/stocks', manager, {
      name: 'Copper wire',
      price: 2,
      quantity: 40,
      weight: 0.5,
    });
    expect(created.statusCode).toBe(201);
    const stock = created.json().stock as StockItem;

    // An edit of the quantity, and one of the price only (no movement).
    expect((await t.call('PUT', `/api/stocks/${stock.stock_id}`, manager, { quantity: 35 })).statusCode).toBe(
      200,
    );
    expect((await t.call('PUT', `/api/stocks/${stock.stock_id}`, manager, { price: 3 })).statusCode).toBe(
      200,
    );

    // A customer order takes 4, and one short of stock takes nothing.
    const order = await t.call(
      'POST',
      '/api/orders',
      customer,
      orderDraftFor({ courierId: courier.user.id, stockId: stock.stock_id, quantity: 4 }),
    );
    expect(order.statusCode).toBe(201);
    const orderId = order.json().order.id as number;
    const short = await t.call(
      'POST',
      '/api/orders',
      customer,
      orderDraftFor({ courierId: courier.user.id, stockId: stock.stock_id, quantity: 1000 }),
    );
    expect(short.statusCode).toBe(409);

    // A supply order of the same name delivered brings 10.
    const product = await t.call('POST', '/api/stock-replenishment/products', supplier, {
      name: 'Copper wire',
      price: 1,
      weight: 0.5,
      quantity: 100,
    });
    const placed = await t.call('POST', '/api/replenishment-orders', manager, {
      supplier_id: supplier.user.id,
      address: '1 Depot Lane',
      mobile_number: '9876543210',
      items: [{ product_id: (product.json() as SupplierProduct).id, quantity: 10 }],
    });
    expect(placed.statusCode).toBe(201);
    const supplyOrder = placed.json().order as SupplyOrder;
    const delivered = await t.call('PUT', `/api/replenishment-orders/${supplyOrder.id}`, supplier, {
      status: 'Delivered',
    });
    expect(delivered.statusCode).toBe(200);

    const { status, movements, total } = await history(manager, stock.stock_id);
    expect(status).toBe(200);
    expect(total).toBe(4);
    expect(movements).toMatchObject([
      {
        change: 10,
        quantity_after: 41,
        reason: 'supply_delivery',
        actor: { id: supplier.user.id, name: 'Sam Supplier' },
        supply_order_id: supplyOrder.id,
        order_id: null,
      },
      { change: -4, quantity_after: 31, reason: 'order', actor: { id: customer.user.id }, order_id: orderId },
      { change: -5, quantity_after: 35, reason: 'edit', actor: { id: manager.user.id } },
      {
        change: 40,
        quantity_after: 40,
        reason: 'created',
        actor: { id: manager.user.id, name: 'Mira Manager' },
      },
    ]);
    expect(movements.every((movement) => movement.stock_id === stock.stock_id && movement.created_at)).toBe(
      true,
    );
    const sum = movements.reduce((units, movement) => units + movement.change, 0);
    expect(sum).toBe(await quantityOf(stock.stock_id));

    // The list protocol: a filter, a page, the oldest first.
    const edits = await history(manager, stock.stock_id, '?reason=edit,created');
    expect(edits.movements.map((movement) => movement.reason)).toEqual(['edit', 'created']);
    expect(edits.total).toBe(2);
    const second = await history(manager, stock.stock_id, '?limit=1&offset=1');
    expect(second.movements.map((movement) => movement.reason)).toEqual(['order']);
    expect(second.total).toBe(4);
    const oldest = await history(manager, stock.stock_id, '?sort=created_at&order=asc&limit=1');
    expect(oldest.movements.map((movement) => movement.reason)).toEqual(['created']);
  });

  it("is its manager's alone: another manager's item answers 404, other roles 403, a bad filter 400", async () => {
    const created = await t.call('POST', '/api/stocks', manager, {
      name: 'Private',
      price: 1,
      quantity: 1,
      weight: 1,
    });
    const id = (created.json().stock as StockItem).stock_id;
    expect((await history(rival, id)).status).toBe(404);
    expect((await history(manager, 999_999)).status).toBe(404);
    for (const session of [customer, courier, supplier])
      expect((await history(session, id)).status).toBe(403);
    expect((await t.call('GET', `/api/stocks/${id}/movements`)).statusCode).toBe(401);
    const bad = await t.call('GET', `/api/stocks/${id}/movements?reason=stolen`, manager);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('reason must be one of');
  });

  it('keeps the sum of movements equal to the quantity when many orders take from one item at once', async () => {
    const created = await t.call('POST', '/api/stocks', manager, {
      name: 'Hot item',
      price: 1,
      quantity: 30,
      weight: 0.1,
    });
    const id = (created.json().stock as StockItem).stock_id;
    const answers = await Promise.all(
      Array.from({ length: 40 }, () =>
        t.call(
          'POST',
          '/api/orders',
          customer,
          orderDraftFor({ courierId: courier.user.id, stockId: id, quantity: 1 }),
        ),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 201)).toHaveLength(30);
    const { movements, total } = await history(manager, id, '?sort=created_at&order=asc');
    expect(total).toBe(31);
    expect(await quantityOf(id)).toBe(0);
    // Each movement's quantity after is the running sum, whatever order the orders committed in.
    let running = 0;
    for (const movement of movements) {
      running += movement.change;
      expect(movement.quantity_after).toBe(running);
    }
    expect(running).toBe(0);
  });

  it('pages several reasons at once as one list, in either order and from either end, with totals from the tallies', async () => {
    const created = await t.call('POST', '/api/stocks', manager, {
      name: 'Busy item',
      price: 1,
      quantity: 100,
      weight: 0.1,
    });
    const id = (created.json().stock as StockItem).stock_id;
    // Edits and orders interleaved: 1 created, 6 edits, 6 orders.
    for (let step = 0; step < 6; step += 1) {
      await t.call('PUT', `/api/stocks/${id}`, manager, { quantity: 100 - step * 3 - 1 });
      await t.call(
        'POST',
        '/api/orders',
        customer,
        orderDraftFor({ courierId: courier.user.id, stockId: id, quantity: 1 }),
      );
    }
    const tallies = await t.database.db
      .selectFrom('stock_movement_tallies')
      .select(['reason', 'movements'])
      .where('stock_id', '=', id)
      .orderBy('reason')
      .execute();
    expect(tallies).toEqual([
      { reason: 'created', movements: 1 },
      { reason: 'edit', movements: 6 },
      { reason: 'order', movements: 6 },
    ]);

    for (const order of ['desc', 'asc'] as const) {
      const all = await history(manager, id, `?sort=created_at&order=${order}`);
      expect(all.total).toBe(13);
      const wanted = all.movements.filter((movement) => movement.reason !== 'created').map((m) => m.id);
      const pages: number[] = [];
      for (let offset = 0; offset < 12; offset += 5) {
        const page = await history(
          manager,
          id,
          `?sort=created_at&order=${order}&reason=order&reason=edit&limit=5&offset=${offset}`,
        );
        expect(page.total).toBe(12);
        pages.push(...page.movements.map((movement) => movement.id));
      }
      // The later pages are read from the end of the list: the same rows in the same places.
      expect(pages).toEqual(wanted);
    }
  });
});
