import { ADDRESS_MESSAGES, CUSTOMER_ADDRESSES_MAX, ORDER_MESSAGES } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderDraftFor } from '../../test/order-draft';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;

let t: TestApp;
let customer: Session;
let otherCustomer: Session;
let manager: Session;
let courier: Session;
let supplier: Session;

const home = {
  shipping_address: '7 Lake View, Indiranagar\nBengaluru',
  pin_code: '560038',
  location_type: 'urban',
  phone_number: '+91 98450 12345',
};

const addressRows = (customerId: number) =>
  t.database.db
    .selectFrom('customer_addresses')
    .selectAll()
    .where('customer_id', '=', customerId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await createTestApp();
  [customer, otherCustomer, manager, courier, supplier] = await Promise.all([
    registerAndLogin(t.app, 'Customer', { name: 'Asha' }),
    registerAndLogin(t.app, 'Customer', { name: 'Ravi' }),
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Courier Service'),
    registerAndLogin(t.app, 'Supplier'),
  ]);
});
afterAll(async () => {
  await t.close();
});

describe('remembered addresses', () => {
  it('saves, lists the last used first, changes and deletes a customer’s own addresses', async () => {
    const created = await t.call('POST', '/api/addresses', customer, { ...home, location_type: 'URBAN ' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().message).toBe(ADDRESS_MESSAGES.created);
    const first = created.json().address;
    expect(first).toMatchObject({ ...home, id: expect.any(Number) });
    expect(first.created_at).toBe(first.last_used_at);

    t.clock.advance(60_000);
    const office = await t.call('POST', '/api/addresses', customer, {
      shipping_address: '1 Mall Road',
      pin_code: 110001,
      location_type: 'suburban',
      phone_number: '9876543210',
    });
    expect(office.statusCode, office.body).toBe(201);
    expect(office.json().address.pin_code).toBe('110001');

    const list = await t.call('GET', '/api/addresses', customer);
    expect(list.statusCode).toBe(200);
    expect(list.json().map((row: { id: number }) => row.id)).toEqual([office.json().address.id, first.id]);
    expect((await t.call('GET', '/api/addresses', otherCustomer)).json()).toEqual([]);

    const changed = await t.call('PUT', `/api/addresses/${first.id}`, customer, {
      ...home,
      phone_number: '+91 98450 54321',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      message: ADDRESS_MESSAGES.updated,
      address: { id: first.id, phone_number: '+91 98450 54321' },
    });

    const deleted = await t.call('DELETE', `/api/addresses/${office.json().address.id}`, customer);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(ADDRESS_MESSAGES.deleted);
    expect((await addressRows(customer.user.id)).map((row) => row.id)).toEqual([first.id]);
    const again = await t.call('DELETE', `/api/addresses/${office.json().address.id}`, customer);
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for another customer’s address and changes nothing', async () => {
    const mine = (await t.call('POST', '/api/addresses', otherCustomer, home)).json().address;
    const before = await addressRows(otherCustomer.user.id);
    const put = await t.call('PUT', `/api/addresses/${mine.id}`, customer, { ...home, pin_code: '110001' });
    expect(put.statusCode).toBe(404);
    expect(put.json()).toMatchObject({ code: 'not_found', message: ADDRESS_MESSAGES.notFound });
    const del = await t.call('DELETE', `/api/addresses/${mine.id}`, customer);
    expect(del.statusCode).toBe(404);
    expect(await addressRows(otherCustomer.user.id)).toEqual(before);
    const list = (await t.call('GET', '/api/addresses', customer)).json();
    expect(list.some((row: { id: number }) => row.id === mine.id)).toBe(false);
  });

  it('refuses managers, couriers and suppliers (403) and anonymous callers (401)', async () => {
    const mine = (await t.call('GET', '/api/addresses', customer)).json()[0];
    for (const staff of [manager, courier, supplier]) {
      for (const [method, url, body] of [
        ['GET', '/api/addresses', undefined],
        ['POST', '/api/addresses', home],
        ['PUT', `/api/addresses/${mine.id}`, home],
        ['DELETE', `/api/addresses/${mine.id}`, undefined],
      ] as const) {
        const answer = await t.call(method, url, staff, body);
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
      }
    }
    expect((await t.call('GET', '/api/addresses')).statusCode).toBe(401);
    expect(await t.count('customer_addresses')).toBe(2);
  });

  it.each([
    [{ ...home, shipping_address: '' }, 'body.shipping_address', ORDER_MESSAGES.requiredFields],
    [{ ...home, shipping_address: 'x'.repeat(501) }, 'body.shipping_address', ORDER_MESSAGES.addressTooLong],
    [{ ...home, pin_code: '12345' }, 'body.pin_code', ORDER_MESSAGES.invalidPinCode],
    [{ ...home, pin_code: '000000' }, 'body.pin_code', ORDER_MESSAGES.invalidPinCode],
    [{ ...home, location_type: 'moon' }, 'body.location_type', ORDER_MESSAGES.invalidLocationType],
    [{ ...home, phone_number: 'call me' }, 'body.phone_number', ORDER_MESSAGES.invalidPhone],
    [{ ...home, phone_number: undefined }, 'body.phone_number', ORDER_MESSAGES.requiredFields],
  ])(
    'refuses bad input with the order form’s message and changes nothing (%#)',
    async (body, path, message) => {
      const mine = (await t.call('GET', '/api/addresses', customer)).json()[0];
      const before = await addressRows(customer.user.id);
      for (const answer of [
        await t.call('POST', '/api/addresses', customer, body),
        await t.call('PUT', `/api/addresses/${mine.id}`, customer, body),
      ]) {
        expect(answer.statusCode, answer.body).toBe(400);
        expect(answer.json().details).toEqual(expect.arrayContaining([{ path, message }]));
      }
      expect(await addressRows(customer.user.id)).toEqual(before);
    },
  );

  it('marks the saved address an order goes to as last used, and the order keeps its own copy', async () => {
    const stock = await t.call('POST', '/api/stocks', manager, {
      name: 'Kettle',
      price: 20,
      quantity: 100,
      weight: 1,
    });
    const draft = orderDraftFor({ courierId: courier.user.id, stockId: stock.json().stock.stock_id });
    const saved = (
      await t.call('POST', '/api/addresses', customer, {
        shipping_address: draft.shipping_address,
        pin_code: draft.pin_code,
        location_type: draft.location_type,
        phone_number: draft.phone_number,
      })
    ).json().address;
    t.clock.advance(60_000);
    const mine = (await t.call('POST', '/api/addresses', customer, home)).json().address;
    expect((await t.call('GET', '/api/addresses', customer)).json()[0].id).toBe(mine.id);

    t.clock.advance(60_000);
    const placed = await t.call('POST', '/api/orders', customer, draft);
    expect(placed.statusCode, placed.body).toBe(201);
    const list = (await t.call('GET', '/api/addresses', customer)).json();
    expect(list[0]).toMatchObject({ id: saved.id, last_used_at: t.clock.now().toISOString() });
    // Another customer's equal address is not theirs to mark.
    const others = await addressRows(otherCustomer.user.id);
    expect(others.every((row) => row.last_used_at !== t.clock.now().toISOString())).toBe(true);

    await t.call('PUT', `/api/addresses/${saved.id}`, customer, {
      ...home,
      shipping_address: '9 New Street',
    });
    const order = await t.call('GET', `/api/orders/${placed.json().order.id}`, customer);
    expect(order.json()).toMatchObject({
      shipping_address: draft.shipping_address,
      pin_code: draft.pin_code,
    });
    await t.call('DELETE', `/api/addresses/${saved.id}`, customer);
    expect((await t.call('GET', `/api/orders/${placed.json().order.id}`, customer)).statusCode).toBe(200);
  });

  it(`refuses the ${CUSTOMER_ADDRESSES_MAX + 1}st address with a 409 and a clear message`, async () => {
    const filler = await registerAndLogin(t.app, 'Customer');
    for (let index = 0; index < CUSTOMER_ADDRESSES_MAX; index++) {
      const answer = await t.call('POST', '/api/addresses', filler, {
        ...home,
        shipping_address: `${index} Road`,
      });
      expect(answer.statusCode, answer.body).toBe(201);
    }
    const refused = await t.call('POST', '/api/addresses', filler, home);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'too_many_addresses', message: ADDRESS_MESSAGES.tooMany });
    expect((await addressRows(filler.user.id)).length).toBe(CUSTOMER_ADDRESSES_MAX);
    // Deleting one makes room again.
    const [oldest] = await addressRows(filler.user.id);
    await t.call('DELETE', `/api/addresses/${oldest?.id}`, filler);
    expect((await t.call('POST', '/api/addresses', filler, home)).statusCode).toBe(201);
  });

  it(`never keeps more than ${CUSTOMER_ADDRESSES_MAX} when 25 creates arrive at once`, async () => {
    const racer = await registerAndLogin(t.app, 'Customer');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, index) =>
        t.call('POST', '/api/addresses', racer, { ...home, shipping_address: `${index} Race Road` }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(CUSTOMER_ADDRESSES_MAX);
    expect(statuses.filter((status) => status === 409)).toHaveLength(5);
    expect((await addressRows(racer.user.id)).length).toBe(CUSTOMER_ADDRESSES_MAX);
  });
});
