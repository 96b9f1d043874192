import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { ERROR_CODES } from '@depot/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, uniqueEmail } from './test/test-app';

describe('API conventions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports alive and ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({ status: 'ready' });
  });

  it.each(['/api/nothing-here', '/auth/nothing-here', '/api'])(
    'answers unknown %s with a JSON 404',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toContain('application/json');
      expect(response.json().error).toBe(response.json().message);
      expect(response.json().code).toBe('route_not_found');
    },
  );

  it('refuses a body over 1 MB with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().message).toMatch(/too large/);
    expect(response.json().code).toBe('body_too_large');
  });

  it('refuses malformed JSON with 400 and form bodies with 415', async () => {
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().code).toBe('invalid_json');
    for (const type of ['text/plain', 'application/x-www-form-urlencoded']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        headers: { 'content-type': type },
        payload: 'email=a@b.c&password=x',
      });
      expect(response.statusCode).toBe(415);
      expect(response.json().code).toBe('unsupported_media_type');
    }
  });

  it("answers Fastify's own refusals in the API's shape: an over-long path parameter is a 414", async () => {
    for (const [method, url] of [
      ['GET', `/api/stocks/${'1'.repeat(200)}`],
      ['POST', `/auth/reset-password/${'x'.repeat(300)}`],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, url).toBe(414);
      expect(response.json()).toEqual({
        error: 'A part of the path is too long',
        message: 'A part of the path is too long',
        code: 'uri_too_long',
      });
    }
  });

  it("answers a request Node's HTTP parser cannot read in the API's shape, then closes", async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = t.app.server.address() as { port: number };
      for (const raw of ['GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n', 'BLAH\r\n\r\n']) {
        const answer = await new Promise<string>((resolve, reject) => {
          const socket = connect(port, '127.0.0.1', () => socket.write(raw));
          let text = '';
          socket.on('data', (chunk) => {
            text += chunk;
          });
          socket.on('close', () => resolve(text));
          socket.on('error', reject);
        });
        expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
        const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
        expect(body).toEqual({
          error: 'The request is malformed',
          message: 'The request is malformed',
          code: 'bad_request',
        });
      }
    } finally {
      t.app.server.closeAllConnections();
    }
  });

  it('gives every error a code the OpenAPI document lists', async () => {
    const unauthorized = await t.app.inject({ method: 'GET', url: '/api/stocks' });
    expect(unauthorized.json()).toEqual({
      error: 'You are not logged in',
      message: 'You are not logged in',
      code: 'not_logged_in',
    });
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const schema = doc.components.schemas.ErrorResponse;
    expect(schema.required).toEqual(expect.arrayContaining(['error', 'message', 'code']));
    expect([...schema.properties.code.enum].sort()).toEqual(Object.keys(ERROR_CODES).sort());
    // Any endpoint may find the database down or busy (docs/RELIABILITY.md#database-trouble).
    const operations = Object.entries(doc.paths as Record<string, Record<string, { responses: object }>>)
      .filter(([path]) => /^\/(api|auth)\//.test(path) && !path.startsWith('/api/docs'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
      );
    expect(operations.length).toBeGreaterThan(30);
    for (const { path, method, operation } of operations) {
      expect(operation.responses, `${method} ${path}`).toHaveProperty('503');
    }
  });

  it('refuses a state-changing call from another site, and allows its own origin', async () => {
    const payload = { email: 'nobody@example.com' };
    const foreign = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { origin: 'https://evil.example' },
      payload,
    });
    expect(foreign.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { origin: 'http://depot.test' },
      payload,
    });
    expect(own.statusCode).toBe(200);
  });

  it('sends security headers with a strict script policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    // The courier's service worker and the web app manifest, from this origin only (decision 029).
    expect(csp).toContain("worker-src 'self';");
    expect(csp).toMatch(/manifest-src 'self'(;|$)/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('publishes the OpenAPI document built from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/auth/register',
        '/auth/login',
        '/auth/profile',
        '/auth/reset-password/{resetToken}',
        '/api/orders',
        '/api/orders/{id}',
        '/api/orders/get-shipping-cost',
        '/api/couriers-services',
        '/api/pincodes/{pin}',
        '/api/notifications',
        '/api/events',
        '/api/stock-replenishment/products',
        '/api/stock-replenishment/products/{id}',
        '/api/replenishment-orders',
        '/api/replenishment-orders/{id}',
      ]),
    );
    expect(JSON.stringify(doc.paths['/api/replenishment-orders'].post.requestBody)).toContain(
      'mobile_number',
    );
    expect(JSON.stringify(doc.paths['/api/stock-replenishment/products'].post.requestBody)).toContain(
      'weight',
    );
    expect(JSON.stringify(doc.paths['/api/orders'].post.requestBody)).toContain('courier_service_id');
    expect(JSON.stringify(doc.paths['/auth/register'].post.requestBody)).toContain('Inventory Manager');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});

describe('serving the web app of a business in rupees', () => {
  it('stamps index.html with the currency and locale before the app script runs', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'depot-web-'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><head><title>Depot</title></head><div id="root"></div>',
    );
    const t = await createTestApp({ env: { WEB_DIST: dist, CURRENCY: 'INR', LOCALE: 'en-IN' } });
    try {
      const page = await t.app.inject({ method: 'GET', url: '/dashboard/overview' });
      expect(page.body).toBe(
        '<!doctype html><head><title>Depot</title><meta name="depot-currency" content="INR">' +
          '<meta name="depot-locale" content="en-IN"></head><div id="root"></div>',
      );
      // No inline script: the CSP stays script-src 'self'.
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    } finally {
      await t.close();
    }
  });
});

describe('serving the built web app', () => {
  let t: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(join(tmpdir(), 'depot-web-'));
    mkdirSync(join(dist, 'static', 'js'), { recursive: true });
    const indexHtml = '<!doctype html><title>Depot</title><div id="root"></div>';
    writeFileSync(join(dist, 'index.html'), indexHtml);
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(indexHtml));
    writeFileSync(join(dist, 'index.html.gz'), gzipSync(indexHtml));
    writeFileSync(join(dist, 'static', 'js', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dist, 'sw.js'), 'self.skipWaiting()');
    writeFileSync(join(dist, 'manifest.webmanifest'), '{"name":"Depot Courier"}');
    writeFileSync(join(dist, 'static', 'js', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(join(dist, 'static', 'js', 'index-abc123.js.gz'), gzipSync('console.log(1)'));
    // Vite's manifest: the dashboard shell shares clsx with the entry and has a chunk and styles of its own.
    mkdirSync(join(dist, '.vite'));
    writeFileSync(
      join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'static/js/index-abc123.js', isEntry: true, imports: ['_clsx.js'] },
        '_clsx.js': { file: 'static/js/clsx-1.js' },
        'src/app/dashboard-route.tsx': {
          file: 'static/js/dashboard-route-2.js',
          isDynamicEntry: true,
          imports: ['_clsx.js', '_dashboard-shared.js'],
        },
        '_dashboard-shared.js': {
          file: 'static/js/dashboard-shared-3.js',
          css: ['static/assets/shared-4.css'],
        },
        'src/features/tracking/pages/tracking-page.tsx': {
          file: 'static/js/tracking-page-5.js',
          isDynamicEntry: true,
          imports: ['_clsx.js'],
        },
      }),
    );
    t = await createTestApp({ env: { WEB_DIST: dist } });
  });
  afterAll(async () => {
    await t.close();
  });

  it.each(['/', '/dashboard/overview', '/reset-password/some-token', '/logout'])(
    'answers %s with index.html, never cached',
    async (url) => {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('<div id="root"></div>');
      expect(response.headers['cache-control']).toBe('no-cache');
    },
  );

  it("has a dashboard page's browser preload the shell's chunks and styles, and the profile when signed in", async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/dashboard/overview' });
    expect(anonymous.headers.link).toBe(
      '</static/js/dashboard-route-2.js>; rel=modulepreload, </static/js/dashboard-shared-3.js>; rel=modulepreload, ' +
        '</static/assets/shared-4.css>; rel=preload; as=style; crossorigin',
    );
    const signedIn = await t.app.inject({
      method: 'GET',
      url: '/dashboard/stock-management?page=2',
      cookies: { depot_session: 'some-token' },
    });
    expect(signedIn.headers.link).toBe(
      `${anonymous.headers.link}, </auth/profile>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );

    for (const url of ['/', '/logout', '/dashboards']) {
      const page = await t.app.inject({ method: 'GET', url, cookies: { depot_session: 'some-token' } });
      expect(page.statusCode).toBe(200);
      expect(page.headers.link).toBeUndefined();
    }
  });

  it("has the tracking page's browser preload its chunk and its data", async () => {
    const token = 'abcdefghijklmnopqrstuv';
    const page = await t.app.inject({ method: 'GET', url: `/track/${token}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="root"></div>');
    expect(page.headers.link).toBe(
      `</static/js/tracking-page-5.js>; rel=modulepreload, </api/track/${token}>; rel=preload; as=fetch; crossorigin=use-credentials`,
    );
    // A path of another shape names no order: nothing is preloaded for it.
    const odd = await t.app.inject({ method: 'GET', url: '/track/x' });
    expect(odd.headers.link).toBeUndefined();
  });

  it('serves hashed chunks from /static/js with a year of caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/js/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file the browser accepts, brotli first', async () => {
    const brotli = await t.app.inject({
      method: 'GET',
      url: '/static/js/index-abc123.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe('console.log(1)');

    const gzip = await t.app.inject({
      method: 'GET',
      url: '/dashboard/overview',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers['cache-control']).toBe('no-cache');

    const plain = await t.app.inject({ method: 'GET', url: '/static/js/index-abc123.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log(1)');
  });

  it("names the business's currency in index.html, dollars by default, whichever path asks", async () => {
    for (const url of ['/', '/index.html', '/dashboard/overview']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('<meta name="depot-currency" content="USD">');
      expect(page.body).not.toContain('depot-locale');
    }
    const brotli = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toContain('content="USD"');
  });

  it('serves the service worker never cached, and the manifest as a web app manifest', async () => {
    // A cached sw.js would keep couriers on an old build (docs/decisions/029-offline-courier-changes.md).
    const worker = await t.app.inject({ method: 'GET', url: '/sw.js' });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers['content-type']).toContain('javascript');
    expect(worker.headers['cache-control']).toBe('no-cache');
    const manifest = await t.app.inject({ method: 'GET', url: '/manifest.webmanifest' });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers['content-type']).toContain('application/manifest+json');
    expect(manifest.headers['cache-control']).toBe('no-cache');
  });

  it('answers a missing chunk with 404, not index.html', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/static/js/missing.js' });
    expect(response.statusCode).toBe(404);
  });

  it('keeps API paths as JSON 404s', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
  });
});

describe('behind a reverse proxy (TRUSTED_PROXIES)', () => {
  const PROXY = '10.9.0.2';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUSTED_PROXIES: `${PROXY}, 10.8.0.0/16` } });
  });
  afterAll(async () => {
    await t.close();
  });

  const failLogin = (remoteAddress: string, forwardedFor?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/login',
      remoteAddress,
      headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
      payload: { email: uniqueEmail('spray'), password: 'wrong password here' },
    });

  it('counts failed logins by the client the proxy names, and ignores the header from anyone else', async () => {
    for (let i = 0; i < 20; i += 1) {
      // A client's own X-Forwarded-For comes first; the proxy appends the address it saw.
      expect((await failLogin(PROXY, `203.0.113.${i}, 198.51.100.7`)).statusCode).toBe(401);
    }
    expect((await failLogin(PROXY, '198.51.100.7')).statusCode).toBe(429);
    expect((await failLogin('10.8.3.4', '198.51.100.7')).statusCode).toBe(429);
    expect((await failLogin(PROXY, '198.51.100.8')).statusCode).toBe(401);
    expect((await failLogin('198.51.100.9', '198.51.100.7')).statusCode).toBe(401);
  });

  it('checks the Origin against the scheme and host the proxy forwards, only from a trusted proxy', async () => {
    const forwarded = {
      origin: 'https://depot.example.com',
      'x-forwarded-proto': 'https',
      'x-forwarded-host': 'depot.example.com',
    };
    const call = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/auth/forgot-password',
        remoteAddress,
        headers: forwarded,
        payload: { email: 'nobody@example.com' },
      });
    expect((await call(PROXY)).statusCode).toBe(200);
    expect((await call('198.51.100.9')).statusCode).toBe(403);
  });
});
