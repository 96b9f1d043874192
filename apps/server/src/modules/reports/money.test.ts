import { type MoneyReport, REPORT_PATHS } from '@depot/contract';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderRevenueMigration } from '../../db/migrations/2026-12-18-order-revenue';
import { createTestApp, registerAndLogin, sessionCookieFrom, type TestApp } from '../../test/test-app';
import { referenceMoneyReport } from './reference-queries';
import { rebuildReportSummaries } from './summaries';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

// docs/product/business-rules.md#money-on-the-overview: three orders, one cancelled, figures by hand.
describe('GET /api/money-reports', () => {
  let t: TestApp;
  let managerA: Session;
  let managerB: Session;
  let customer: Session;
  let courier: Session;
  const stock: Record<string, number> = {};
  const range = { startDate: '2026-01-01', endDate: '2026-02-28' };

  const call = (session: Session, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie: session.cookie }, ...(payload ? { payload } : {}) });
  const money = async (session: Session, query = range) => {
    const response = await call(session, 'GET', `${REPORT_PATHS.money}?${new URLSearchParams(query)}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as MoneyReport;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.set(new Date('2026-01-02T09:00:00.000Z'));
    [managerA, managerB, customer, courier] = await Promise.all([
      registerAndLogin(t.app, 'Inventory Manager'),
      registerAndLogin(t.app, 'Inventory Manager'),
      registerAndLogin(t.app, 'Customer'),
      registerAndLogin(t.app, 'Courier Service'),
    ]);
    const add = async (by: Session, name: string, price: number, quantity: number) => {
      const response = await call(by, 'POST', '/api/stocks', { name, price, quantity, weight: 0.5 });
      expect(response.statusCode, response.body).toBe(201);
      stock[name] = response.json().stock.stock_id;
    };
    await add(managerA, 'Tea', 3.35, 100);
    await add(managerA, 'Rice', 12.5, 40);
    await add(managerB, 'Salt', 1.1, 7);
    // Sessions end after 30 idle minutes: each jump of the clock logs everyone in again.
    const moveClock = async (when: string) => {
      t.clock.set(new Date(when));
      for (const session of [managerA, managerB, customer, courier]) {
        const login = await t.app.inject({
          method: 'POST',
          url: '/auth/login',
          payload: { email: session.email, password: session.password },
        });
        session.cookie = sessionCookieFrom(login);
      }
    };
    const place = async (when: string, lines: [string, number][]) => {
      await moveClock(when);
      const response = await call(customer, 'POST', '/api/orders', {
        shipping_address: '12 Park Street, Kolkata',
        pin_code: '110001',
        location_type: 'urban',
        phone_number: '+91 98765 43210',
        courier_service_id: courier.user.id,
        items: lines.map(([name, quantity]) => ({ stock_id: stock[name], quantity })),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().order.id as number;
    };
    await place('2026-01-10T10:00:00.000Z', [['Tea', 3]]); // $10.05
    await place('2026-01-20T10:00:00.000Z', [
      ['Rice', 2],
      ['Salt', 1],
    ]); // $25.00 + $1.10
    const cancelled = await place('2026-02-05T10:00:00.000Z', [['Tea', 1]]); // $3.35, cancelled
    const cancel = await call(customer, 'POST', `/api/orders/${cancelled}/cancel`);
    expect(cancel.statusCode, cancel.body).toBe(200);
  });

  afterAll(async () => {
    await t.close();
  });

  it('counts revenue without the cancelled order, the average to the cent, and the caller’s own stock value', async () => {
    expect(await money(managerA)).toEqual({
      revenue_per_month: { months: ['2026-01', '2026-02'], revenue: [36.15, 0], orders: [2, 0] },
      revenue: 36.15,
      orders: 2,
      // 3,615 cents over 2 orders is 1,807.5: half a cent rounds up.
      average_order_value: 18.08,
      // Tea 97 × $3.35 (the cancelled unit came back) + Rice 38 × $12.50.
      stock_value: 799.95,
    });
  });

  it('shows manager B their own stock value, never manager A’s', async () => {
    const report = await money(managerB);
    expect(report.stock_value).toBe(6.6); // Salt 6 × $1.10
    expect(report.revenue).toBe(36.15);
  });

  it('answers a range with no order with zeros and no average', async () => {
    expect(await money(managerA, { startDate: '2025-03-01', endDate: '2025-04-30' })).toMatchObject({
      revenue_per_month: { months: ['2025-03', '2025-04'], revenue: [0, 0], orders: [0, 0] },
      revenue: 0,
      orders: 0,
      average_order_value: null,
    });
  });

  it('agrees with the order rows, after a rebuild and after its migration backfills it', async () => {
    const db = t.database.db;
    for (const query of [range, { startDate: '2026-01-15', endDate: '2026-02-05' }]) {
      expect(await money(managerA, query)).toEqual(await referenceMoneyReport(db, query, managerA.user.id));
    }
    const days = () => db.selectFrom('order_daily_stats').selectAll().orderBy('day').execute();
    const kept = await days();
    expect(kept.map((day) => [day.day, day.counted_orders, day.revenue_cents])).toEqual([
      ['2026-01-10', 1, 1005],
      ['2026-01-20', 1, 2610],
      ['2026-02-05', 0, 0],
    ]);
    await db.transaction().execute((trx) => rebuildReportSummaries(trx));
    expect(await days()).toEqual(kept);
    const migration = orderRevenueMigration();
    await migration.down(db as Kysely<unknown>);
    await migration.up(db as Kysely<unknown>);
    expect(await days()).toEqual(kept);
  });

  it('refuses other roles, anonymous callers and a bad range, changing nothing', async () => {
    const query = `?${new URLSearchParams(range)}`;
    expect((await call(customer, 'GET', `${REPORT_PATHS.money}${query}`)).statusCode).toBe(403);
    expect((await call(courier, 'GET', `${REPORT_PATHS.money}${query}`)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `${REPORT_PATHS.money}${query}` })).statusCode).toBe(
      401,
    );
    const bad = await call(managerA, 'GET', `${REPORT_PATHS.money}?startDate=2026-03-01&endDate=2026-01-01`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBeDefined();
  });
});
