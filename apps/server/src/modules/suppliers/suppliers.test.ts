import { ACCOUNT_MESSAGES, AUTH_MESSAGES, SUPPLIER_MESSAGES } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerAndLogin,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../../test/test-app';

type Session = Awaited<ReturnType<typeof registerAndLogin>>;
interface SupplierItem {
  id: number;
  name: string;
  email: string;
  phone_number: string | null;
  address: string | null;
}

let t: TestApp;
let manager: Session;
let customer: Session;
let courier: Session;
let supplierUser: Session;

beforeAll(async () => {
  t = await createTestApp();
  [manager, customer, courier, supplierUser] = await Promise.all([
    registerAndLogin(t.app, 'Inventory Manager'),
    registerAndLogin(t.app, 'Customer'),
    registerAndLogin(t.app, 'Courier Service'),
    registerAndLogin(t.app, 'Supplier', { name: 'Self-registered supplier' }),
  ]);
});
afterAll(async () => {
  await t.close();
});

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } });

const userRow = (id: number) =>
  t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

const countUsers = () => t.count('users');

const newSupplier = (overrides: Record<string, unknown> = {}) => ({
  id: '',
  name: 'Acme Supplies',
  email: uniqueEmail('acme'),
  phone_number: '+91 98765 43210',
  address: '12 Market Road, Pune',
  password: STRONG_PASSWORD,
  ...overrides,
});

async function addSupplier(overrides: Record<string, unknown> = {}) {
  const payload = newSupplier(overrides);
  const response = await t.call('POST', '/api/suppliers', manager, payload);
  expect(response.statusCode).toBe(201);
  return { supplier: response.json().supplier as SupplierItem, password: payload.password as string };
}

const listSuppliers = async (session: Session = manager) =>
  (await t.call('GET', '/api/suppliers', session)).json() as SupplierItem[];

describe('adding a supplier', () => {
  it('creates a Supplier account that answers without secrets and can log in', async () => {
    const email = uniqueEmail('Acme');
    const response = await t.call(
      'POST',
      '/api/suppliers',
      manager,
      newSupplier({ name: '  Acme Supplies ', email: `  ${email.toUpperCase()} ` }),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json();
    expect(body).toEqual({
      supplier: {
        id: expect.any(Number),
        name: 'Acme Supplies',
        email: email.toLowerCase(),
        phone_number: '+91 98765 43210',
        address: '12 Market Road, Pune',
      },
      message: 'Supplier added successfully',
    });
    expect(response.body).not.toMatch(/password|hash|argon/i);

    const row = await userRow(body.supplier.id);
    expect(row).toMatchObject({ role: 'Supplier', deactivated_at: null });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);

    const loggedIn = await login(email.toLowerCase(), STRONG_PASSWORD);
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json().user).toEqual({
      id: body.supplier.id,
      role: 'Supplier',
      name: 'Acme Supplies',
      email: email.toLowerCase(),
    });
  });

  it('refuses an email any account already has, whatever its case, with 409', async () => {
    const { supplier } = await addSupplier();
    const before = await countUsers();
    for (const email of [supplier.email.toUpperCase(), manager.email, customer.email.toUpperCase()]) {
      const response = await t.call('POST', '/api/suppliers', manager, newSupplier({ email }));
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: AUTH_MESSAGES.emailTaken,
        message: AUTH_MESSAGES.emailTaken,
        code: 'email_taken',
      });
    }
    expect(await countUsers()).toBe(before);
  });

  it.each([
    ['name', SUPPLIER_MESSAGES.nameRequired],
    ['email', SUPPLIER_MESSAGES.emailRequired],
    ['phone_number', SUPPLIER_MESSAGES.phoneRequired],
    ['address', SUPPLIER_MESSAGES.addressRequired],
    ['password', SUPPLIER_MESSAGES.passwordRequired],
  ])('answers a missing or blank %s with 400 "%s", creating nothing', async (field, message) => {
    const before = await countUsers();
    const missing = newSupplier();
    delete (missing as Record<string, unknown>)[field];
    for (const payload of [missing, newSupplier({ [field]: '' }), newSupplier({ [field]: '   ' })]) {
      if (field === 'password' && payload.password === '   ') continue;
      const response = await t.call('POST', '/api/suppliers', manager, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        error: `Invalid input: ${message}`,
        message: `Invalid input: ${message}`,
        code: 'invalid_input',
        details: [{ path: `body.${field}`, message }],
      });
    }
    expect(await countUsers()).toBe(before);
  });

  it.each([
    [{ email: 'not-an-email' }, 'Enter a valid email address'],
    [{ phone_number: 'call me maybe' }, SUPPLIER_MESSAGES.invalidPhone],
    [{ password: 'short pass' }, 'Password must be at least 12 characters'],
    [{ password: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
    [{ password: 'qwerty123456' }, AUTH_MESSAGES.commonPassword],
  ])('refuses %j with 400 "%s", creating nothing', async (overrides, message) => {
    const before = await countUsers();
    const response = await t.call('POST', '/api/suppliers', manager, newSupplier(overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
    expect(await countUsers()).toBe(before);
  });

  it('ignores an id or a role sent in the body', async () => {
    const response = await t.call(
      'POST',
      '/api/suppliers',
      manager,
      newSupplier({ id: 1, role: 'Inventory Manager' }),
    );
    expect(response.statusCode).toBe(201);
    const { supplier } = response.json();
    expect(supplier.id).not.toBe(1);
    expect((await userRow(supplier.id))?.role).toBe('Supplier');
  });
});

describe('listing suppliers', () => {
  it('lists active Supplier accounts only, newest first, without secrets', async () => {
    t.clock.advance(1000);
    const older = (await addSupplier({ name: 'Older' })).supplier;
    t.clock.advance(1000);
    const newer = (await addSupplier({ name: 'Newer' })).supplier;
    const response = await t.call('GET', '/api/suppliers', manager);
    expect(response.statusCode).toBe(200);
    const items = response.json() as SupplierItem[];
    expect(items.slice(0, 2)).toEqual([newer, older]);
    for (const item of items)
      expect(Object.keys(item).sort()).toEqual(['address', 'email', 'id', 'name', 'phone_number']);
    const ids = items.map((item) => item.id);
    expect(ids).not.toContain(manager.user.id);
    expect(ids).not.toContain(customer.user.id);
    expect(response.headers['x-total-count']).toBe(String(items.length));
  });

  it('includes a supplier who registered on their own, with no phone or address yet', async () => {
    expect(await listSuppliers()).toContainEqual({
      id: supplierUser.user.id,
      name: 'Self-registered supplier',
      email: supplierUser.email,
      phone_number: null,
      address: null,
    });
  });

  it('pages with limit and offset and reports the total', async () => {
    await addSupplier();
    await addSupplier();
    const all = await t.call('GET', '/api/suppliers', manager);
    const total = Number(all.headers['x-total-count']);
    expect(total).toBeGreaterThanOrEqual(3);
    const page = await t.call('GET', '/api/suppliers?limit=2&offset=1', manager);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual((all.json() as SupplierItem[]).slice(1, 3));
    expect(page.headers['x-total-count']).toBe(String(total));
    expect((await t.call('GET', '/api/suppliers?limit=5000', manager)).statusCode).toBe(400);
  });
});

describe('editing a supplier', () => {
  it('changes the contact fields sent, never returns the password', async () => {
    const { supplier, password } = await addSupplier();
    const response = await t.call('PUT', `/api/suppliers/${supplier.id}`, manager, {
      id: supplier.id,
      name: 'Acme Two',
      phone_number: '020 1234 5678',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      supplier: {
        id: supplier.id,
        name: 'Acme Two',
        email: supplier.email,
        phone_number: '020 1234 5678',
        address: supplier.address,
      },
      message: 'Supplier updated successfully',
    });
    expect(response.body).not.toMatch(/password|hash|argon/i);
    expect((await login(supplier.email, password)).statusCode).toBe(200);
  });

  it('answers the supplier unchanged for an empty edit', async () => {
    const { supplier } = await addSupplier();
    const response = await t.call('PUT', `/api/suppliers/${supplier.id}`, manager, {});
    expect(response.statusCode).toBe(200);
    expect(response.json().supplier).toEqual(supplier);
  });

  it.each([
    [
      "another account's email",
      () => ({ name: 'Should not stick', email: manager.email.toUpperCase() }),
      ['body.email'],
    ],
    ['a new email', () => ({ email: uniqueEmail('takeover') }), ['body.email']],
    ['its own email', (email: string) => ({ email }), ['body.email']],
    ['a password', () => ({ password: 'an-entirely-new-password' }), ['body.password']],
    [
      'both',
      () => ({ email: uniqueEmail('both'), password: 'an-entirely-new-password' }),
      ['body.email', 'body.password'],
    ],
  ])('refuses %s with 400 login_not_editable and changes nothing', async (_, body, paths) => {
    const { supplier, password } = await addSupplier();
    const before = await userRow(supplier.id);
    const response = await t.call('PUT', `/api/suppliers/${supplier.id}`, manager, body(supplier.email));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'login_not_editable',
      message: ACCOUNT_MESSAGES.loginNotEditable,
    });
    expect(response.json().details.map((detail: { path: string }) => detail.path)).toEqual(paths);
    expect(await userRow(supplier.id)).toEqual(before);
    expect((await login(supplier.email, password)).statusCode).toBe(200);
  });

  it('refuses a blank required field with its message', async () => {
    const { supplier } = await addSupplier();
    const response = await t.call('PUT', `/api/suppliers/${supplier.id}`, manager, { address: ' ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(`Invalid input: ${SUPPLIER_MESSAGES.addressRequired}`);
  });

  it('answers 404 for an unknown id, a non-supplier account and a deleted supplier', async () => {
    const { supplier } = await addSupplier();
    await t.call('DELETE', `/api/suppliers/${supplier.id}`, manager);
    const managerBefore = await userRow(manager.user.id);
    for (const id of [999_999, manager.user.id, customer.user.id, supplier.id]) {
      const response = await t.call('PUT', `/api/suppliers/${id}`, manager, { name: 'Hijacked' });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: SUPPLIER_MESSAGES.notFound,
        message: SUPPLIER_MESSAGES.notFound,
        code: 'not_found',
      });
    }
    expect(await userRow(manager.user.id)).toEqual(managerBefore);
    expect((await userRow(supplier.id))?.name).toBe('Acme Supplies');
  });
});

describe('deleting a supplier', () => {
  it('deactivates the account: no login, sessions ended, gone from the list, row kept', async () => {
    const { supplier, password } = await addSupplier();
    const session = await login(supplier.email, password);
    const cookie = sessionCookieFrom(session);
    t.clock.advance(1000);

    const response = await t.call('DELETE', `/api/suppliers/${supplier.id}`, manager);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Supplier deleted successfully' });

    const again = await login(supplier.email, password);
    expect(again.statusCode).toBe(401);
    expect(again.json().message).toBe('Invalid email or password');
    expect(
      (await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } })).statusCode,
    ).toBe(401);
    const sessions = await t.database.db
      .selectFrom('sessions')
      .select('id')
      .where('user_id', '=', supplier.id)
      .execute();
    expect(sessions).toEqual([]);
    expect((await listSuppliers()).map((item) => item.id)).not.toContain(supplier.id);
    expect(await userRow(supplier.id)).toMatchObject({
      email: supplier.email,
      deactivated_at: t.clock.now().toISOString(),
    });
  });

  it('answers 404 for a deleted supplier, an unknown id and a non-supplier account', async () => {
    const { supplier } = await addSupplier();
    expect((await t.call('DELETE', `/api/suppliers/${supplier.id}`, manager)).statusCode).toBe(200);
    for (const id of [supplier.id, 999_999, customer.user.id]) {
      const response = await t.call('DELETE', `/api/suppliers/${id}`, manager);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: SUPPLIER_MESSAGES.notFound,
        message: SUPPLIER_MESSAGES.notFound,
        code: 'not_found',
      });
    }
    expect((await userRow(customer.user.id))?.deactivated_at).toBeNull();
    expect((await login(customer.email, customer.password)).statusCode).toBe(200);
  });

  it("keeps a deleted supplier's email taken", async () => {
    const { supplier } = await addSupplier();
    await t.call('DELETE', `/api/suppliers/${supplier.id}`, manager);
    const response = await t.call('POST', '/api/suppliers', manager, newSupplier({ email: supplier.email }));
    expect(response.statusCode).toBe(409);
  });
});

describe('who may manage suppliers', () => {
  let target: SupplierItem;
  beforeAll(async () => {
    target = (await addSupplier()).supplier;
  });

  it('refuses customers, couriers and suppliers with 403 and changes nothing', async () => {
    const before = await userRow(target.id);
    const count = await countUsers();
    for (const session of [customer, courier, supplierUser]) {
      const attempts = [
        await t.call('GET', '/api/suppliers', session),
        await t.call('POST', '/api/suppliers', session, newSupplier()),
        await t.call('PUT', `/api/suppliers/${target.id}`, session, { name: 'Changed' }),
        await t.call('DELETE', `/api/suppliers/${target.id}`, session),
      ];
      for (const response of attempts) {
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({
          error: AUTH_MESSAGES.wrongRole,
          message: AUTH_MESSAGES.wrongRole,
          code: 'wrong_role',
        });
      }
    }
    expect(await userRow(target.id)).toEqual(before);
    expect(await countUsers()).toBe(count);
  });

  it('refuses anonymous callers with 401 and changes nothing', async () => {
    const before = await userRow(target.id);
    const count = await countUsers();
    const attempts = [
      await t.call('GET', '/api/suppliers'),
      await t.call('POST', '/api/suppliers', undefined, newSupplier()),
      await t.call('PUT', `/api/suppliers/${target.id}`, undefined, { name: 'Changed' }),
      await t.call('DELETE', `/api/suppliers/${target.id}`),
    ];
    for (const response of attempts) {
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toBe(AUTH_MESSAGES.notLoggedIn);
    }
    expect(await userRow(target.id)).toEqual(before);
    expect(await countUsers()).toBe(count);
  });
});

it('publishes the supplier routes in the OpenAPI document', async () => {
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/suppliers', '/api/suppliers/{id}']));
  expect(JSON.stringify(doc.paths['/api/suppliers'].get.responses)).not.toMatch(/password/i);
});
