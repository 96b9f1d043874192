import { API_ACCESS, type ApiEndpoint, endpointAccess, ROLES } from '@depot/contract';
import fc from 'fast-check';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createWorld,
  type EndpointRequest,
  injectOptions,
  restoreSessionAfter,
  type Session,
  VALID_REQUESTS,
  type World,
} from '../../test/endpoint-requests';
import {
  arbitraryFromSchema,
  hostileRawBody,
  hostileScalar,
  hostileValue,
  type JsonSchema,
  snapshotDatabase,
} from '../../test/hostile-input';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Hostile input: for every endpoint, fast-check breaks a valid request (fields of the wrong type,
 * huge numbers, NaN spelled out, very long and odd unicode text, nested objects, bodies that are
 * not JSON, extra owner ids, prices and statuses) or builds one from the route's own schema. The
 * server must never answer 5xx, and a refused request (4xx) must leave every table as it was.
 */

/** Cases per endpoint; with a fixed seed every run tries the same ones. */
const RUNS_PER_ENDPOINT = 30;
const SEED = 20_261_123;

/** Fields a client has no business setting: owners, prices, statuses, ids, timestamps, prototypes. */
const ATTACK_FIELDS = [
  'id',
  'inventory_manager_id',
  'supplier_id',
  'customer_id',
  'courier_service_id',
  'user_id',
  'role',
  'status',
  'price',
  'price_cents',
  'quantity',
  'total_cost',
  'items_total',
  'shipping_cost',
  'created_at',
  'deleted_at',
  'deactivated_at',
  '__proto__',
  'constructor',
];

let t: TestApp;
let world: World;
let doc: OpenApiDocument;
const counts = { cases: 0, refused: 0, accepted: 0, serverErrors: 0 };

beforeAll(async () => {
  t = await createTestApp();
  world = await createWorld(t);
  doc = t.app.swagger() as unknown as OpenApiDocument;
});

afterAll(async () => {
  await t.close();
});

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

/** The route's request schemas as its OpenAPI operation publishes them (from the route's zod schemas). */
function schemasOf(endpoint: ApiEndpoint) {
  const [method, path] = endpoint.split(' ') as [string, string];
  const operation = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${endpoint} is not in the OpenAPI document`);
  const parameters = (where: string) =>
    Object.fromEntries(
      (operation.parameters ?? []).filter((p) => p.in === where).map((p) => [p.name, p.schema ?? {}]),
    );
  return {
    body: operation.requestBody?.content?.['application/json']?.schema,
    query: parameters('query'),
    params: parameters('path'),
  };
}

const resolveRef = (ref: string): JsonSchema => {
  const name = ref.split('/').pop() ?? '';
  return doc.components?.schemas?.[name] ?? {};
};

type Mutation =
  | { kind: 'set-body-field'; path: (string | number)[]; value: unknown }
  | { kind: 'drop-body-field'; path: (string | number)[] }
  | { kind: 'replace-body'; value: unknown }
  | { kind: 'raw-body'; text: string }
  | { kind: 'set-query'; name: string; value: string | string[] }
  | { kind: 'drop-query'; name: string }
  | { kind: 'set-param'; name: string; value: string }
  | { kind: 'idempotency-key'; value: string };

/** A value as query text: strings as they are, anything else as JSON. */
const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** The places in a valid body worth breaking: its fields, its lines' fields, and the attack fields. */
function bodyPaths(body: unknown, schema: JsonSchema | undefined): (string | number)[][] {
  const record = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const keys = new Set([...Object.keys(record), ...Object.keys(schema?.properties ?? {}), ...ATTACK_FIELDS]);
  const paths: (string | number)[][] = [...keys].map((key) => [key]);
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value) && value[0] && typeof value[0] === 'object') {
      for (const inner of new Set([...Object.keys(value[0]), 'price', 'product_name', 'weight', 'id'])) {
        paths.push([key, 0, inner]);
      }
    }
  }
  return paths;
}

/** Owner ids the attacker might name: the other users of every role, and ids that belong to no one. */
const foreignIds = () => [...ROLES.map((role) => world.other[role].user.id), 999_999, 0, -1];

function mutationsFor(endpoint: ApiEndpoint, base: EndpointRequest): fc.Arbitrary<Mutation[]> {
  const schemas = schemasOf(endpoint);
  const takesBody = !endpoint.startsWith('GET ');
  const choices: fc.Arbitrary<Mutation>[] = [];
  const fieldValue = fc.oneof(
    { weight: 3, arbitrary: hostileValue },
    { weight: 1, arbitrary: fc.constantFrom<unknown>(...foreignIds()) },
  );
  if (takesBody) {
    const paths = bodyPaths(base.body, schemas.body);
    choices.push(
      fc.record({
        kind: fc.constant('set-body-field' as const),
        path: fc.constantFrom(...paths),
        value: fieldValue,
      }),
      fc.record({ kind: fc.constant('drop-body-field' as const), path: fc.constantFrom(...paths) }),
      fc.record({ kind: fc.constant('replace-body' as const), value: hostileValue }),
      fc.record({ kind: fc.constant('raw-body' as const), text: hostileRawBody }),
    );
    if (schemas.body) {
      const fromSchema = arbitraryFromSchema(schemas.body, resolveRef);
      choices.push(fc.record({ kind: fc.constant('replace-body' as const), value: fromSchema }));
      // One field of the valid body given another value its schema allows: reaches the handler.
      const properties = Object.entries(schemas.body.properties ?? {});
      if (properties.length > 0) {
        choices.push(
          fc.constantFrom(...properties).chain(([key, schema]) =>
            fc.record({
              kind: fc.constant('set-body-field' as const),
              path: fc.constant([key]),
              value: arbitraryFromSchema(schema, resolveRef),
            }),
          ),
        );
      }
    }
  }
  const queryNames = [
    ...new Set([...Object.keys(schemas.query), ...Object.keys(base.query ?? {}), 'limit', 'offset']),
  ];
  const queryValue = fc.oneof(
    hostileScalar.map(asText),
    fc.array(hostileScalar.map(asText), { minLength: 2, maxLength: 3 }),
    ...Object.values(schemas.query).map((schema) => arbitraryFromSchema(schema, resolveRef).map(asText)),
  );
  choices.push(
    fc.record({
      kind: fc.constant('set-query' as const),
      name: fc.constantFrom(...queryNames, ...ATTACK_FIELDS),
      value: queryValue,
    }),
    fc.record({ kind: fc.constant('drop-query' as const), name: fc.constantFrom(...queryNames) }),
  );
  const paramNames = Object.keys(schemas.params);
  if (paramNames.length > 0) {
    const paramValue = fc.oneof(
      hostileScalar.map(asText),
      ...Object.values(schemas.params).map((schema) => arbitraryFromSchema(schema, resolveRef).map(asText)),
    );
    choices.push(
      fc.record({
        kind: fc.constant('set-param' as const),
        name: fc.constantFrom(...paramNames),
        value: paramValue,
      }),
    );
  }
  if (endpoint === 'POST /api/orders' || endpoint === 'POST /api/replenishment-orders') {
    const key = fc.oneof(fc.string({ maxLength: 300 }), fc.constantFrom('', ' ', 'k'.repeat(5_000)));
    // Header values must be visible ASCII; the HTTP layer refuses anything else before Depot sees it.
    choices.push(
      fc.record({
        kind: fc.constant('idempotency-key' as const),
        value: key.map((value) => value.replace(/[^\x21-\x7e]/g, '-')),
      }),
    );
  }
  return fc.array(fc.oneof(...choices), { minLength: 1, maxLength: 3 });
}

function setAt(target: unknown, path: (string | number)[], value: unknown, drop: boolean): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return drop ? undefined : value;
  const container = (
    Array.isArray(target) ? [...target] : target && typeof target === 'object' ? { ...target } : {}
  ) as Record<string | number, unknown>;
  if (rest.length === 0 && drop) delete container[head];
  // defineProperty, so a '__proto__' field is sent as a field rather than setting a prototype.
  else
    Object.defineProperty(container, head, {
      value: setAt(container[head], rest, value, drop),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return container;
}

function applyMutations(base: EndpointRequest, mutations: Mutation[]): EndpointRequest {
  const request: EndpointRequest = {
    ...base,
    query: { ...base.query },
    params: { ...base.params },
    headers: { ...base.headers },
  };
  for (const mutation of mutations) {
    switch (mutation.kind) {
      case 'set-body-field':
        request.body = setAt(request.body, mutation.path, mutation.value, false);
        delete request.rawBody;
        break;
      case 'drop-body-field':
        request.body = setAt(request.body, mutation.path, undefined, true);
        delete request.rawBody;
        break;
      case 'replace-body':
        request.body = mutation.value;
        delete request.rawBody;
        break;
      case 'raw-body':
        request.rawBody = mutation.text;
        break;
      case 'set-query':
        (request.query as Record<string, string | string[]>)[mutation.name] = mutation.value;
        break;
      case 'drop-query':
        delete request.query?.[mutation.name];
        break;
      case 'set-param':
        (request.params as Record<string, string>)[mutation.name] = mutation.value;
        break;
      case 'idempotency-key':
        (request.headers as Record<string, string>)['idempotency-key'] = mutation.value;
        break;
    }
  }
  return request;
}

/** The one who sends the hostile requests: anonymous for public endpoints, else the first role allowed. */
function callerOf(endpoint: ApiEndpoint): Session | undefined {
  const access = endpointAccess(endpoint);
  if (access.public) return undefined;
  const role = ROLES.find((candidate) => access.roles[candidate] !== undefined);
  return role ? world.owner[role] : undefined;
}

const db = () => t.database.db as unknown as Kysely<unknown>;
const snapshot = () => snapshotDatabase(db(), t.database.dialect);

/** Owned rows may only ever belong to the owners: whatever ids a body names, the caller owns what it makes. */
async function expectOwnersUnchanged() {
  const owners = {
    manager: world.owner['Inventory Manager'].user.id,
    supplier: world.owner.Supplier.user.id,
    customer: world.owner.Customer.user.id,
  };
  const { db: kysely } = t.database;
  const strays = await Promise.all([
    kysely.selectFrom('stocks').select('id').where('inventory_manager_id', '!=', owners.manager).execute(),
    kysely.selectFrom('orders').select('id').where('customer_id', '!=', owners.customer).execute(),
    kysely.selectFrom('supplier_products').select('id').where('supplier_id', '!=', owners.supplier).execute(),
    kysely
      .selectFrom('supply_orders')
      .select('id')
      .where('inventory_manager_id', '!=', owners.manager)
      .execute(),
  ]);
  expect(strays.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
}

// biome-ignore lint/suspicious/noExplicitAny: answers are read loosely and checked field by field.
type Json = any;

/** What an accepted request must still get right, whatever extra fields it carried. */
async function expectAcceptedSafely(endpoint: ApiEndpoint, body: Json) {
  await expectOwnersUnchanged();
  if (endpoint === 'POST /api/orders') {
    expect(body.order.status).toBe('Processing');
    for (const item of body.order.order_items as Json[]) {
      const stock = await t.database.db
        .selectFrom('stocks')
        .select('price_cents')
        .where('id', '=', item.stock_id)
        .executeTakeFirstOrThrow();
      expect(Math.round(item.price * 100)).toBe(stock.price_cents);
    }
  }
  if (endpoint === 'POST /api/replenishment-orders') expect(body.order.status).toBe('Order Received');
}

describe('hostile input', () => {
  // The event stream takes no input (no body, query or parameters) and never ends: nothing to break.
  const endpoints = (Object.keys(API_ACCESS) as ApiEndpoint[]).filter(
    (endpoint) => endpoint !== 'GET /api/events',
  );

  it.each(endpoints)('%s never answers 5xx, and a refused request changes nothing', async (endpoint) => {
    const caller = callerOf(endpoint);
    const sample = await VALID_REQUESTS[endpoint](world, caller);
    await fc.assert(
      fc.asyncProperty(mutationsFor(endpoint, sample), async (mutations) => {
        const request = applyMutations(await VALID_REQUESTS[endpoint](world, caller), mutations);
        const before = await snapshot();
        const response = await t.app.inject(injectOptions(endpoint, request, caller?.cookie));
        await restoreSessionAfter(world, endpoint, response.statusCode, caller);
        // What a request hands off (a reset mail) belongs to it.
        await t.settled();
        counts.cases += 1;
        if (response.statusCode >= 500) counts.serverErrors += 1;
        expect(response.statusCode, response.body.slice(0, 500)).toBeLessThan(500);
        if (response.statusCode >= 400) {
          counts.refused += 1;
          const after = await snapshot();
          // A failed login is counted, by design, towards the lock-out
          // (docs/product/business-rules.md#login-limits), and audited; so is a reset request
          // over its limit, and a wrong delivery code towards its order's lock
          // (docs/product/business-rules.md#proof-of-delivery).
          const wrongCode = response.body.includes('"code":"wrong_delivery_code"');
          const counted =
            endpoint === 'POST /auth/login'
              ? ['attempt_limits', 'audit_events', 'audit_event_viewers']
              : endpoint === 'POST /auth/forgot-password'
                ? ['attempt_limits']
                : wrongCode
                  ? ['orders']
                  : [];
          for (const table of counted) {
            delete after[table];
            delete before[table];
          }
          expect(after).toEqual(before);
        } else {
          counts.accepted += 1;
          // The proof photo answers its bytes, not JSON.
          const json = response.headers['content-type']?.toString().includes('json');
          await expectAcceptedSafely(endpoint, json ? response.json() : response.body);
        }
      }),
      { numRuns: RUNS_PER_ENDPOINT, seed: SEED, endOnFailure: true },
    );
  });

  it('tried every endpoint', () => {
    // Figures for docs/RELIABILITY.md.
    console.info(
      `hostile input: ${endpoints.length} endpoints, ${counts.cases} cases, ${counts.refused} refused, ${counts.accepted} accepted, ${counts.serverErrors} 5xx`,
    );
    expect(counts.cases).toBe(endpoints.length * RUNS_PER_ENDPOINT);
  });
});

/**
 * Text the databases cannot hold, or would hold differently: PostgreSQL refuses NUL in text (a 500
 * before), SQLite stores it. Every text field of every endpoint, body, query and path, anonymous
 * ones included, must refuse NUL and the other control characters with a 400 naming the field, and
 * change nothing; tab and line breaks pass only in the multi-line fields (addresses).
 */
describe('control characters in text fields', () => {
  const CONTROL_TEXTS = ['a\u0000b', '\u0000', 'a\u0007b', 'a\u001bb', 'a\u007fb', 'a\u0085b'];
  const LINE_BREAKS = ['first line\nsecond line', 'a\tb', 'first line\r\nsecond line'];
  const MULTI_LINE = new Set([
    'POST /api/orders body.shipping_address',
    'POST /api/suppliers body.address',
    'PUT /api/suppliers/:id body.address',
    'POST /api/replenishment-orders body.address',
    'POST /api/addresses body.shipping_address',
    'PUT /api/addresses/:id body.shipping_address',
    'PUT /api/supply-order-drafts/:id body.address',
    'POST /api/supply-order-drafts/:id/place body.address',
    'POST /api/orders/:id/attempts body.note',
    'POST /api/orders/:id/reopen body.reason',
  ]);
  const endpoints = (Object.keys(API_ACCESS) as ApiEndpoint[]).filter(
    (endpoint) => endpoint !== 'GET /api/events',
  );

  const admitsString = (schema: JsonSchema | undefined): boolean => {
    if (!schema) return false;
    if (schema.$ref) return admitsString(resolveRef(schema.$ref));
    const types = ([] as unknown[]).concat(schema.type ?? []);
    return types.includes('string') || [...(schema.anyOf ?? []), ...(schema.oneOf ?? [])].some(admitsString);
  };

  /** Where each text field of the endpoint's request is, as the error's `details` path names it. */
  function textFieldsOf(endpoint: ApiEndpoint): { where: 'body' | 'querystring' | 'params'; name: string }[] {
    const schemas = schemasOf(endpoint);
    const fields = (where: 'body' | 'querystring' | 'params', properties: Record<string, JsonSchema>) =>
      Object.entries(properties)
        .filter(([, schema]) => admitsString(schema))
        .map(([name]) => ({ where, name }));
    return [
      ...fields('body', schemas.body?.properties ?? {}),
      ...fields('querystring', schemas.query),
      ...fields('params', schemas.params),
    ];
  }

  const withValue = (
    request: EndpointRequest,
    where: string,
    name: string,
    value: string,
  ): EndpointRequest =>
    where === 'body'
      ? { ...request, body: { ...(request.body as object), [name]: value } }
      : where === 'querystring'
        ? { ...request, query: { ...request.query, [name]: value } }
        : { ...request, params: { ...request.params, [name]: value } };

  const tried = { fields: 0, refused: 0, multiLineAccepted: 0 };

  it.each(endpoints)('%s refuses control characters in every text field, naming it', async (endpoint) => {
    const caller = callerOf(endpoint);
    const base = await VALID_REQUESTS[endpoint](world);
    const fields = textFieldsOf(endpoint);
    const before = await snapshot();
    const acceptedLater: [string, string, string][] = [];
    for (const { where, name } of fields) {
      tried.fields += 1;
      const multiLine = MULTI_LINE.has(`${endpoint} ${where}.${name}`);
      for (const value of [...CONTROL_TEXTS, ...LINE_BREAKS]) {
        const request = withValue(base, where, name, value);
        if (multiLine && LINE_BREAKS.includes(value)) {
          acceptedLater.push([where, name, value]);
          continue;
        }
        const response = await t.app.inject(injectOptions(endpoint, request, caller?.cookie));
        const label = `${where}.${name} = ${JSON.stringify(value)}`;
        expect(response.statusCode, `${label}: ${response.body.slice(0, 300)}`).toBe(400);
        const body = response.json();
        expect(body.code, label).toBe('invalid_input');
        expect(
          body.details.map((detail: { path: string }) => detail.path),
          label,
        ).toContain(`${where}.${name}`);
        tried.refused += 1;
      }
    }
    expect(await snapshot()).toEqual(before);
    for (const [where, name, value] of acceptedLater) {
      // A fresh valid request each time: one may be used up (an email taken).
      const request = withValue(await VALID_REQUESTS[endpoint](world), where, name, value);
      const response = await t.app.inject(injectOptions(endpoint, request, caller?.cookie));
      expect(response.statusCode, response.body.slice(0, 300)).toBeLessThan(300);
      tried.multiLineAccepted += 1;
    }
  });

  it('tried the text fields of every endpoint', () => {
    console.info(
      `control characters: ${tried.fields} text fields, ${tried.refused} refused with their field named, ${tried.multiLineAccepted} line breaks accepted in multi-line fields`,
    );
    // Anonymous endpoints among them: login, register, forgot password, reset password.
    expect(tried.multiLineAccepted).toBe(MULTI_LINE.size * LINE_BREAKS.length);
    expect(tried.fields).toBeGreaterThan(40);
  });
});

describe('request body charset', () => {
  const forgot = (contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: '/auth/forgot-password',
      headers: { 'content-type': contentType },
      payload: JSON.stringify({ email: 'nobody@example.com' }),
      remoteAddress: '10.99.0.1',
    });

  it.each([
    'application/json; charset=latin1',
    'application/json; charset=ISO-8859-1',
    'application/json;charset="utf-16"',
  ])('refuses %s with a 415 and a code', async (contentType) => {
    const response = await forgot(contentType);
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'unsupported_charset' });
  });

  it.each(['application/json', 'application/json; charset=utf-8', 'application/json; charset="UTF-8"'])(
    'reads %s',
    async (contentType) => {
      expect((await forgot(contentType)).statusCode).toBe(200);
    },
  );
});
