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
import { argon2PasswordHasher, type PasswordHasher } from './passwords';
import { LOGIN_LIMITS, RESET_LIMITS } from './service';

/**
 * Limits that hold under concurrency (docs/decisions/017-login-and-reset-limits.md): every
 * limit is tried with its requests all in flight at once, against the real database of the run,
 * and the password checks are counted where they happen.
 */

/** Argon2id, counting each verification by the hash it was made against. */
function countingHasher() {
  const verified: string[] = [];
  const hasher: PasswordHasher & { verified: string[] } = {
    verified,
    hash: (password) => argon2PasswordHasher.hash(password),
    verify: (passwordHash, password) => {
      verified.push(passwordHash);
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
/** An address no other test uses, so one test's counts never reach another's. */
const freshAddress = () => {
  addressCounter += 1;
  return `10.88.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`;
};

const login = (email: string, password: string, from: string) =>
  t.app.inject({ method: 'POST', url: '/auth/login', payload: { email, password }, remoteAddress: from });
const forgot = (email: string, from: string) =>
  t.app.inject({ method: 'POST', url: '/auth/forgot-password', payload: { email }, remoteAddress: from });

const hashOf = async (email: string) =>
  (
    await t.database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
  ).password_hash;

/** The figures the concurrency tests observe, printed once for the closing note. */
const figures: string[] = [];
afterAll(() => {
  console.info(`login and reset limits (${process.env.TEST_DATABASE}):\n  ${figures.join('\n  ')}`);
});

const statuses = (responses: { statusCode: number }[]) => {
  const counts: Record<number, number> = {};
  for (const { statusCode } of responses) counts[statusCode] = (counts[statusCode] ?? 0) + 1;
  return counts;
};

describe('failed logins, all at once', () => {
  it('100 wrong passwords for one account from one address get at most 5 password checks', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const hash = await hashOf(email);
    const from = freshAddress();
    passwords.verified.length = 0;
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => login(email, 'not the password at all', from)),
    );
    const checks = passwords.verified.filter((verified) => verified === hash).length;
    figures.push(`100 wrong passwords, one account, one address: ${checks} password checks`);
    expect(checks).toBeLessThanOrEqual(LOGIN_LIMITS.perAccount);
    expect(checks).toBeGreaterThan(0);
    expect(statuses(responses)).toEqual({ 401: checks, 429: 100 - checks });
    // The owner, from the same address, waits for the window like anyone there.
    expect((await login(email, STRONG_PASSWORD, from)).statusCode).toBe(429);
  });

  it('100 wrong passwords for one account from 100 addresses get 5 password checks', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const hash = await hashOf(email);
    passwords.verified.length = 0;
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => login(email, 'not the password at all', freshAddress())),
    );
    const checks = passwords.verified.filter((verified) => verified === hash).length;
    figures.push(`100 wrong passwords, one account, 100 addresses: ${checks} password checks`);
    expect(checks).toBe(LOGIN_LIMITS.perAccount);
    expect(statuses(responses)).toEqual({ 401: 5, 429: 95 });
  });

  it('60 wrong passwords from one address, each for another account, get 20 password checks', async () => {
    const from = freshAddress();
    passwords.verified.length = 0;
    const responses = await Promise.all(
      Array.from({ length: 60 }, () => login(uniqueEmail('spray'), 'not the password at all', from)),
    );
    const checks = passwords.verified.length;
    figures.push(`60 wrong passwords, one address, 60 accounts: ${checks} password checks`);
    expect(checks).toBe(LOGIN_LIMITS.perAddress);
    expect(statuses(responses)).toEqual({ 401: 20, 429: 40 });
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      code: 'too_many_requests',
      message: AUTH_MESSAGES.tooManyAttempts,
    });
    expect(Number(refused?.headers['retry-after'])).toBe(LOGIN_LIMITS.windowMs / 1000);
  });

  it('a stranger spending the account budget from elsewhere does not lock the owner out at a known address', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const hash = await hashOf(email);
    const home = freshAddress();
    expect((await login(email, STRONG_PASSWORD, home)).statusCode).toBe(200);

    passwords.verified.length = 0;
    await Promise.all(
      Array.from({ length: 50 }, () => login(email, 'a guess from a botnet', freshAddress())),
    );
    const strangerChecks = passwords.verified.filter((verified) => verified === hash).length;
    figures.push(`50 wrong passwords from 50 strangers' addresses: ${strangerChecks} password checks`);
    expect(strangerChecks).toBe(LOGIN_LIMITS.perAccount);

    // A new address shares the spent budget; the address the owner logged in from has its own.
    expect((await login(email, STRONG_PASSWORD, freshAddress())).statusCode).toBe(429);
    expect((await login(email, STRONG_PASSWORD, home)).statusCode).toBe(200);

    // That budget is limited too, against anyone at that address.
    passwords.verified.length = 0;
    await Promise.all(Array.from({ length: 100 }, () => login(email, 'a guess from home', home)));
    const homeChecks = passwords.verified.filter((verified) => verified === hash).length;
    figures.push(`100 wrong passwords from the owner's known address: ${homeChecks} password checks`);
    expect(homeChecks).toBeLessThanOrEqual(LOGIN_LIMITS.perAccountAtKnownAddress);
    expect((await login(email, STRONG_PASSWORD, home)).statusCode).toBe(429);
    t.clock.advance(LOGIN_LIMITS.windowMs + 1);
    expect((await login(email, STRONG_PASSWORD, home)).statusCode).toBe(200);
    expect((await login(email, STRONG_PASSWORD, freshAddress())).statusCode).toBe(200);
  });

  it('an address stops being known a month after its last successful login', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const home = freshAddress();
    expect((await login(email, STRONG_PASSWORD, home)).statusCode).toBe(200);
    t.clock.advance(LOGIN_LIMITS.knownAddressMs + 1);
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i += 1) await login(email, 'a guess', freshAddress());
    expect((await login(email, STRONG_PASSWORD, home)).statusCode).toBe(429);
  });
});

describe('forgot password', () => {
  it(`mails one email at most ${RESET_LIMITS.perEmail} links an hour, however many ask at once`, async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    const mailedBefore = t.mailer.sent.length;
    const responses = await Promise.all(Array.from({ length: 30 }, () => forgot(email, freshAddress())));
    await t.settled();
    const mailed = t.mailer.sent.slice(mailedBefore).filter((mail) => mail.to === email).length;
    figures.push(`30 reset requests for one email at once: ${mailed} mails`);
    expect(statuses(responses)).toEqual({ 200: RESET_LIMITS.perEmail, 429: 30 - RESET_LIMITS.perEmail });
    expect(mailed).toBe(RESET_LIMITS.perEmail);
    const refused = responses.find((response) => response.statusCode === 429);
    expect(refused?.json()).toMatchObject({
      code: 'too_many_requests',
      message: AUTH_MESSAGES.tooManyResetRequests,
    });
    t.clock.advance(RESET_LIMITS.windowMs + 1);
    expect((await forgot(email, freshAddress())).statusCode).toBe(200);
  });

  it(`answers one address at most ${RESET_LIMITS.perAddress} times an hour, however many ask at once`, async () => {
    const from = freshAddress();
    const responses = await Promise.all(Array.from({ length: 30 }, () => forgot(uniqueEmail('who'), from)));
    figures.push(`30 reset requests from one address at once: ${statuses(responses)[200]} answered`);
    expect(statuses(responses)).toEqual({ 200: RESET_LIMITS.perAddress, 429: 30 - RESET_LIMITS.perAddress });
  });

  it('answers the same whether or not the account exists, and mails after answering', async () => {
    const { email } = await registerAndLogin(t.app, 'Customer');
    await t.settled();
    const mailedBefore = t.mailer.sent.length;
    const tokensBefore = await t.count('password_reset_tokens');

    const known = await forgot(email, freshAddress());
    // Nothing about the account was looked at yet: the link is made after the answer.
    expect(t.mailer.sent.length).toBe(mailedBefore);
    expect(await t.count('password_reset_tokens')).toBe(tokensBefore);
    const unknown = await forgot(uniqueEmail('nobody'), freshAddress());

    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ message: AUTH_MESSAGES.forgotPassword });
    const headerNames = (response: typeof known) =>
      Object.keys(response.headers)
        .filter((name) => name !== 'x-request-id')
        .sort();
    expect(headerNames(unknown)).toEqual(headerNames(known));
    expect(unknown.headers['content-length']).toBe(known.headers['content-length']);

    await t.settled();
    expect(t.mailer.sent.slice(mailedBefore).map((mail) => mail.to)).toEqual([email]);
    expect(await t.count('password_reset_tokens')).toBe(tokensBefore + 1);
  });
});

describe('session idle limit', () => {
  it.each([1, 7, 30])(
    'with a limit of %i minutes, keeps a session alive 0.89 × the limit after any request, and ends it at the limit',
    async (minutes) => {
      const short = await createTestApp({ env: { SESSION_IDLE_MINUTES: String(minutes) } });
      try {
        const idleMs = minutes * 60_000;
        const email = uniqueEmail();
        await short.app.inject({
          method: 'POST',
          url: '/auth/register',
          payload: { role: 'Customer', name: 'Idle', email, password: STRONG_PASSWORD },
        });
        const cookie = sessionCookieFrom(
          await short.app.inject({
            method: 'POST',
            url: '/auth/login',
            payload: { email, password: STRONG_PASSWORD },
          }),
        );
        const status = async () =>
          (await short.app.inject({ method: 'GET', url: '/auth/profile', headers: { cookie } })).statusCode;
        // Within a tenth: a session is never ended sooner than 0.9 × the limit after a request,
        // however soon after the one before it came (a request may not write last_seen_at).
        const gaps = [1_000, idleMs * 0.05, idleMs * 0.099, 30_000, 59_000].map(Math.floor);
        for (const gap of gaps) {
          short.clock.advance(gap);
          expect(await status(), `${gap} ms after a request`).toBe(200);
          short.clock.advance(Math.floor(idleMs * 0.89));
          expect(await status(), `0.89 × the limit after a request ${gap} ms after another`).toBe(200);
        }
        short.clock.advance(idleMs);
        expect(await status()).toBe(401);
      } finally {
        await short.close();
      }
    },
  );
});
