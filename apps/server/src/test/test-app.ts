import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import pg from 'pg';
import { type BuildAppOptions, buildApp } from '../app';
import { loadConfig } from '../config';
import { type CreateDatabaseOptions, createDatabase, type DatabaseHandle } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import type { Database } from '../db/schema';
import type { Clock } from '../lib/clock';
import type { EventBus } from '../lib/events';
import type { Mail, Mailer } from '../lib/mailer';
import type { PasswordHasher } from '../modules/auth/passwords';

export const TEST_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** Which database this run of the suite uses (the vitest project sets TEST_DATABASE). */
export const testDialect = process.env.TEST_DATABASE === 'postgres' ? 'postgres' : 'sqlite';

/**
 * A new, empty schema in the test database, and a DATABASE_URL whose every connection uses it
 * (libpq's options parameter sets the search_path), for server processes started by a test.
 */
export async function createScratchSchema(prefix = 'test') {
  const schema = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
  await admin.connect();
  try {
    await admin.query(`create schema ${schema}`);
  } finally {
    await admin.end();
  }
  return {
    schema,
    url: `${TEST_POSTGRES_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
    async drop() {
      const dropper = new pg.Client({ connectionString: TEST_POSTGRES_URL });
      await dropper.connect();
      try {
        await dropper.query(`drop schema ${schema} cascade`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export interface TestDatabaseOptions extends Pick<CreateDatabaseOptions, 'poolSize' | 'timeouts'> {
  /** A SQLite file instead of memory (another process can then open it). */
  sqliteFile?: string;
}

/**
 * A fresh, migrated database for one test file: SQLite in memory, or a PostgreSQL schema of its
 * own so parallel files and runs never see each other's rows. `drop` removes it.
 */
export async function createTestDatabase(
  options: TestDatabaseOptions = {},
): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  if (testDialect === 'sqlite') {
    const handle = createDatabase(`sqlite:${options.sqliteFile ?? ':memory:'}`, options);
    await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
    return { ...handle, drop: () => handle.destroy() };
  }
  const { schema } = await createScratchSchema();
  const handle = createDatabase(TEST_POSTGRES_URL, { poolSize: 5, ...options, pgSchema: schema });
  await migrateToLatest(handle.db as Kysely<unknown>, handle.dialect);
  return {
    ...handle,
    async drop() {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(handle.db);
      await handle.destroy();
    },
  };
}

/** A clock the test moves by hand. */
export function createTestClock(start = new Date('2026-06-15T10:00:00.000Z')) {
  let now = start.getTime();
  const clock: Clock & { advance(ms: number): void; set(date: Date): void } = {
    now: () => new Date(now),
    advance: (ms) => {
      now += ms;
    },
    set: (date) => {
      now = date.getTime();
    },
  };
  return clock;
}

/** Keeps mails in memory so tests can read the links they carry. */
export function createMemoryMailer() {
  const sent: Mail[] = [];
  const waiters: ((mail: Mail) => void)[] = [];
  const mailer: Mailer & { sent: Mail[]; next(): Promise<Mail> } = {
    sent,
    async send(mail) {
      sent.push(mail);
      waiters.shift()?.(mail);
    },
    close() {},
    next: () => new Promise<Mail>((resolve) => waiters.push(resolve)),
  };
  return mailer;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  database?: TestDatabaseOptions;
  /** The app's log lines (at LOG_LEVEL) go here; none are written otherwise. */
  logStream?: { write(line: string): void };
  clock?: Clock;
  /** Send mail as the config says (SMTP_URL) instead of keeping it in memory. */
  useConfiguredMailer?: boolean;
  events?: EventBus;
  sseHeartbeatMs?: number;
  passwords?: PasswordHasher;
  /** An open database to use instead of a fresh one (a second instance on it); left open on close. */
  databaseHandle?: DatabaseHandle;
  /** A mailer of the test's own instead of the memory one (ignored with useConfiguredMailer). */
  mailer?: Mailer;
  /** The mail outbox's sender stays off unless a test asks for it (its pacing, send: true). */
  mailOutbox?: BuildAppOptions['mailOutbox'];
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  clock: ReturnType<typeof createTestClock>;
  mailer: ReturnType<typeof createMemoryMailer>;
  /** One request through inject, as the session's user (none: anonymous), with a JSON body. */
  call(
    method: Method,
    url: string,
    session?: { cookie: string },
    payload?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  /** How many rows a table holds now. */
  count(table: keyof Database): Promise<number>;
  /** Waits for the work requests handed off (reset mails) to finish. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database: DatabaseHandle & { drop?(): Promise<void> } =
    options.databaseHandle ?? (await createTestDatabase(options.database));
  const clock = createTestClock();
  const mailer = createMemoryMailer();
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: 'sqlite::memory:',
    PUBLIC_URL: 'http://depot.test',
    WEB_DIST: '/nonexistent',
    // The SPEC's open registration, so a test registers any role it needs; tests of the approval
    // flow pass REGISTRATION=approval.
    REGISTRATION: 'open',
    ...options.env,
  });
  const app = await buildApp({
    config,
    database,
    clock: options.clock ?? clock,
    ...(options.useConfiguredMailer ? {} : { mailer: options.mailer ?? mailer }),
    ...(options.events ? { events: options.events } : {}),
    ...(options.sseHeartbeatMs === undefined ? {} : { sseHeartbeatMs: options.sseHeartbeatMs }),
    ...(options.passwords ? { passwords: options.passwords } : {}),
    mailOutbox: options.mailOutbox ?? { send: false },
    ...(options.logStream ? { logStream: options.logStream } : { logger: false }),
  });
  await app.ready();
  return {
    app,
    database,
    clock,
    mailer,
    call: (method, url, session, payload, headers = {}) =>
      app.inject({
        method,
        url,
        headers: { ...(session ? { cookie: session.cookie } : {}), ...headers },
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
    async count(table) {
      const row = await database.db
        .selectFrom(table)
        .select(sql<number>`count(*)`.as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
    settled: () => app.backgroundTasks.settled(),
    async close() {
      await app.close();
      if (!options.databaseHandle) await database.drop?.();
    },
  };
}

let emailCounter = 0;
/** A unique email per call, so tests never collide on the unique index. */
export function uniqueEmail(prefix = 'user') {
  emailCounter += 1;
  return `${prefix}.${emailCounter}.${randomBytes(3).toString('hex')}@example.com`;
}

export const STRONG_PASSWORD = 'amber-kettle-orbit-42';

/** The Set-Cookie value of the session cookie, ready to send back as a Cookie header. */
export function sessionCookieFrom(response: LightMyRequestResponse): string {
  const cookie = response.cookies.find((c) => c.name.endsWith('depot_session'));
  if (!cookie) throw new Error(`no session cookie in response ${response.statusCode}: ${response.body}`);
  return `${cookie.name}=${cookie.value}`;
}

/**
 * A fixture's request, sent again as a client would while Depot answers 503 (a bounded wait ran
 * out on a loaded test machine: nothing was changed): at most three tries, 250 ms apart.
 */
async function retriedWhileBusy<T extends { statusCode: number }>(send: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    const response = await send();
    if (response.statusCode !== 503 || attempt === 3) return response;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Registers a user of the role and logs in; returns the user and the Cookie header. */
export async function registerAndLogin(
  app: FastifyInstance,
  role: 'Courier Service' | 'Inventory Manager' | 'Supplier' | 'Customer',
  overrides: { email?: string; password?: string; name?: string } = {},
) {
  const email = overrides.email ?? uniqueEmail(role.split(' ')[0]?.toLowerCase());
  const password = overrides.password ?? STRONG_PASSWORD;
  const registered = await retriedWhileBusy(() =>
    app.inject({
      method: 'POST',
      url: '/auth/register',
      payload: { role, name: overrides.name ?? `${role} tester`, email, password },
    }),
  );
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const login = await retriedWhileBusy(() =>
    app.inject({ method: 'POST', url: '/auth/login', payload: { email, password } }),
  );
  if (login.statusCode !== 200) throw new Error(`login failed: ${login.body}`);
  return {
    user: login.json().user as { id: number; email: string },
    cookie: sessionCookieFrom(login),
    email,
    password,
  };
}
