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
import { deviceOf } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0';
const SAFARI_ON_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

async function loginFrom(email: string, password: string, userAgent?: string) {
  const answer = await t.call(
    'POST',
    '/auth/login',
    undefined,
    { email, password },
    {
      ...(userAgent ? { 'user-agent': userAgent } : {}),
    },
  );
  expect(answer.statusCode, answer.body).toBe(200);
  return { cookie: sessionCookieFrom(answer) };
}

describe('the account', () => {
  it('reads and renames only its owner', async () => {
    const user = await registerAndLogin(t.app, 'Courier Service', { name: 'Old Name' });
    const account = await t.call('GET', '/api/account', user);
    expect(account.json()).toEqual({
      id: user.user.id,
      role: 'Courier Service',
      name: 'Old Name',
      email: user.email,
      must_change_password: false,
      pending_email: null,
      order_mails: true,
    });
    const renamed = await t.call('PUT', '/api/account', user, { name: '  New Name ' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({
      message: ACCOUNT_MESSAGES.nameChanged,
      account: { name: 'New Name' },
    });
    expect((await t.call('GET', '/auth/profile', user)).json().name).toBe('New Name');
    expect((await t.call('PUT', '/api/account', user, { name: ' ' })).statusCode).toBe(400);
    // An email sent with a name changes no email: only the confirmation link does.
    await t.call('PUT', '/api/account', user, { name: 'New Name', email: 'sneaky@example.com' });
    expect((await t.call('GET', '/api/account', user)).json().email).toBe(user.email);
  });
});

describe('changing the password', () => {
  it('needs the current password, ends every other session and keeps this one', async () => {
    const user = await registerAndLogin(t.app, 'Customer');
    const phone = await loginFrom(user.email, user.password, SAFARI_ON_IPHONE);
    const wrong = await t.call('PUT', '/api/account/password', user, {
      current_password: 'not-my-password-at-all',
      new_password: 'fresh-kettle-orbit-99',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([
      { path: 'body.current_password', message: ACCOUNT_MESSAGES.wrongCurrentPassword },
    ]);
    expect((await t.call('GET', '/auth/profile', phone)).statusCode).toBe(200);

    const same = await t.call('PUT', '/api/account/password', user, {
      current_password: user.password,
      new_password: user.password,
    });
    expect(same.statusCode).toBe(400);

    const changed = await t.call('PUT', '/api/account/password', user, {
      current_password: user.password,
      new_password: 'fresh-kettle-orbit-99',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().message).toBe(ACCOUNT_MESSAGES.passwordChanged);
    expect((await t.call('GET', '/auth/profile', phone)).statusCode).toBe(401);
    expect((await t.call('GET', '/auth/profile', user)).statusCode).toBe(200);
    expect(
      (await t.call('POST', '/auth/login', undefined, { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
    await loginFrom(user.email, 'fresh-kettle-orbit-99');
    const audited = await t.database.db
      .selectFrom('audit_events')
      .select('actor_id')
      .where('action', '=', 'account.password_changed')
      .where('entity_id', '=', user.user.id)
      .execute();
    expect(audited).toEqual([{ actor_id: user.user.id }]);
  });
});

describe('changing the email', () => {
  it('waits for the link mailed to the new address, tells the old one, and spends the link', async () => {
    const user = await registerAndLogin(t.app, 'Inventory Manager', { name: 'Mover' });
    const newEmail = uniqueEmail('moved');
    const mailsBefore = t.mailer.sent.length;

    const wrong = await t.call('PUT', '/api/account/email', user, {
      email: newEmail,
      current_password: 'not-my-password-at-all',
    });
    expect(wrong.statusCode).toBe(400);
    expect(t.mailer.sent.length).toBe(mailsBefore);

    const asked = await t.call('PUT', '/api/account/email', user, {
      email: newEmail.toUpperCase(),
      current_password: user.password,
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toBe(ACCOUNT_MESSAGES.emailChangeSent);
    const mails = t.mailer.sent.slice(mailsBefore);
    expect(mails.map((mail) => mail.to)).toEqual([newEmail, user.email]);
    expect(mails[1]?.text).toContain(newEmail);
    expect(mails[1]?.text).not.toMatch(/confirm-email\//);
    const token = /\/confirm-email\/([\w-]+)/.exec(mails[0]?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    // Nothing changes until the link is opened; only its hash is stored.
    const account = (await t.call('GET', '/api/account', user)).json();
    expect(account).toMatchObject({ email: user.email, pending_email: newEmail });
    const stored = await t.database.db.selectFrom('email_change_tokens').select('token_hash').execute();
    expect(stored.some((row) => row.token_hash === token)).toBe(false);

    const confirmed = await t.call('POST', `/auth/confirm-email/${token}`);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await t.call('GET', '/api/account', user)).json()).toMatchObject({
      email: newEmail,
      pending_email: null,
    });
    expect((await t.call('POST', `/auth/confirm-email/${token}`)).statusCode).toBe(400);
    await loginFrom(newEmail, user.password);
    expect(
      (await t.call('POST', '/auth/login', undefined, { email: user.email, password: user.password }))
        .statusCode,
    ).toBe(401);
  });

  it('refuses the same email and a taken one, lasts one hour, and only the newest link works', async () => {
    const user = await registerAndLogin(t.app, 'Supplier');
    const other = await registerAndLogin(t.app, 'Customer');
    const ask = (email: string) =>
      t.call('PUT', '/api/account/email', user, { email, current_password: user.password });
    expect((await ask(user.email)).statusCode).toBe(400);
    const taken = await ask(other.email);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('email_taken');

    const linkTo = (email: string) =>
      /\/confirm-email\/([\w-]+)/.exec(t.mailer.sent.findLast((mail) => mail.to === email)?.text ?? '')?.[1];
    const first = uniqueEmail('first');
    const second = uniqueEmail('second');
    await ask(first);
    await ask(second);
    expect((await t.call('POST', `/auth/confirm-email/${linkTo(first)}`)).statusCode).toBe(400);

    t.clock.advance(60 * 60_000 + 1);
    const late = await t.call('POST', `/auth/confirm-email/${linkTo(second)}`);
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(ACCOUNT_MESSAGES.invalidEmailToken);
    const row = await t.database.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', user.user.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(user.email);
  });
});

describe('sessions', () => {
  it('lists the open sessions with device and address, and ends one or all the others', async () => {
    const user = await registerAndLogin(t.app, 'Customer');
    const laptop = await loginFrom(user.email, user.password, FIREFOX_ON_LINUX);
    const phone = await loginFrom(user.email, user.password, SAFARI_ON_IPHONE);
    const listed = await t.call('GET', '/api/account/sessions', laptop);
    expect(listed.statusCode).toBe(200);
    const sessions = listed.json() as { id: number; device: string; ip: string; current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current).map((session) => session.device)).toEqual([
      'Firefox 132 on Linux',
    ]);
    expect(sessions.map((session) => session.device)).toContain('Safari 17 on iOS');
    expect(sessions.every((session) => session.ip === '127.0.0.1')).toBe(true);

    const phoneSession = sessions.find((session) => session.device === 'Safari 17 on iOS');
    const stranger = await registerAndLogin(t.app, 'Customer');
    expect((await t.call('DELETE', `/api/account/sessions/${phoneSession?.id}`, stranger)).statusCode).toBe(
      404,
    );
    expect((await t.call('GET', '/auth/profile', phone)).statusCode).toBe(200);
    expect((await t.call('DELETE', `/api/account/sessions/${phoneSession?.id}`, laptop)).statusCode).toBe(
      200,
    );
    expect((await t.call('GET', '/auth/profile', phone)).statusCode).toBe(401);

    const others = await t.call('POST', '/api/account/sessions/end-others', laptop);
    expect(others.json().message).toBe(ACCOUNT_MESSAGES.otherSessionsEnded);
    expect((await t.call('GET', '/auth/profile', user)).statusCode).toBe(401);
    expect((await t.call('GET', '/auth/profile', laptop)).statusCode).toBe(200);
    expect((await t.call('GET', '/api/account/sessions', laptop)).json()).toHaveLength(1);
    expect((await t.call('GET', '/auth/profile', stranger)).statusCode).toBe(200);
  });

  it('names devices from their user agent', () => {
    expect(deviceOf(null)).toBe('Unknown device');
    expect(deviceOf(FIREFOX_ON_LINUX)).toBe('Firefox 132 on Linux');
    expect(deviceOf('curl/8.5.0')).toMatch(/curl/i);
  });
});

describe('a one-time password', () => {
  it('is refused as the new password choice when common, and then asked no more', async () => {
    const manager = await registerAndLogin(t.app, 'Inventory Manager');
    const email = uniqueEmail('onetime');
    await t.call('POST', '/api/suppliers', manager, {
      name: 'Fresh Supplier',
      email,
      phone_number: '+91 98765 43210',
      address: '9 Hill Road, Shimla',
      password: STRONG_PASSWORD,
    });
    const session = await loginFrom(email, STRONG_PASSWORD);
    expect((await t.call('GET', '/api/account', session)).json().must_change_password).toBe(true);
    const common = await t.call('PUT', '/api/account/password', session, {
      current_password: STRONG_PASSWORD,
      new_password: 'password12345',
    });
    expect(common.statusCode).toBe(400);
    expect((await t.call('GET', '/api/account', session)).json().must_change_password).toBe(true);
    const chosen = await t.call('PUT', '/api/account/password', session, {
      current_password: STRONG_PASSWORD,
      new_password: 'my-own-supplier-secret',
    });
    expect(chosen.statusCode).toBe(200);
    expect((await t.call('GET', '/api/account', session)).json().must_change_password).toBe(false);
  });
});
