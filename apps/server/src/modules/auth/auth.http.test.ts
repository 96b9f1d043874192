import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReceivedMail, startSmtpSink } from '../../test/smtp-sink';
import { createTestApp, STRONG_PASSWORD, type TestApp, uniqueEmail } from '../../test/test-app';

/** The SMTP sink with a way to wait for the n-th mail. */
async function startMailbox() {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const sink = await startSmtpSink((mail) => {
    received.push(mail);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    ...sink,
    async waitForMail(count: number) {
      while (received.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return received[count - 1] as ReceivedMail;
    },
  };
}

describe('accounts over real HTTP with mail through SMTP', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startMailbox>>;
  let base: string;

  beforeAll(async () => {
    smtp = await startMailbox();
    t = await createTestApp({ env: { SMTP_URL: smtp.url }, useConfiguredMailer: true });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const post = (path: string, body: unknown, cookie?: string) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: JSON.stringify(body),
    });

  it('registers, logs in with a cookie, resets the password by mail, and logs in again', async () => {
    const email = uniqueEmail('mail');
    expect(
      (await post('/auth/register', { role: 'Supplier', name: 'Sam', email, password: STRONG_PASSWORD }))
        .status,
    ).toBe(201);

    const login = await post('/auth/login', { email, password: STRONG_PASSWORD });
    expect(login.status).toBe(200);
    const setCookie = login.headers.get('set-cookie') ?? '';
    expect(setCookie).toMatch(/^depot_session=[\w-]+;.*HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(';')[0] as string;
    const profile = await fetch(`${base}/auth/profile`, { headers: { cookie } });
    expect(await profile.json()).toMatchObject({ role: 'Supplier', email });

    expect((await post('/auth/forgot-password', { email })).status).toBe(200);
    const mail = await smtp.waitForMail(1);
    expect(mail.to).toEqual([email]);
    const link = /http:\/\/depot\.test\/reset-password\/([\w-]+)/.exec(mail.text);
    expect(link).not.toBeNull();

    const newPassword = 'copper-lantern-meadow-9';
    const reset = await post(`/auth/reset-password/${link?.[1]}`, { password: newPassword });
    expect(reset.status).toBe(200);
    expect((await fetch(`${base}/auth/profile`, { headers: { cookie } })).status).toBe(401);
    expect((await post('/auth/login', { email, password: newPassword })).status).toBe(200);
  });
});
