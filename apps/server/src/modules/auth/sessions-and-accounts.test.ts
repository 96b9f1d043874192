import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  registerAndLogin,
  STRONG_PASSWORD,
  sessionCookieFrom,
  type TestApp,
  uniqueEmail,
} from '../../test/test-app';
import { argon2PasswordHasher, isCommonPassword, type PasswordHasher } from './passwords';

/** The security suite for accounts and sessions (docs/RELIABILITY.md, "Sessions and accounts"). */

/** Argon2id, counting which hashes logins were verified against. */
function countingHasher() {
  const verifiedAgainst: string[] = [];
  const hasher: PasswordHasher & { verifiedAgainst: string[] } = {
    verifiedAgainst,
    hash: (password) => argon2PasswordHasher.hash(password),
    verify: (passwordHash, password) => {
      verifiedAgainst.push(passwordHash);
      return argon2PasswordHasher.verify(passwordHash, password);
    },
  };
  return hasher;
}

const passwords = countingHasher();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ passwords });
});
afterAll(async () => {
  await t.close();
});

let addressCounter = 0;
/** Each test logs in from an address of its own, so the per-address limit of one never trips another. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.77.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

const login = (email: string, password: string, options: { from?: string; cookie?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/login',
    payload: { email, password },
    remoteAddress: options.from ?? freshAddress(),
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
const profileStatus = async (cookie: string) =>
  (await t.app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } })).statusCode;
const register = (email: string, password: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/register',
    payload: { role: 'Customer', name: 'R', email, password },
  });
const forgot = (email: string) =>
  t.app.inject({
    method: 'POST',
    url: '/auth/forgot-password',
    payload: { email },
    remoteAddress: freshAddress(),
  });
const reset = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: `/auth/reset-password/${token}`, payload: { password } });
const sessionsOf = async (userId: number) =>
  (await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', userId).execute()).length;

async function requestResetToken(email: string) {
  const mail = t.mailer.next();
  expect((await forgot(email)).statusCode).toBe(200);
  const token = /\/reset-password\/([\w-]+)/.exec((await mail).text)?.[1];
  if (!token) throw new Error('no reset link in the mail');
  return token;
}

describe('session fixation', () => {
  it('never turns a token the browser had before login into a session', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const planted = 'depot_session=chosen-by-an-attacker-0123456789';
    const response = await login(email, STRONG_PASSWORD, { cookie: planted });
    expect(response.statusCode).toBe(200);
    const issued = sessionCookieFrom(response);
    expect(issued).not.toBe(planted);
    expect(await profileStatus(planted)).toBe(401);
    expect(await profileStatus(issued)).toBe(200);
  });

  it('issues a different token at every login, each its own session', async () => {
    const { email, user } = await registerAndLogin(t.app, 'Customer');
    const cookies = new Set<string>();
    for (let i = 0; i < 3; i += 1) cookies.add(sessionCookieFrom(await login(email, STRONG_PASSWORD)));
    expect(cookies.size).toBe(3);
    expect(await sessionsOf(user.id)).toBe(4);
  });
});

describe('session expiry with a controllable clock', () => {
  it('ends a session idle for the configured time, and deletes it', async () => {
    const short = await createTestApp({ env: { SESSION_IDLE_MINUTES: '5', SESSION_MAX_HOURS: '1' } });
    try {
      const { cookie, user } = await registerAndLogin(short.app, 'Customer');
      const status = async () =>
        (await short.app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } })).statusCode;
      short.clock.advance(5 * 60_000 - 1);
      expect(await status()).toBe(200);
      short.clock.advance(5 * 60_000 - 1);
      expect(await status()).toBe(200);
      short.clock.advance(5 * 60_000);
      expect(await status()).toBe(401);
      const left = await short.database.db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', user.id)
        .execute();
      expect(left).toEqual([]);
    } finally {
      await short.close();
    }
  });

  it('ends a session at the configured absolute limit however active, and the cookie says when', async () => {
    const short = await createTestApp({ env: { SESSION_IDLE_MINUTES: '30', SESSION_MAX_HOURS: '1' } });
    try {
      const email = uniqueEmail();
      await short.app.inject({
        method: 'POST',
        url: '/auth/register',
        payload: { role: 'Customer', name: 'A', email, password: STRONG_PASSWORD },
      });
      const response = await short.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { email, password: STRONG_PASSWORD },
      });
      expect(response.cookies.find((c) => c.name === 'depot_session')?.maxAge).toBe(3600);
      const cookie = sessionCookieFrom(response);
      const status = async () =>
        (await short.app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } })).statusCode;
      for (let minute = 10; minute < 60; minute += 10) {
        short.clock.advance(10 * 60_000);
        expect(await status()).toBe(200);
      }
      short.clock.advance(10 * 60_000);
      expect(await status()).toBe(401);
    } finally {
      await short.close();
    }
  });
});

describe('logout from every device', () => {
  const logoutAll = (cookie?: string) =>
    t.app.inject({ method: 'POST', url: '/auth/logout-all', headers: cookie ? { cookie } : {} });

  it('ends every session of the user and only theirs', async () => {
    const { email, user, cookie: laptop } = await registerAndLogin(t.app, 'Supplier');
    const phone = sessionCookieFrom(await login(email, STRONG_PASSWORD));
    const tablet = sessionCookieFrom(await login(email, STRONG_PASSWORD));
    const someoneElse = await registerAndLogin(t.app, 'Supplier');

    const response = await logoutAll(phone);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: AUTH_MESSAGES.loggedOutEverywhere });
    const cleared = response.cookies.find((c) => c.name === 'depot_session');
    expect(cleared?.value).toBe('');

    for (const cookie of [laptop, phone, tablet]) expect(await profileStatus(cookie)).toBe(401);
    expect(await sessionsOf(user.id)).toBe(0);
    expect(await profileStatus(someoneElse.cookie)).toBe(200);

    const again = sessionCookieFrom(await login(email, STRONG_PASSWORD));
    expect(await profileStatus(again)).toBe(200);
  });

  it('answers 401 without a session', async () => {
    const response = await logoutAll();
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe(AUTH_MESSAGES.notLoggedIn);
    expect((await logoutAll('depot_session=made-up')).statusCode).toBe(401);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/auth/logout-all']?.post?.responses).toHaveProperty('200');
  });
});

describe('reset tokens', () => {
  const NEW_PASSWORD = 'granite-willow-parade-31';

  it('works once: a second use is refused, also when both race', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const token = await requestResetToken(email);
    const [first, second] = await Promise.all([
      reset(token, NEW_PASSWORD),
      reset(token, 'other-quiet-river-58'),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 400]);
    const third = await reset(token, 'yet-another-river-59');
    expect(third.statusCode).toBe(400);
    expect(third.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    const winner = first.statusCode === 200 ? NEW_PASSWORD : 'other-quiet-river-58';
    expect((await login(email, winner)).statusCode).toBe(200);
  });

  it('works until one hour after it was sent and not from then on', async () => {
    const early = await registerAndLogin(t.app, 'Customer');
    const late = await registerAndLogin(t.app, 'Customer');
    const earlyToken = await requestResetToken(early.email);
    const lateToken = await requestResetToken(late.email);
    t.clock.advance(60 * 60_000 - 1);
    expect((await reset(earlyToken, NEW_PASSWORD)).statusCode).toBe(200);
    t.clock.advance(1);
    const expired = await reset(lateToken, 'other-quiet-river-58');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    expect((await login(early.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('ends every other reset link of the user when one of them is used', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const bystander = await registerAndLogin(t.app, 'Customer');
    const older = await requestResetToken(email);
    const used = await requestResetToken(email);
    const newer = await requestResetToken(email);
    const othersLink = await requestResetToken(bystander.email);
    expect((await reset(used, NEW_PASSWORD)).statusCode).toBe(200);
    for (const token of [older, newer]) {
      const refused = await reset(token, 'other-quiet-river-58');
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe(AUTH_MESSAGES.invalidResetToken);
    }
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    // Another user's link is theirs to use.
    expect((await reset(othersLink, 'other-quiet-river-58')).statusCode).toBe(200);
  });

  it('ends the sessions on every device', async () => {
    const { email, user, cookie } = await registerAndLogin(t.app, 'Customer');
    const other = sessionCookieFrom(await login(email, STRONG_PASSWORD));
    expect((await reset(await requestResetToken(email), NEW_PASSWORD)).statusCode).toBe(200);
    for (const session of [cookie, other]) expect(await profileStatus(session)).toBe(401);
    expect(await sessionsOf(user.id)).toBe(0);
  });
});

describe('failed-login limits recover after the window', () => {
  it('per email: refused for 15 minutes after the fifth failure, then allowed', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    for (let i = 0; i < 5; i += 1)
      expect((await login(email, 'not the password at all')).statusCode).toBe(401);
    const blocked = await login(email, STRONG_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toBe(AUTH_MESSAGES.tooManyAttempts);
    t.clock.advance(15 * 60_000);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(429);
    t.clock.advance(1);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('per email: a successful login starts the count again', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    for (let i = 0; i < 4; i += 1) await login(email, 'not the password at all');
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1)
      expect((await login(email, 'not the password at all')).statusCode).toBe(401);
    expect((await login(email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('per address: refused after 20 failures across emails, allowed again after the window', async () => {
    const address = freshAddress();
    for (let i = 0; i < 20; i += 1) {
      expect(
        (await login(uniqueEmail('spray'), 'not the password at all', { from: address })).statusCode,
      ).toBe(401);
    }
    const { email } = await registerAndLogin(t.app, 'Customer');
    expect((await login(email, STRONG_PASSWORD, { from: address })).statusCode).toBe(429);
    t.clock.advance(15 * 60_000 + 1);
    expect((await login(email, STRONG_PASSWORD, { from: address })).statusCode).toBe(200);
  });
});

describe('login does not reveal whether an email exists', () => {
  it('verifies one hash either way, with the same argon2id cost, and answers the same', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const stored = await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow();

    passwords.verifiedAgainst.length = 0;
    const known = await login(email, 'not the password at all');
    const knownVerified = passwords.verifiedAgainst.splice(0);
    const unknown = await login(uniqueEmail('nobody'), 'not the password at all');
    const unknownVerified = passwords.verifiedAgainst.splice(0);

    expect(knownVerified).toEqual([stored.password_hash]);
    expect(unknownVerified).toHaveLength(1);
    expect(unknownVerified[0]).not.toBe(stored.password_hash);
    // The parameters part of the PHC string ($argon2id$v=19$m=…,t=…,p=…$): the same work both ways.
    const parameters = (phc: string | undefined) => phc?.split('$').slice(1, 4).join('$');
    expect(parameters(unknownVerified[0])).toBe(parameters(stored.password_hash));
    expect(parameters(stored.password_hash)).toBe('argon2id$v=19$m=19456,t=2,p=1');

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
  });
});

describe('password rules', () => {
  const ofLength = (length: number) => 'tangerine-'.repeat(20).slice(0, length);

  it.each([
    [PASSWORD_MIN_LENGTH - 1, 400, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`],
    [PASSWORD_MIN_LENGTH, 201, undefined],
    [PASSWORD_MAX_LENGTH, 201, undefined],
    [PASSWORD_MAX_LENGTH + 1, 400, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`],
  ])('registration with a password of %i characters answers %i', async (length, status, message) => {
    const response = await register(uniqueEmail(), ofLength(length));
    expect(response.statusCode).toBe(status);
    if (message) {
      expect(response.json().details).toContainEqual({ path: 'body.password', message });
    }
  });

  it('applies the same bounds to a reset, without spending the token', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const token = await requestResetToken(email);
    expect((await reset(token, ofLength(PASSWORD_MIN_LENGTH - 1))).statusCode).toBe(400);
    expect((await reset(token, ofLength(PASSWORD_MAX_LENGTH + 1))).statusCode).toBe(400);
    expect((await reset(token, ofLength(PASSWORD_MAX_LENGTH))).statusCode).toBe(200);
    expect((await login(email, ofLength(PASSWORD_MAX_LENGTH))).statusCode).toBe(200);
  });

  it.each(['qwerty123456', 'PASSWORD1234', 'iloveyou2024!', 'monkey123456789', 'football!!!!'])(
    'refuses the common password %s at registration',
    async (password) => {
      const response = await register(uniqueEmail(), password);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(AUTH_MESSAGES.commonPassword);
    },
  );

  it('refuses a common password at reset, without spending the token', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const token = await requestResetToken(email);
    const refused = await reset(token, 'password1234');
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(AUTH_MESSAGES.commonPassword);
    expect((await reset(token, 'granite-willow-parade-31')).statusCode).toBe(200);
  });

  it('accepts passphrases that only contain common words', () => {
    for (const password of [
      STRONG_PASSWORD,
      'correct horse battery',
      'sunshine-harbour-2024',
      'depot-demo-password',
    ]) {
      expect(isCommonPassword(password), password).toBe(false);
    }
  });
});
