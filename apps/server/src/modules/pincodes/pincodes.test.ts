import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ORDER_MESSAGES } from '@depot/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, registerAndLogin, type TestApp } from '../../test/test-app';
import { loadOfflinePincodes } from './offline-data';
import { createPincodeService } from './service';

const silent = pino({ level: 'silent' });
const notFound = [{ Status: 'Error', Message: 'No records found', PostOffice: null }];
const malformed = [{ Status: 'Error', Message: ORDER_MESSAGES.invalidPinCode, PostOffice: null }];

/** A stand-in for the public lookup on a loopback port; tests never reach the network. */
async function startUpstream(
  answer: (pin: string, request: IncomingMessage) => { status: number; body: unknown } | 'hang',
) {
  const hits: string[] = [];
  const server: Server = createServer((request, response) => {
    const pin = (request.url ?? '').split('/').pop() ?? '';
    hits.push(pin);
    const result = answer(pin, request);
    if (result === 'hang') return;
    response.writeHead(result.status, { 'content-type': 'application/json' });
    response.end(JSON.stringify(result.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/pincode`,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const upstreamOffice = (pin: string) => ({
  Name: 'Test Nagar',
  Description: null,
  BranchType: 'Sub Post Office',
  DeliveryStatus: 'Delivery',
  Circle: 'Karnataka',
  District: 'Testpur',
  Division: 'Testpur',
  Region: 'Bangalore HQ',
  Block: 'Testpur',
  State: 'Karnataka',
  Country: 'India',
  Pincode: pin,
});

describe('offline PIN code data', () => {
  it('covers all of India: over 19,000 six-digit codes, loaded once', async () => {
    const index = await loadOfflinePincodes();
    expect(index.size).toBeGreaterThan(19_000);
    expect([...index.keys()].every((pin) => /^[1-9]\d{5}$/.test(pin))).toBe(true);
    expect(await loadOfflinePincodes()).toBe(index);
  });
});

describe('GET /api/pincodes/{pin}', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ cookie } = await registerAndLogin(t.app, 'Customer'));
  });
  afterAll(async () => {
    await t.close();
  });

  const lookup = (pin: string, headers: Record<string, string> = { cookie }) =>
    t.app.inject({ method: 'GET', url: `/api/pincodes/${encodeURIComponent(pin)}`, headers });

  it('answers a known code in the public lookup shape, from the offline set', async () => {
    const response = await lookup('110001');
    expect(response.statusCode).toBe(200);
    const [answer] = response.json();
    expect(answer.Status).toBe('Success');
    expect(answer.Message).toBe(`Number of pincode(s) found:${answer.PostOffice.length}`);
    expect(answer.PostOffice.length).toBeGreaterThan(10);
    expect(answer.PostOffice).toContainEqual({
      Name: 'New Delhi',
      Circle: 'Delhi',
      District: 'New Delhi',
      Division: expect.any(String),
      Region: 'Delhi',
      State: 'Delhi',
      Country: 'India',
      Pincode: '110001',
    });
    expect(answer.PostOffice.every((office: { Pincode: string }) => office.Pincode === '110001')).toBe(true);
  });

  it('answers an unknown code with Status Error and no post office', async () => {
    const response = await lookup('999999');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(notFound);
  });

  it.each(['11000', '1100011', 'abcdef', '011000', '11 001'])(
    'answers the malformed %j with Status Error',
    async (pin) => {
      const response = await lookup(pin);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(malformed);
    },
  );

  it('refuses a path too long to be a code, and anonymous callers', async () => {
    expect((await lookup('1'.repeat(40))).statusCode).toBe(400);
    expect((await lookup('110001', {})).statusCode).toBe(401);
  });
});

describe('the optional upstream lookup (PINCODE_API_URL)', () => {
  it('asks it only for codes the offline set lacks, and caches what it says', async () => {
    const upstream = await startUpstream((pin) =>
      pin === '999001'
        ? {
            status: 200,
            body: [
              {
                Message: 'Number of pincode(s) found:1',
                Status: 'Success',
                PostOffice: [upstreamOffice(pin)],
              },
            ],
          }
        : { status: 200, body: [{ Message: 'No records found', Status: 'Error', PostOffice: null }] },
    );
    try {
      const service = createPincodeService({ upstreamUrl: upstream.url, log: silent });
      expect(await service.lookup('110001')).toMatchObject([{ Status: 'Success' }]);
      expect(upstream.hits).toEqual([]);

      const first = await service.lookup('999001');
      expect(first).toEqual([
        {
          Status: 'Success',
          Message: 'Number of pincode(s) found:1',
          PostOffice: [
            {
              Name: 'Test Nagar',
              Circle: 'Karnataka',
              District: 'Testpur',
              Division: 'Testpur',
              Region: 'Bangalore HQ',
              Block: 'Testpur',
              State: 'Karnataka',
              Country: 'India',
              Pincode: '999001',
            },
          ],
        },
      ]);
      expect(await service.lookup('999001')).toEqual(first);
      expect(await service.isValid('999001')).toBe(true);
      expect(await service.lookup('999002')).toEqual(notFound);
      expect(await service.lookup('999002')).toEqual(notFound);
      expect(await service.isValid('999002')).toBe(false);
      expect(upstream.hits).toEqual(['999001', '999002']);
    } finally {
      await upstream.close();
    }
  });

  it('asks once for many lookups of the same code at the same time', async () => {
    const upstream = await startUpstream((pin) => ({
      status: 200,
      body: [{ Message: '', Status: 'Success', PostOffice: [upstreamOffice(pin)] }],
    }));
    try {
      const service = createPincodeService({ upstreamUrl: `${upstream.url}/`, log: silent });
      const answers = await Promise.all(Array.from({ length: 10 }, () => service.lookup('999003')));
      expect(answers.every((answer) => answer[0]?.Status === 'Success')).toBe(true);
      expect(upstream.hits).toEqual(['999003']);
    } finally {
      await upstream.close();
    }
  });

  it('treats a slow, failing or odd upstream as not found and asks again next time', async () => {
    const upstream = await startUpstream((pin) => {
      if (pin === '999004') return 'hang';
      if (pin === '999005') return { status: 500, body: { error: 'down' } };
      return { status: 200, body: { unexpected: true } };
    });
    try {
      const service = createPincodeService({ upstreamUrl: upstream.url, log: silent, timeoutMs: 100 });
      const started = Date.now();
      expect(await service.lookup('999004')).toEqual(notFound);
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(await service.lookup('999005')).toEqual(notFound);
      expect(await service.lookup('999005')).toEqual(notFound);
      expect(await service.lookup('999006')).toEqual(notFound);
      expect(upstream.hits).toEqual(['999004', '999005', '999005', '999006']);
    } finally {
      await upstream.close();
    }
  });

  it('drops upstream post offices of another code and expires cached answers', async () => {
    let clock = 0;
    const upstream = await startUpstream((pin) => ({
      status: 200,
      body: [{ Status: 'Success', Message: '', PostOffice: [upstreamOffice('999999'), upstreamOffice(pin)] }],
    }));
    try {
      const service = createPincodeService({ upstreamUrl: upstream.url, log: silent, now: () => clock });
      const [answer] = await service.lookup('999007');
      expect(answer?.PostOffice?.map((office) => office.Pincode)).toEqual(['999007']);
      clock += 25 * 60 * 60_000;
      await service.lookup('999007');
      expect(upstream.hits).toEqual(['999007', '999007']);
    } finally {
      await upstream.close();
    }
  });

  it('serves the endpoint from the upstream when the app is configured with it', async () => {
    const upstream = await startUpstream((pin) => ({
      status: 200,
      body: [{ Status: 'Success', Message: '', PostOffice: [upstreamOffice(pin)] }],
    }));
    const t = await createTestApp({ env: { PINCODE_API_URL: upstream.url } });
    try {
      const { cookie } = await registerAndLogin(t.app, 'Customer');
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/pincodes/999008',
        headers: { cookie },
      });
      expect(response.json()[0]).toMatchObject({ Status: 'Success', PostOffice: [{ Name: 'Test Nagar' }] });
      expect(upstream.hits).toEqual(['999008']);
    } finally {
      await t.close();
      await upstream.close();
    }
  });
});
