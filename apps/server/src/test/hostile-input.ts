import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { type Kysely, sql } from 'kysely';
import type { Dialect } from '../db/database';

/**
 * Arbitraries for the hostile-input suite: values derived from a route's own JSON schema (the one
 * its zod schema publishes in the OpenAPI document), and values meant to break it.
 */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  $ref?: string;
}

/** Numbers and strings that trip parsers: NaN spelled out, overflow, other digits, injection, paths. */
const TRICKY_SCALARS: unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  -0,
  0.5,
  1.005,
  1e308,
  -1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  2 ** 63,
  '',
  ' ',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e999',
  '-1e999',
  '0x1F',
  '0b101',
  '1_000',
  ' 7 ',
  '+3',
  '-5',
  '007',
  '1.',
  '.5',
  '1e3',
  '١٢٣',
  '１２',
  '12abc',
  '9'.repeat(400),
  "' OR '1'='1",
  '"; drop table users; --',
  '<script>alert(1)</script>',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\u202Eevil',
  '../../etc/passwd',
  '%00',
  '%2e%2e%2f',
  '{}',
  '[]',
  'null',
  'undefined',
  'true',
  '__proto__',
  'constructor',
  'Delivered',
  'Canceled',
  'Inventory Manager',
  '2026-02-30',
  '9999-12-31',
  '0000-01-01',
  '2026-06-15T25:61:00Z',
];

/** A broken scalar: tricky constants, any number (NaN and ±Infinity become null in JSON), any text. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TRICKY_SCALARS) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 }) },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }) },
  // Long text, up to a fifth of the 1 MiB body limit.
  { weight: 1, arbitrary: fc.integer({ min: 1_000, max: 200_000 }).map((length) => 'é'.repeat(length)) },
);

/** Any hostile JSON value: scalars, and arrays and objects of them, nested a little. */
export const hostileValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', maxDepth: 3 },
    { weight: 5, arbitrary: hostileScalar },
    { weight: 1, arbitrary: fc.array(tie('value'), { maxLength: 4 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 8 }), tie('value'), { maxKeys: 4 }) },
  ),
})).value;

/** Arrays nested thousands deep: a stack a parser or validator must not blow. */
export const deeplyNested = fc
  .integer({ min: 100, max: 5_000 })
  .map((depth) => `${'['.repeat(depth)}1${']'.repeat(depth)}`);

/** Bodies that are not JSON objects at all, sent as raw text with a JSON content type. */
export const hostileRawBody: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    'null',
    '[]',
    '"text"',
    '42',
    '{',
    '{"a":',
    '{"__proto__":{"admin":true}}',
    '{"constructor":{"prototype":{"admin":true}}}',
    '{"a":1,"a":2}',
    "{'single':'quotes'}",
    'NaN',
    '\u0000',
  ),
  deeplyNested,
  deeplyNested.map((nested) => `{"items":${nested}}`),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

/** Values that conform to a JSON schema as far as its keywords go (patterns included). */
export function arbitraryFromSchema(
  schema: JsonSchema,
  resolve: (ref: string) => JsonSchema,
  depth = 0,
): fc.Arbitrary<unknown> {
  if (schema.$ref) return arbitraryFromSchema(resolve(schema.$ref), resolve, depth);
  if (depth > 4) return hostileScalar;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length)
    return fc.oneof(...alternatives.map((s) => arbitraryFromSchema(s, resolve, depth + 1)));
  if (schema.allOf?.[0]) return arbitraryFromSchema(schema.allOf[0], resolve, depth + 1);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'string':
      if (schema.format === 'date-time')
        return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 60, 60) });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1_000_000,
        max: schema.maximum ?? 1_000_000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(arbitraryFromSchema(schema.items ?? {}, resolve, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const required = new Set(schema.required ?? []);
      const shape = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [
          key,
          arbitraryFromSchema(value, resolve, depth + 1),
        ]),
      );
      return fc.record(shape, {
        requiredKeys: Object.keys(properties).filter((key) => required.has(key)),
      });
    }
    default:
      return hostileValue;
  }
}

/** Every table's rows, as a count and a hash of their contents, to compare before and after a request. */
export async function snapshotDatabase(
  db: Kysely<unknown>,
  dialect: Dialect,
): Promise<Record<string, { rows: number; hash: string }>> {
  const tables =
    dialect === 'sqlite'
      ? await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(
          db,
        )
      : await sql<{ name: string }>`select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
          db,
        );
  const snapshot: Record<string, { rows: number; hash: string }> = {};
  for (const { name } of tables.rows) {
    const rows = await sql<Record<string, unknown>>`select * from ${sql.table(name)} order by 1`.execute(db);
    snapshot[name] = {
      rows: rows.rows.length,
      hash: createHash('sha256')
        .update(JSON.stringify(rows.rows, (_, value) => (typeof value === 'bigint' ? String(value) : value)))
        .digest('hex'),
    };
  }
  return snapshot;
}
