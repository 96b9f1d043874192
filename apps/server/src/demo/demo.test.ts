import {
  type InventoryReport,
  type MoneyReport,
  type OrderPerformanceReport,
  REPORT_PATHS,
  type ReorderSuggestions,
  type SalesReport,
  SUPPLY_ORDER_STATUSES,
  type SupplierProduct,
  type SupplyOrderDraft,
} from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { referenceMoneyReport } from '../modules/reports/reference-queries';
import { createTestApp, sessionCookieFrom, type TestApp } from '../test/test-app';
import { DEMO_APPLICANTS, DEMO_MANAGERS, DEMO_PASSWORD, DEMO_SUPPLIERS, demoEmail } from './demo-business';
import { type DemoSummary, demoTrackingUrl, seedDemoIfMissing } from './seed-demo';

const DAYS = 14;

describe('the demo business', () => {
  let t: TestApp;
  let summary: DemoSummary | null;

  beforeAll(async () => {
    // The seeding app's sessions, as `npm run demo` sets them: a day idle, thirty days in all.
    // Staff wait for approval, as `npm run demo` sets it.
    t = await createTestApp({
      env: { SESSION_IDLE_MINUTES: '1440', SESSION_MAX_HOURS: '720', REGISTRATION: 'approval' },
    });
    t.clock.set(new Date('2026-11-20T15:30:00.000Z'));
    summary = await seedDemoIfMissing(t.app, t.clock, { days: DAYS });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const count = (table: 'users' | 'orders' | 'supply_orders' | 'notifications' | 'stocks') => t.count(table);

  it('places orders every day and has supply orders in every status', () => {
    expect(summary?.orders).toBeGreaterThan(DAYS * 3);
    for (const status of SUPPLY_ORDER_STATUSES)
      expect(summary?.supplyOrders[status], status).toBeGreaterThan(0);
  });

  it('shows order following: cancels by customers and managers, reassigns, and a live tracking link', async () => {
    expect(summary?.cancelled.byCustomers).toBeGreaterThan(0);
    expect(summary?.cancelled.byManagers).toBeGreaterThan(0);
    expect(summary?.reassigned).toBeGreaterThan(0);
    // Failed attempts, a Returned order and its reopening (docs/decisions/031-failed-attempts-and-returns.md).
    expect(summary?.attempts).toBeGreaterThan(0);
    expect(summary?.returned).toBeGreaterThan(0);
    expect(summary?.reopened).toBe(1);
    // Every delivery with its proof, by code mostly and by photo too (docs/decisions/032).
    expect(summary?.proofs.code).toBeGreaterThan(0);
    expect(summary?.proofs.photo).toBeGreaterThan(0);
    const unproven = await t.database.db
      .selectFrom('orders')
      .leftJoin('order_proofs', 'order_proofs.order_id', 'orders.id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('orders.status', '=', 'Delivered')
      .where('order_proofs.order_id', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(unproven.n)).toBe(0);
    const cancelled = await t.database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', '=', 'Cancelled')
      .executeTakeFirstOrThrow();
    expect(Number(cancelled.n)).toBe(
      (summary?.cancelled.byCustomers ?? 0) + (summary?.cancelled.byManagers ?? 0),
    );
    const url = await demoTrackingUrl(t.app, 'http://depot.test');
    expect(url).toMatch(/^http:\/\/depot\.test\/track\//);
    const tracked = await t.app.inject({
      method: 'GET',
      url: `/api/${(url ?? '').slice('http://depot.test/'.length)}`,
    });
    expect(tracked.statusCode).toBe(200);
    expect(['In Transit', 'Processing']).toContain(tracked.json().status);
  });

  it('gives every customer two or three saved addresses, the ones they order to', async () => {
    const rows = await t.database.db
      .selectFrom('users')
      .leftJoin('customer_addresses', 'customer_addresses.customer_id', 'users.id')
      .select(['users.id', (eb) => eb.fn.count('customer_addresses.id').as('addresses')])
      .where('users.role', '=', 'Customer')
      .groupBy('users.id')
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect([2, 3]).toContain(Number(row.addresses));
    const used = await t.database.db
      .selectFrom('customer_addresses')
      .select('id')
      .whereRef('last_used_at', '>', 'created_at')
      .execute();
    expect(used.length).toBeGreaterThan(0);
  });

  it("has its first manager approve the staff, and leaves today's applicants waiting on the Team screen", async () => {
    const owner = DEMO_MANAGERS[0]?.name ?? '';
    const login = await t.call('POST', '/auth/login', undefined, {
      email: demoEmail(owner),
      password: DEMO_PASSWORD,
    });
    expect(login.statusCode).toBe(200);
    const waiting = await t.call('GET', '/api/team?status=pending', { cookie: sessionCookieFrom(login) });
    expect(waiting.statusCode).toBe(200);
    expect((waiting.json() as { email: string }[]).map((member) => member.email).sort()).toEqual(
      DEMO_APPLICANTS.map((applicant) => demoEmail(applicant.name)).sort(),
    );
    const staff = await t.database.db
      .selectFrom('users')
      .select(['email', 'approval_status'])
      .where('role', '!=', 'Customer')
      .execute();
    const applicants = new Set(DEMO_APPLICANTS.map((applicant) => demoEmail(applicant.name)));
    expect(
      staff.filter((row) => !applicants.has(row.email)).every((row) => row.approval_status === 'active'),
    ).toBe(true);
  });

  it("holds the first supplier's supply orders in every status, for a visitor to update", async () => {
    const supplier = DEMO_SUPPLIERS[0]?.name ?? '';
    const { id } = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', demoEmail(supplier))
      .executeTakeFirstOrThrow();
    const held = await t.database.db
      .selectFrom('supply_orders')
      .select('status')
      .distinct()
      .where('supplier_id', '=', id)
      .execute();
    expect(held.map((row) => row.status).sort()).toEqual([...SUPPLY_ORDER_STATUSES].sort());
  });

  it('shows the first manager reorder suggestions and a draft, and has the second draft automatically', async () => {
    const [first, second] = DEMO_MANAGERS;
    const login = async (email: string) =>
      sessionCookieFrom(await t.call('POST', '/auth/login', undefined, { email, password: DEMO_PASSWORD }));
    const cookie = await login(demoEmail(first?.name ?? ''));
    const suggestions = await t.call('GET', '/api/reorder-suggestions', { cookie });
    expect(suggestions.statusCode).toBe(200);
    const items = (suggestions.json() as ReorderSuggestions).groups.flatMap((group) => group.items);
    expect(items.length).toBeGreaterThanOrEqual(3);
    expect(items.filter((item) => item.in_draft > 0)).toHaveLength(1);
    const drafts = await t.call('GET', '/api/supply-order-drafts', { cookie });
    expect((drafts.json() as { drafts: SupplyOrderDraft[] }).drafts).toHaveLength(1);
    const other = await t.call('GET', '/api/reorder-suggestions', {
      cookie: await login(demoEmail(second?.name ?? '')),
    });
    expect((other.json() as ReorderSuggestions).automatic).toBe(true);
  });

  it('shows money on the Overview and each product beside the manager’s own stock of it', async () => {
    const manager = DEMO_MANAGERS[0]?.name ?? '';
    const login = await t.call('POST', '/auth/login', undefined, {
      email: demoEmail(manager),
      password: DEMO_PASSWORD,
    });
    const cookie = sessionCookieFrom(login);
    const managerId = login.json().user.id as number;
    const range = { startDate: '2026-11-01', endDate: '2026-11-30' };
    const money = await t.call('GET', `${REPORT_PATHS.money}?${new URLSearchParams(range)}`, { cookie });
    expect(money.statusCode).toBe(200);
    const report = money.json() as MoneyReport;
    expect(report.revenue).toBeGreaterThan(0);
    expect(report.average_order_value).toBeGreaterThan(0);
    expect(report.stock_value).toBeGreaterThan(0);
    expect(report).toEqual(await referenceMoneyReport(t.database.db, range, managerId));

    // The products the rules link show the manager's stock beside them, some at or under the level.
    const products = await t.call('GET', '/api/stock-replenishment/products?limit=100', { cookie });
    const linked = (products.json() as SupplierProduct[]).filter((product) => product.my_stock);
    expect(linked.length).toBeGreaterThan(0);
    expect(
      linked.some(
        (product) => product.my_stock && product.my_stock.quantity <= product.my_stock.reorder_level,
      ),
    ).toBe(true);
  });

  it('keeps the books straight: no negative stock, every order with its lines, notifications sent', async () => {
    const negative = await t.database.db
      .selectFrom('stocks')
      .select('id')
      .where('quantity', '<', 0)
      .execute();
    expect(negative).toEqual([]);
    const withoutLines = await t.database.db
      .selectFrom('orders')
      .leftJoin('order_items', 'order_items.order_id', 'orders.id')
      .select('orders.id')
      .where('order_items.id', 'is', null)
      .execute();
    expect(withoutLines).toEqual([]);
    expect(await count('notifications')).toBeGreaterThan(await count('orders'));
  });

  it('adds nothing when run again', async () => {
    const before = await Promise.all(
      (['users', 'orders', 'supply_orders', 'notifications', 'stocks'] as const).map(count),
    );
    expect(await seedDemoIfMissing(t.app, t.clock, { days: DAYS })).toBeNull();
    expect(
      await Promise.all(
        (['users', 'orders', 'supply_orders', 'notifications', 'stocks'] as const).map(count),
      ),
    ).toEqual(before);
  });

  it("fills every chart of a manager's Overview", async () => {
    const login = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email: demoEmail(DEMO_MANAGERS[0]?.name ?? ''), password: DEMO_PASSWORD },
    });
    const cookie = sessionCookieFrom(login);
    const report = async <T>(path: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: `${path}?startDate=2026-10-01&endDate=2026-11-30`,
          headers: { cookie },
        })
      ).json() as T;
    const inventory = await report<InventoryReport>(REPORT_PATHS.inventory);
    const performance = await report<OrderPerformanceReport>(REPORT_PATHS.orderPerformance);
    const sales = await report<SalesReport>(REPORT_PATHS.sales);

    expect(inventory.stock_levels.products.length).toBeGreaterThan(10);
    expect(inventory.supplier_stock_distribution.suppliers.length).toBeGreaterThan(0);
    expect(performance.order_volume_trends.order_counts.reduce((a, b) => a + b, 0)).toBe(summary?.orders);
    expect(performance.order_fulfilment_rate.fulfilled_orders.some((n) => n > 0)).toBe(true);
    expect(sales.product_sales_trends.bestsellers).toHaveLength(5);
    expect(sales.product_sales_trends.low_performers.length).toBeGreaterThan(0);
  });
});
