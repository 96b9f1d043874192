import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/couriers-services', () => {
  it('lists the active Courier Service accounts as {id, name}, to any logged-in user', async () => {
    const [zeta, alpha, gone, customer, supplier] = await Promise.all([
      registerAndLogin(t.app, 'Courier Service', { name: 'Zeta Express' }),
      registerAndLogin(t.app, 'Courier Service', { name: 'Alpha Logistics' }),
      registerAndLogin(t.app, 'Courier Service', { name: 'Closed Couriers' }),
      registerAndLogin(t.app, 'Customer'),
      registerAndLogin(t.app, 'Supplier'),
    ]);
    await t.database.db
      .updateTable('users')
      .set({ deactivated_at: '2026-06-01T00:00:00.000Z' })
      .where('id', '=', gone.user.id)
      .execute();

    for (const session of [customer, supplier, zeta]) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/couriers-services',
        headers: { cookie: session.cookie },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual([
        { id: alpha.user.id, name: 'Alpha Logistics' },
        { id: zeta.user.id, name: 'Zeta Express' },
      ]);
      expect(response.headers['x-total-count']).toBe('2');
    }
    const page = await t.app.inject({
      method: 'GET',
      url: '/api/couriers-services?limit=1&offset=1',
      headers: { cookie: customer.cookie },
    });
    expect(page.json()).toEqual([{ id: zeta.user.id, name: 'Zeta Express' }]);
  });

  it('needs a login', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/couriers-services' })).statusCode).toBe(401);
  });
});
