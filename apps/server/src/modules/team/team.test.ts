import { ACCOUNT_MESSAGES } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerAndLogin,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../../test/test-app';

/**
 * Staff roles are granted, not taken (docs/decisions/016-accounts-belong-to-their-owners.md), on an
 * install with REGISTRATION=approval, the default.
 */

type StaffRole = 'Inventory Manager' | 'Supplier' | 'Courier Service';

let t: TestApp;
let owner: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  t = await createTestApp({ env: { REGISTRATION: 'approval' } });
  // The first Inventory Manager of the install owns the business: approved at once.
  owner = await registerAndLogin(t.app, 'Inventory Manager', { name: 'Owner' });
});
afterAll(async () => {
  await t.close();
});

async function register(role: StaffRole | 'Customer', name = `${role} applicant`) {
  const email = uniqueEmail(role.split(' ')[0]?.toLowerCase());
  const answer = await t.call('POST', '/auth/register', undefined, {
    role,
    name,
    email,
    password: STRONG_PASSWORD,
  });
  expect(answer.statusCode, answer.body).toBe(201);
  return { id: answer.json().user.id as number, email, approval: answer.json().approval_status as string };
}

const login = (email: string, password = STRONG_PASSWORD) =>
  t.call('POST', '/auth/login', undefined, { email, password });

const audited = (action: string, entityId: number) =>
  t.database.db
    .selectFrom('audit_events')
    .select(['actor_id', 'after'])
    .where('action', '=', action as never)
    .where('entity_id', '=', entityId)
    .execute();

describe('registering under approval', () => {
  it('keeps Customer self-service and makes every staff role wait, refusing its login with a code', async () => {
    const customer = await register('Customer');
    expect(customer.approval).toBe('active');
    expect((await login(customer.email)).statusCode).toBe(200);

    for (const role of ['Inventory Manager', 'Supplier', 'Courier Service'] as const) {
      const applicant = await register(role);
      expect(applicant.approval, role).toBe('pending');
      const answer = await login(applicant.email);
      expect(answer.statusCode, role).toBe(403);
      expect(answer.json()).toMatchObject({
        code: 'account_pending',
        message: ACCOUNT_MESSAGES.awaitingApproval,
      });
      expect(answer.cookies).toEqual([]);
      // The wrong password tells nothing about the approval.
      expect((await login(applicant.email, 'wrong-password-entirely')).json().code).toBe(
        'invalid_credentials',
      );
    }
  });

  it('notifies the active managers of someone waiting', async () => {
    const before = await t.database.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', owner.user.id)
      .execute();
    const applicant = await register('Courier Service', 'Swift Couriers');
    const notifications = await t.database.db
      .selectFrom('notifications')
      .select(['title', 'message'])
      .where('user_id', '=', owner.user.id)
      .execute();
    expect(notifications.length).toBe(before.length + 1);
    expect(notifications.at(-1)).toEqual({
      title: ACCOUNT_MESSAGES.waitingTitle,
      message: `Swift Couriers (${applicant.email}) registered as Courier Service and waits for approval on the Team page.`,
    });
  });

  it('approves at once only the first manager of an install, even when eight register at the same moment', async () => {
    const fresh = await createTestApp({ env: { REGISTRATION: 'approval' } });
    try {
      const answers = await Promise.all(
        [1, 2, 3, 4, 5, 6, 7, 8].map((n) =>
          fresh.call('POST', '/auth/register', undefined, {
            role: 'Inventory Manager',
            name: `Founder ${n}`,
            email: uniqueEmail('founder'),
            password: STRONG_PASSWORD,
          }),
        ),
      );
      const statuses = answers.map((answer) => answer.json().approval_status).sort();
      expect(statuses).toEqual(['active', ...Array(7).fill('pending')]);
    } finally {
      await fresh.close();
    }
  });
});

describe('the Team screen', () => {
  it('lists staff accounts only, waiting ones by status, for managers only', async () => {
    const applicant = await register('Supplier', 'Listed Supplier');
    const customer = await registerAndLogin(t.app, 'Customer');
    const all = await t.call('GET', '/api/team', owner);
    expect(all.statusCode).toBe(200);
    const rows = all.json() as { id: number; role: string; status: string }[];
    expect(rows.some((row) => row.role === 'Customer')).toBe(false);
    expect(rows.find((row) => row.id === applicant.id)?.status).toBe('pending');
    expect(rows.find((row) => row.id === owner.user.id)?.status).toBe('active');
    expect(Number(all.headers['x-total-count'])).toBe(rows.length);

    const waiting = await t.call('GET', '/api/team?status=pending&q=listed', owner);
    expect((waiting.json() as { id: number }[]).map((row) => row.id)).toEqual([applicant.id]);
    expect((await t.call('GET', '/api/team?status=nobody', owner)).statusCode).toBe(400);
    expect((await t.call('GET', '/api/team', customer)).statusCode).toBe(403);
  });

  it('approves a waiting account, audited, and then it logs in', async () => {
    const applicant = await register('Courier Service');
    const approved = await t.call('POST', `/api/team/${applicant.id}/approve`, owner);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.approved,
      member: { status: 'active' },
    });
    expect((await login(applicant.email)).statusCode).toBe(200);
    expect(await audited('account.approved', applicant.id)).toEqual([
      expect.objectContaining({ actor_id: owner.user.id }),
    ]);
    expect(t.mailer.sent.findLast((mail) => mail.to === applicant.email)?.subject).toBe(
      'Your Depot account is approved',
    );
    // Deciding twice is a conflict, and changes nothing.
    const twice = await t.call('POST', `/api/team/${applicant.id}/reject`, owner);
    expect(twice.statusCode).toBe(409);
    expect((await login(applicant.email)).statusCode).toBe(200);
  });

  it('rejects a waiting account, which then cannot log in', async () => {
    const applicant = await register('Inventory Manager');
    const rejected = await t.call('POST', `/api/team/${applicant.id}/reject`, owner);
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().member.status).toBe('rejected');
    const answer = await login(applicant.email);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe('account_rejected');
    expect(await audited('account.rejected', applicant.id)).toHaveLength(1);
  });

  it('deactivates a staff account with its sessions, reactivates it, and never the manager themselves', async () => {
    const applicant = await register('Supplier');
    await t.call('POST', `/api/team/${applicant.id}/approve`, owner);
    const session = { cookie: sessionCookieFrom(await login(applicant.email)) };
    expect((await t.call('GET', '/auth/profile', session)).statusCode).toBe(200);

    const deactivated = await t.call('POST', `/api/team/${applicant.id}/deactivate`, owner);
    expect(deactivated.statusCode).toBe(200);
    expect(deactivated.json().member.status).toBe('deactivated');
    expect((await t.call('GET', '/auth/profile', session)).statusCode).toBe(401);
    expect((await login(applicant.email)).statusCode).toBe(401);

    const reactivated = await t.call('POST', `/api/team/${applicant.id}/reactivate`, owner);
    expect(reactivated.json().member.status).toBe('active');
    expect((await login(applicant.email)).statusCode).toBe(200);
    expect(await audited('account.deactivated', applicant.id)).toHaveLength(1);
    expect(await audited('account.reactivated', applicant.id)).toHaveLength(1);

    const self = await t.call('POST', `/api/team/${owner.user.id}/deactivate`, owner);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('cannot_deactivate_self');
    expect((await t.call('GET', '/auth/profile', owner)).statusCode).toBe(200);
  });

  it('answers 404 for a customer or a missing account', async () => {
    const customer = await register('Customer');
    expect((await t.call('POST', `/api/team/${customer.id}/deactivate`, owner)).statusCode).toBe(404);
    expect((await t.call('POST', '/api/team/999999/approve', owner)).statusCode).toBe(404);
  });

  it('opens suppliers added through Suppliers Management at once', async () => {
    const email = uniqueEmail('managed');
    const created = await t.call('POST', '/api/suppliers', owner, {
      name: 'Managed Supplier',
      email,
      phone_number: '+91 98765 43210',
      address: '3 Port Road, Chennai',
      password: 'one-time-password-42',
    });
    expect(created.statusCode, created.body).toBe(201);
    const answer = await login(email, 'one-time-password-42');
    expect(answer.statusCode).toBe(200);
    expect(answer.json().must_change_password).toBe(true);
  });
});
