import type {
  ReorderRule,
  ReorderSuggestions,
  StockItem,
  SupplierProduct,
  SupplyOrder,
  SupplyOrderDraft,
} from '@depot/contract';
import { REORDER_MESSAGES, SUPPLY_ORDER_MESSAGES } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../../test/order-draft';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let manager: Session;
let otherManager: Session;
let supplier: Session;
let otherSupplier: Session;
let courier: Session;
let customer: Session;

const DAY = 86_400_000;

beforeAll(async () => {
  t = await createTestApp();
  [manager, otherManager, supplier, otherSupplier, courier, customer] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' }),
    registerAndLogin(t.app, 'Supplier', { name: 'Boltco' }),
    registerAndLogin(t.app, 'Courier Service'),
    registerAndLogin(t.app, 'Customer'),
  ]);
});
afterAll(async () => {
  await t.close();
});

async function stock(owner: Session, name: string, quantity: number): Promise<StockItem> {
  const made = await t.call('POST', '/api/stocks', owner, { name, price: 2, quantity, weight: 0.5 });
  expect(made.statusCode).toBe(201);
  return made.json().stock as StockItem;
}

async function product(from: Session, name: string, quantity = 10_000): Promise<SupplierProduct> {
  const made = await t.call('POST', '/api/stock-replenishment/products', from, {
    name,
    price: 1.25,
    weight: 0.1,
    quantity,
  });
  expect(made.statusCode).toBe(201);
  return made.json() as SupplierProduct;
}

const rule = (owner: Session, stockId: number, body: object) =>
  t.call('PUT', `/api/stocks/${stockId}/reorder-rule`, owner, body);

async function suggestions(owner: Session): Promise<ReorderSuggestions> {
  const response = await t.call('GET', '/api/reorder-suggestions', owner);
  expect(response.statusCode).toBe(200);
  return response.json() as ReorderSuggestions;
}

async function drafts(owner: Session): Promise<SupplyOrderDraft[]> {
  const response = await t.call('GET', '/api/supply-order-drafts', owner);
  expect(response.statusCode).toBe(200);
  return response.json().drafts as SupplyOrderDraft[];
}

async function placeOrder(
  owner: Session,
  from: Session,
  productId: number,
  quantity: number,
): Promise<SupplyOrder> {
  const placed = await t.call('POST', '/api/replenishment-orders', owner, {
    supplier_id: from.user.id,
    address: '1 Depot Lane',
    mobile_number: '9876543210',
    items: [{ product_id: productId, quantity }],
  });
  expect(placed.statusCode).toBe(201);
  return placed.json().order as SupplyOrder;
}

describe('reorder rules', () => {
  it('saves a rule with a linked product and refuses bad ones with a clear message and no change', async () => {
    const item = await stock(manager, 'Rule widget', 50);
    const linked = await product(supplier, 'Rule widget (box)');
    const saved = await rule(manager, item.stock_id, {
      reorder_level: 10,
      order_quantity: 40,
      supplier_product_id: linked.id,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().rule).toMatchObject({
      reorder_level: 10,
      order_quantity: 40,
      order_up_to: null,
      supplier_product_id: linked.id,
      supplier_id: supplier.user.id,
      supplier_name: 'Acme Parts',
    });

    const both = await rule(manager, item.stock_id, {
      reorder_level: 10,
      order_quantity: 5,
      order_up_to: 50,
    });
    expect(both.statusCode).toBe(400);
    expect(both.body).toContain(REORDER_MESSAGES.oneOfQuantityOrUpTo);
    const low = await rule(manager, item.stock_id, { reorder_level: 10, order_up_to: 10 });
    expect(low.statusCode).toBe(400);
    expect(low.body).toContain(REORDER_MESSAGES.upToAboveLevel);
    const missing = await rule(manager, item.stock_id, {
      reorder_level: 10,
      order_quantity: 5,
      supplier_product_id: 2_000_000_000,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(REORDER_MESSAGES.productNotFound);
    const negative = await rule(manager, item.stock_id, { reorder_level: -1, order_quantity: 5 });
    expect(negative.statusCode).toBe(400);

    const read = await t.call('GET', `/api/stocks/${item.stock_id}/reorder-rule`, manager);
    expect(read.json().rule).toMatchObject({ reorder_level: 10, order_quantity: 40 });
  });

  it("answers 404 for another manager's item and 403 for other roles", async () => {
    const item = await stock(manager, 'Private widget', 5);
    expect(
      (await rule(otherManager, item.stock_id, { reorder_level: 1, order_quantity: 1 })).statusCode,
    ).toBe(404);
    expect((await t.call('GET', `/api/stocks/${item.stock_id}/reorder-rule`, otherManager)).statusCode).toBe(
      404,
    );
    expect(
      (await t.call('DELETE', `/api/stocks/${item.stock_id}/reorder-rule`, otherManager)).statusCode,
    ).toBe(404);
    expect((await rule(supplier, item.stock_id, { reorder_level: 1, order_quantity: 1 })).statusCode).toBe(
      403,
    );
    expect((await t.call('GET', '/api/reorder-suggestions', supplier)).statusCode).toBe(403);
    expect((await t.call('GET', '/api/supply-order-drafts', customer)).statusCode).toBe(403);
  });

  it('suggests a level from 30 days of sales and the supplier’s measured lead time', async () => {
    const item = await stock(manager, 'Demand widget', 1000);
    const linked = await product(otherSupplier, 'Demand widget (crate)');
    expect(
      (
        await rule(manager, item.stock_id, {
          reorder_level: 5,
          order_quantity: 10,
          supplier_product_id: linked.id,
        })
      ).statusCode,
    ).toBe(200);
    // 60 units sold in the window: 2 a day.
    for (let n = 0; n < 3; n += 1) {
      const order = await t.call(
        'POST',
        '/api/orders',
        customer,
        orderDraftFor({ courierId: courier.user.id, stockId: item.stock_id, quantity: 20 }),
      );
      expect(order.statusCode).toBe(201);
    }
    // Boltco delivers one order; its timestamps then say it took 4 days (the sessions stay alive).
    const order = await placeOrder(otherManager, otherSupplier, linked.id, 5);
    const delivered = await t.call('PUT', `/api/replenishment-orders/${order.id}`, otherSupplier, {
      status: 'Delivered',
    });
    expect(delivered.statusCode).toBe(200);
    await t.database.db
      .updateTable('supply_orders')
      .set({ delivered_at: new Date(Date.parse(order.created_at) + 4 * DAY).toISOString() })
      .where('id', '=', order.id)
      .execute();
    const read = await t.call('GET', `/api/stocks/${item.stock_id}/reorder-rule`, manager);
    expect(read.statusCode).toBe(200);
    const found = read.json().rule as ReorderRule;
    expect(found.average_daily_units).toBe(2);
    expect(found.lead_time_days).toBe(4);
    expect(found.suggested_level).toBe(2 * (4 + 3));
  });
});

describe('reorder suggestions and drafts', () => {
  let owner: Session;
  let low: StockItem;
  let upTo: StockItem;
  let unlinked: StockItem;
  let plenty: StockItem;
  let bolt: SupplierProduct;
  let nut: SupplierProduct;

  beforeAll(async () => {
    owner = await registerAndLogin(t.app, 'Inventory Manager');
    supplier = await registerAndLogin(t.app, 'Supplier', { name: 'Acme Parts' });
    bolt = await product(supplier, 'Bolt M6 (box of 100)');
    nut = await product(supplier, 'Nut M6 (box of 100)');
    low = await stock(owner, 'Bolts', 4);
    upTo = await stock(owner, 'Nuts', 3);
    unlinked = await stock(owner, 'Washers', 1);
    plenty = await stock(owner, 'Screws', 500);
    await rule(owner, low.stock_id, { reorder_level: 5, order_quantity: 50, supplier_product_id: bolt.id });
    await rule(owner, upTo.stock_id, { reorder_level: 5, order_up_to: 40, supplier_product_id: nut.id });
    await rule(owner, unlinked.stock_id, { reorder_level: 2, order_quantity: 10 });
    await rule(owner, plenty.stock_id, {
      reorder_level: 5,
      order_quantity: 10,
      supplier_product_id: bolt.id,
    });
  });

  it('lists the items at or under their level by supplier, the unlinked apart, with suggested quantities', async () => {
    const found = await suggestions(owner);
    expect(found.automatic).toBe(false);
    expect(found.groups).toHaveLength(1);
    expect(found.groups[0]?.supplier_name).toBe('Acme Parts');
    expect(
      found.groups[0]?.items.map((item) => [item.stock_name, item.suggested_quantity, item.on_order]),
    ).toEqual([
      ['Bolts', 50, 0],
      ['Nuts', 37, 0],
    ]);
    expect(found.unlinked.map((item) => item.stock_name)).toEqual(['Washers']);
  });

  it('counts units on open supply orders: an item they lift over its level is not suggested', async () => {
    const first = await placeOrder(owner, supplier, nut.id, 2);
    const found = await suggestions(owner);
    expect(found.groups[0]?.items.find((item) => item.stock_name === 'Nuts')).toMatchObject({
      on_order: 2,
      suggested_quantity: 35,
    });
    const second = await placeOrder(owner, supplier, nut.id, 10);
    const after = await suggestions(owner);
    expect(after.groups[0]?.items.map((item) => item.stock_name)).toEqual(['Bolts']);
    // Canceled, they count no more.
    for (const { id } of [first, second]) {
      expect(
        (await t.call('PUT', `/api/replenishment-orders/${id}`, supplier, { status: 'Canceled' })).statusCode,
      ).toBe(200);
    }
    expect((await suggestions(owner)).groups[0]?.items).toHaveLength(2);
  });

  it('creates one draft per supplier; running it again, or twice at once, drafts nothing more', async () => {
    const [first, second] = await Promise.all([
      t.call('POST', '/api/reorder-suggestions/drafts', owner, {}),
      t.call('POST', '/api/reorder-suggestions/drafts', owner, {}),
    ]);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    const again = await t.call('POST', '/api/reorder-suggestions/drafts', owner, {});
    expect(again.json().message).toBe(REORDER_MESSAGES.noNeeds);
    const held = await drafts(owner);
    expect(held).toHaveLength(1);
    expect(held[0]?.lines.map((line) => [line.product_name, line.quantity])).toEqual([
      ['Bolt M6 (box of 100)', 50],
      ['Nut M6 (box of 100)', 37],
    ]);
    expect(held[0]?.address).toBe('1 Depot Lane');
    expect((await suggestions(owner)).groups[0]?.items.every((item) => item.in_draft > 0)).toBe(true);
    // Invisible to the supplier: no supply order, no notification of it.
    const seen = await t.call('GET', '/api/replenishment-orders', supplier);
    expect((seen.json() as SupplyOrder[]).every((order) => order.status !== ('Draft' as never))).toBe(true);
    expect(await t.count('supply_order_drafts')).toBeGreaterThan(0);
  });

  it('edits a draft and refuses what is not in it; another manager reaches none of it', async () => {
    const [draft] = await drafts(owner);
    if (!draft) throw new Error('no draft');
    const edited = await t.call('PUT', `/api/supply-order-drafts/${draft.id}`, owner, {
      lines: [{ product_id: bolt.id, quantity: 60 }],
      mobile_number: '9123456780',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().draft.lines[0].quantity).toBe(60);
    expect(edited.json().draft.mobile_number).toBe('9123456780');
    const stranger = await t.call('PUT', `/api/supply-order-drafts/${draft.id}`, owner, {
      lines: [{ product_id: 2_000_000_000, quantity: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().message).toBe(REORDER_MESSAGES.lineNotInDraft);
    const badMobile = await t.call('PUT', `/api/supply-order-drafts/${draft.id}`, owner, {
      mobile_number: 'call me',
    });
    expect(badMobile.statusCode).toBe(400);
    expect(badMobile.body).toContain(SUPPLY_ORDER_MESSAGES.invalidMobile);
    for (const [method, url] of [
      ['PUT', `/api/supply-order-drafts/${draft.id}`],
      ['DELETE', `/api/supply-order-drafts/${draft.id}`],
      ['POST', `/api/supply-order-drafts/${draft.id}/place`],
    ] as const) {
      expect((await t.call(method, url, otherManager, method === 'DELETE' ? undefined : {})).statusCode).toBe(
        404,
      );
    }
    expect(await drafts(otherManager)).toEqual([]);
    expect((await drafts(owner))[0]?.lines[0]?.quantity).toBe(60);
  });

  it('places a draft as an Order Received supply order once; a second place at the same time is a 404', async () => {
    const [draft] = await drafts(owner);
    if (!draft) throw new Error('no draft');
    const before = await t.count('supply_orders');
    const [a, b] = await Promise.all([
      t.call('POST', `/api/supply-order-drafts/${draft.id}/place`, owner, {}),
      t.call('POST', `/api/supply-order-drafts/${draft.id}/place`, owner, {}),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 404]);
    const placed = (a.statusCode === 201 ? a : b).json().order as SupplyOrder;
    expect(placed.status).toBe('Order Received');
    expect(placed.order_items.map((item) => item.quantity).sort((x, y) => x - y)).toEqual([37, 60]);
    expect(await t.count('supply_orders')).toBe(before + 1);
    expect(await drafts(owner)).toEqual([]);
    // On order now: nothing left to suggest for this supplier.
    expect((await suggestions(owner)).groups).toEqual([]);
    // The units come from the supplier's catalogue, as placing always does.
    const products = await t.call('GET', '/api/stock-replenishment/products', supplier);
    const boltNow = (products.json() as SupplierProduct[]).find((p) => p.id === bolt.id);
    expect(boltNow?.quantity).toBe(10_000 - 60);

    // Delivered, the units go into the linked item though its name differs from the product's.
    const delivered = await t.call('PUT', `/api/replenishment-orders/${placed.id}`, supplier, {
      status: 'Delivered',
    });
    expect(delivered.statusCode).toBe(200);
    const bolts = await t.call('GET', `/api/stocks/${low.stock_id}`, owner);
    expect(bolts.json().quantity).toBe(4 + 60);
  });

  it('refuses to place a draft the supplier cannot fill, and keeps the draft', async () => {
    const scarce = await product(supplier, 'Scarce part', 2);
    const item = await stock(owner, 'Scarce', 0);
    await rule(owner, item.stock_id, { reorder_level: 1, order_quantity: 5, supplier_product_id: scarce.id });
    await t.call('POST', '/api/reorder-suggestions/drafts', owner, {
      items: [{ stock_id: item.stock_id, quantity: 5 }],
    });
    const [draft] = await drafts(owner);
    if (!draft) throw new Error('no draft');
    expect(draft.lines.map((line) => line.product_id)).toEqual([scarce.id]);
    const refused = await t.call('POST', `/api/supply-order-drafts/${draft.id}/place`, owner, {});
    expect(refused.statusCode).toBe(409);
    expect(await drafts(owner)).toHaveLength(1);
    expect((await t.call('DELETE', `/api/supply-order-drafts/${draft.id}`, owner)).statusCode).toBe(200);
    expect(await drafts(owner)).toEqual([]);
  });
});

describe('automatic drafting', () => {
  it('drafts for managers who switched it on, once, also when two runs overlap', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const from = await registerAndLogin(t.app, 'Supplier', { name: 'Auto Parts' });
    const part = await product(from, 'Auto part');
    const item = await stock(owner, 'Auto item', 10);
    await rule(owner, item.stock_id, { reorder_level: 5, order_quantity: 20, supplier_product_id: part.id });

    await t.app.reorderJob.runOnce();
    expect(await drafts(owner)).toEqual([]);

    const on = await t.call('PUT', '/api/reorder-settings', owner, { automatic: true });
    expect(on.json()).toEqual({ message: REORDER_MESSAGES.settingsSaved, automatic: true });
    expect((await suggestions(owner)).automatic).toBe(true);
    await t.app.reorderJob.runOnce();
    expect(await drafts(owner)).toEqual([]);

    // The item crosses its level.
    await t.call('PUT', `/api/stocks/${item.stock_id}`, owner, { quantity: 5 });
    await Promise.all([t.app.reorderJob.runOnce(), t.app.reorderJob.runOnce()]);
    await t.app.reorderJob.runOnce();
    const held = await drafts(owner);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ automatic: true, supplier_name: 'Auto Parts' });
    expect(held[0]?.lines.map((line) => line.quantity)).toEqual([20]);
    await t.call('PUT', '/api/reorder-settings', owner, { automatic: false });
  });
});

// docs/product/business-rules.md#audit-trail: drafts and the automatic switch are audited in their
// own transactions; a refused change writes nothing.
describe('the audit trail of drafts', () => {
  const eventsOf = (entityType: 'supply_order_draft' | 'user', entityId: number) =>
    t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_id', 'before', 'after'])
      .where('entity_type', '=', entityType)
      .where('entity_id', '=', entityId)
      .orderBy('id')
      .execute();

  it('records drafting by hand and by the job, edits, deletes and the automatic switch', async () => {
    const owner = await registerAndLogin(t.app, 'Inventory Manager');
    const from = await registerAndLogin(t.app, 'Supplier', { name: 'Audit Parts' });
    const part = await product(from, 'Audited part');
    const item = await stock(owner, 'Audited item', 2);
    await rule(owner, item.stock_id, { reorder_level: 5, order_quantity: 20, supplier_product_id: part.id });

    expect((await t.call('POST', '/api/reorder-suggestions/drafts', owner, {})).statusCode).toBe(200);
    const [draft] = await drafts(owner);
    if (!draft) throw new Error('no draft');
    const parse = (value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value);
    let events = await eventsOf('supply_order_draft', draft.id);
    expect(events.map((event) => [event.action, event.actor_id])).toEqual([
      ['supply_order_draft.saved', owner.user.id],
    ]);
    expect(parse(events[0]?.after)).toMatchObject({
      supplier_id: from.user.id,
      automatic: false,
      added: [{ product_id: part.id, stock_id: item.stock_id, quantity: 20 }],
    });

    // A refused edit writes nothing; an accepted one keeps before and after.
    const refused = await t.call('PUT', `/api/supply-order-drafts/${draft.id}`, owner, {
      lines: [{ product_id: 2_000_000_000, quantity: 1 }],
    });
    expect(refused.statusCode).toBe(400);
    expect(await eventsOf('supply_order_draft', draft.id)).toHaveLength(1);
    const edited = await t.call('PUT', `/api/supply-order-drafts/${draft.id}`, owner, {
      lines: [{ product_id: part.id, quantity: 25 }],
    });
    expect(edited.statusCode).toBe(200);
    events = await eventsOf('supply_order_draft', draft.id);
    expect(events).toHaveLength(2);
    expect(parse(events[1]?.before)).toMatchObject({ lines: [{ product_id: part.id, quantity: 20 }] });
    expect(parse(events[1]?.after)).toMatchObject({ lines: [{ product_id: part.id, quantity: 25 }] });

    expect((await t.call('DELETE', `/api/supply-order-drafts/${draft.id}`, owner)).statusCode).toBe(200);
    events = await eventsOf('supply_order_draft', draft.id);
    expect(events.map((event) => event.action)).toEqual([
      'supply_order_draft.saved',
      'supply_order_draft.saved',
      'supply_order_draft.deleted',
    ]);
    expect((await t.call('DELETE', `/api/supply-order-drafts/${draft.id}`, owner)).statusCode).toBe(404);
    expect(await eventsOf('supply_order_draft', draft.id)).toHaveLength(3);

    // The switch: recorded when it changes, not when it is set to what it was.
    await t.call('PUT', '/api/reorder-settings', owner, { automatic: true });
    await t.call('PUT', '/api/reorder-settings', owner, { automatic: true });
    const switched = await eventsOf('user', owner.user.id);
    expect(switched.filter((event) => event.action === 'reorder.automatic_changed')).toHaveLength(1);

    // The job drafts with no actor.
    await t.app.reorderJob.runOnce();
    const [auto] = await drafts(owner);
    if (!auto) throw new Error('no automatic draft');
    const drafted = await eventsOf('supply_order_draft', auto.id);
    expect(drafted.map((event) => [event.action, event.actor_id])).toEqual([
      ['supply_order_draft.saved', null],
    ]);
    expect(parse(drafted[0]?.after)).toMatchObject({ automatic: true });
    await t.call('PUT', '/api/reorder-settings', owner, { automatic: false });
  });
});
