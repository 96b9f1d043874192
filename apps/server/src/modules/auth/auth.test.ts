import { AUTH_MESSAGES } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerAndLogin,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const register = (payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/auth/register', payload });
const login = (email: string, password: string, remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress });
const profile = (cookie?: string) =>
  t.app.inject({ method: 'GET', url: '/auth/profile', headers: cookie ? { cookie } : {} });
const countUsers = () => t.count('users');

describe('register', () => {
  it.each(['Courier Service', 'Inventory Manager', 'Supplier', 'Customer'])(
    'registers a %s',
    async (role) => {
      const email = uniqueEmail();
      const response = await register({ role, name: '  Dana  ', email, password: STRONG_PASSWORD });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toMatchObject({
        message: 'Registered Successfully',
        user: { role, name: 'Dana', email },
      });
      expect(response.json().user).not.toHaveProperty('password_hash');
    },
  );

  it('stores the email trimmed and lower-cased and refuses the same email in another case', async () => {
    const email = uniqueEmail('Mixed');
    const first = await register({
      role: 'Customer',
      name: 'A',
      email: `  ${email.toUpperCase()} `,
      password: STRONG_PASSWORD,
    });
    expect(first.json().user.email).toBe(email.toLowerCase());
    const again = await register({
      role: 'Supplier',
      name: 'B',
      email: email.toLowerCase(),
      password: STRONG_PASSWORD,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      error: AUTH_MESSAGES.emailTaken,
      message: AUTH_MESSAGES.emailTaken,
      code: 'email_taken',
    });
  });

  it.each([
    [{ role: 'Admin', name: 'x', email: uniqueEmail(), password: STRONG_PASSWORD }, 'role'],
    [{ role: 'Customer', name: '', email: uniqueEmail(), password: STRONG_PASSWORD }, 'name'],
    [{ role: 'Customer', name: 'x', email: 'not-an-email', password: STRONG_PASSWORD }, 'email'],
    [{ role: 'Customer', name: 'x', email: uniqueEmail(), password: 'short' }, 'password'],
    [{ role: 'Customer', name: 'x', email: uniqueEmail(), password: 'x'.repeat(129) }, 'password'],
    [{ role: 'Customer', name: 'x', email: uniqueEmail() }, 'password'],
  ])('refuses bad input %# with a 400 naming %s and creates nothing', async (payload, field) => {
    const before = await countUsers();
    const response = await register(payload);
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.error).toBe(body.message);
    expect(body.details.some((d: { path: string }) => d.path === `body.${field}`)).toBe(true);
    expect(await countUsers()).toBe(before);
  });

  it('names each blank field with the sentence the Register dialog shows', async () => {
    const response = await register({ role: '', name: ' ', email: ' ', password: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().details).toEqual([
      { path: 'body.role', message: AUTH_MESSAGES.roleRequired },
      { path: 'body.name', message: 'Name is required' },
      { path: 'body.email', message: AUTH_MESSAGES.emailRequired },
      { path: 'body.password', message: AUTH_MESSAGES.passwordRequired },
    ]);
  });

  it('refuses a common password', async () => {
    const response = await register({
      role: 'Customer',
      name: 'x',
      email: uniqueEmail(),
      password: 'qwerty123456',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(AUTH_MESSAGES.commonPassword);
  });

  it('ignores fields it does not know, such as an id', async () => {
    const response = await register({
      id: 9999,
      role: 'Customer',
      name: 'x',
      email: uniqueEmail(),
      password: STRONG_PASSWORD,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().user.id).not.toBe(9999);
  });
});

describe('login, profile and logout', () => {
  it('logs in, reads the profile with its lists, and logs out', async () => {
    const { cookie, email } = await registerAndLogin(t.app, 'Inventory Manager', { name: 'Ivy' });
    const me = await profile(cookie);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      role: 'Inventory Manager',
      name: 'Ivy',
      email,
      notifications: [],
      products: [],
      stocks: [],
      replenishment_orders: [],
      supply_orders: [],
    });

    const out = await t.app.inject({ method: 'POST', url: '/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ message: AUTH_MESSAGES.loggedOut });
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('sets an HttpOnly SameSite=Lax session cookie and stores only its hash', async () => {
    const email = uniqueEmail();
    await register({ role: 'Customer', name: 'C', email, password: STRONG_PASSWORD });
    const response = await login(email, STRONG_PASSWORD);
    const cookie = response.cookies.find((c) => c.name === 'depot_session');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const stored = await t.database.db.selectFrom('sessions').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(cookie?.value);
  });

  it('gives a new token at every login, ignoring one presented before', async () => {
    const { cookie, email, password } = await registerAndLogin(t.app, 'Customer');
    const again = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      payload: { email, password },
      headers: { cookie },
    });
    expect(sessionCookieFrom(again)).not.toBe(cookie);
  });

  it('answers the same for a wrong password and an unknown email', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const wrong = await login(email, 'wrong password here', '10.0.0.1');
    const unknown = await login(uniqueEmail('nobody'), 'whatever password', '10.0.0.1');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        error: 'Invalid email or password',
        message: 'Invalid email or password',
        code: 'invalid_credentials',
      });
    }
  });

  it("refuses a blank email or password with the Login dialog's sentences", async () => {
    const blank = await login(' ', '', '10.0.0.2');
    expect(blank.statusCode).toBe(400);
    expect(blank.json().details).toEqual([
      { path: 'body.email', message: AUTH_MESSAGES.emailRequired },
      { path: 'body.password', message: AUTH_MESSAGES.passwordRequired },
    ]);
  });

  it('refuses the profile without a session or with a forged one', async () => {
    expect((await profile()).statusCode).toBe(401);
    const forged = await profile('depot_session=not-a-real-token');
    expect(forged.statusCode).toBe(401);
    expect(forged.json().message).toBe(AUTH_MESSAGES.notLoggedIn);
  });

  it('logout without a session still answers 200', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/auth/logout' });
    expect(response.statusCode).toBe(200);
  });
});

describe('failed-login limits', () => {
  it('answers 429 after 5 failures for one email, and a success is then refused too', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    for (let i = 0; i < 5; i += 1) {
      expect((await login(email, 'wrong password here', `10.1.0.${i}`)).statusCode).toBe(401);
    }
    const blocked = await login(email, STRONG_PASSWORD, '10.1.0.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    expect(blocked.headers['retry-after']).toBe('900');

    t.clock.advance(15 * 60_000 + 1);
    expect((await login(email, STRONG_PASSWORD, '10.1.0.99')).statusCode).toBe(200);
  });

  it('answers 429 after 20 failures from one address across emails', async () => {
    for (let i = 0; i < 20; i += 1) {
      await login(uniqueEmail('spray'), 'wrong password here', '10.2.0.1');
    }
    const { email } = await registerAndLogin(t.app, 'Customer');
    expect((await login(email, STRONG_PASSWORD, '10.2.0.1')).statusCode).toBe(429);
    expect((await login(email, STRONG_PASSWORD, '10.2.0.2')).statusCode).toBe(200);
  });
});

describe('session expiry', () => {
  it('ends a session idle for 30 minutes', async () => {
    const { cookie } = await registerAndLogin(t.app, 'Supplier');
    t.clock.advance(29 * 60_000);
    expect((await profile(cookie)).statusCode).toBe(200);
    t.clock.advance(29 * 60_000);
    expect((await profile(cookie)).statusCode).toBe(200);
    t.clock.advance(30 * 60_000);
    expect((await profile(cookie)).statusCode).toBe(401);
  });

  it('ends any session 12 hours after login, however active', async () => {
    const { cookie } = await registerAndLogin(t.app, 'Supplier');
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 20) {
      t.clock.advance(20 * 60_000);
      const status = (await profile(cookie)).statusCode;
      expect(status).toBe(elapsed + 20 < 12 * 60 ? 200 : 401);
    }
  });
});

describe('password reset', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: `/auth/reset-password/${token}`, payload: { password } });

  async function requestLink(email: string) {
    const mail = t.mailer.next();
    expect((await forgot(email)).json()).toEqual({ message: AUTH_MESSAGES.forgotPassword });
    const { text, to } = await mail;
    expect(to).toBe(email);
    const token = /\/reset-password\/([\w-]+)/.exec(text)?.[1];
    expect(text).toContain('http://depot.test/reset-password/');
    return token as string;
  }

  it('answers the same for an unknown email and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const response = await forgot(uniqueEmail('ghost'));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.forgotPassword });
    expect(t.mailer.sent.length).toBe(before);
  });

  it("refuses a blank email or new password with the dialogs' sentences", async () => {
    const noEmail = await forgot('  ');
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().details).toEqual([{ path: 'body.email', message: AUTH_MESSAGES.emailRequired }]);
    const noPassword = await reset('any-token', '');
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().details).toEqual([
      { path: 'body.password', message: AUTH_MESSAGES.passwordRequired },
    ]);
  });

  it('resets the password once, ends every session, and logs nobody in', async () => {
    const { email, cookie } = await registerAndLogin(t.app, 'Customer');
    const token = await requestLink(email);
    const newPassword = 'violet-harbour-spoon-77';

    const done = await reset(token, newPassword);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: AUTH_MESSAGES.passwordReset });
    expect(done.cookies).toHaveLength(0);
    expect((await profile(cookie)).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD, '10.3.0.1')).statusCode).toBe(401);
    expect((await login(email, newPassword, '10.3.0.1')).statusCode).toBe(200);

    const reused = await reset(token, 'another-fine-password-1');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
  });

  it('refuses a token after one hour', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const token = await requestLink(email);
    t.clock.advance(60 * 60_000);
    expect((await reset(token, 'violet-harbour-spoon-77')).statusCode).toBe(400);
  });

  it('refuses a made-up token and a short password without spending the token', async () => {
    expect((await reset('made-up-token', 'violet-harbour-spoon-77')).statusCode).toBe(400);
    const { email } = await registerAndLogin(t.app, 'Customer');
    const token = await requestLink(email);
    expect((await reset(token, 'short')).statusCode).toBe(400);
    expect((await reset(token, 'violet-harbour-spoon-77')).statusCode).toBe(200);
  });
});

describe('served over HTTPS', () => {
  it('names the cookie __Host-depot_session and marks it Secure', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://depot.example.com' } });
    try {
      const { email, password } = await registerAndLogin(https.app, 'Customer');
      const response = await https.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password },
      });
      const cookie = response.cookies.find((c) => c.name === '__Host-depot_session');
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/', sameSite: 'Lax' });
      expect(cookie).not.toHaveProperty('domain');
      const me = await https.app.inject({
        method: 'GET',
        url: '/auth/profile',
        headers: { cookie: sessionCookieFrom(response) },
      });
      expect(me.statusCode).toBe(200);
    } finally {
      await https.close();
    }
  });
});
