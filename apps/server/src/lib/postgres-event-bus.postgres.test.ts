import { randomBytes } from 'node:crypto';
import type { LiveEvent } from '@depot/contract';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_POSTGRES_URL } from '../test/test-app';
import { waitFor } from '../test/wait-for';
import {
  channelForSchema,
  type EventBusLog,
  MAX_INLINE_NOTIFY_BYTES,
  type PostgresEventBus,
  startPostgresEventBus,
} from './postgres-event-bus';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

const notification = (id: number, message = `Order #${id} is now In Transit`): LiveEvent => ({
  type: 'notification',
  data: { id, title: 'In Transit', message, created_at: '2026-06-15T10:00:00.000Z' },
});

function recordingLog() {
  const entries: { level: string; message: string }[] = [];
  const log: EventBusLog & { entries: typeof entries } = {
    entries,
    info: (_details, message) => entries.push({ level: 'info', message }),
    warn: (_details, message) => entries.push({ level: 'warn', message }),
    error: (_details, message) => entries.push({ level: 'error', message }),
  };
  return log;
}

/** What one subscriber received, in order. */
function subscribeRecording(bus: PostgresEventBus, userId: number) {
  const seen: LiveEvent[] = [];
  bus.subscribe(userId, (event) => seen.push(event));
  return seen;
}

describe('PostgreSQL LISTEN/NOTIFY event bus', () => {
  let database: TestDatabase;
  let otherDatabase: TestDatabase;
  const buses: PostgresEventBus[] = [];
  const log = recordingLog();

  /** An instance's bus: a listening connection of its own, named so a test can find and end it. */
  async function startBus(on: TestDatabase = database, applicationName = 'depot bus test') {
    if (on.dialect !== 'postgres') throw new Error('these tests need PostgreSQL');
    const bus = await startPostgresEventBus({
      db: on.db,
      connectionConfig: { ...on.connectionConfig, application_name: applicationName },
      log,
      reconnectDelays: { firstMs: 20, maxMs: 200 },
    });
    buses.push(bus);
    return bus;
  }

  beforeAll(async () => {
    [database, otherDatabase] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  });
  afterEach(() => {
    expect(log.entries.filter((entry) => entry.level === 'error')).toEqual([]);
  });
  afterAll(async () => {
    await Promise.all(buses.map((bus) => bus.close()));
    await Promise.all([database.drop(), otherDatabase.drop()]);
  });

  it('delivers to the addressed user on every instance, the publishing one included, exactly once', async () => {
    const [a, b] = await Promise.all([startBus(), startBus()]);
    const onA = subscribeRecording(a, 1);
    const onB = subscribeRecording(b, 1);
    const otherUserOnB = subscribeRecording(b, 2);

    a.publish(1, notification(1));
    await waitFor(() => onB.length === 1, { what: 'B receiving A’s event' });
    // NOTIFYs arrive in commit order: an echo of A's own event would reach A before B's next one.
    b.publish(1, notification(2));
    await waitFor(() => onA.length === 2, { what: 'A receiving B’s event' });
    a.publish(1, notification(3));
    await waitFor(() => onB.length === 3, { what: 'B receiving A’s second event' });

    expect(onA).toEqual([notification(1), notification(2), notification(3)]);
    expect(onB).toEqual([notification(1), notification(2), notification(3)]);
    expect(otherUserOnB).toEqual([]);
  });

  it('scopes the channel to the schema, so two Depots on one database never see each other’s events', async () => {
    const [a, b, elsewhere, elsewhereToo] = await Promise.all([
      startBus(),
      startBus(),
      startBus(otherDatabase),
      startBus(otherDatabase),
    ]);
    expect(a.channel).toBe(b.channel);
    expect(a.channel).not.toBe(elsewhere.channel);
    const onB = subscribeRecording(b, 7);
    const onElsewhere = subscribeRecording(elsewhere, 7);

    a.publish(7, notification(70));
    await waitFor(() => onB.length === 1, { what: 'B receiving the event' });
    // Committed after A's NOTIFY: had A's reached the other schema, it would have come first.
    elsewhereToo.publish(7, notification(71));
    await waitFor(() => onElsewhere.length === 1, { what: 'the other schema’s own event' });
    expect(onElsewhere).toEqual([notification(71)]);
  });

  it('keeps a channel name within PostgreSQL’s 63 bytes for any schema name', () => {
    expect(channelForSchema('test_0a1b2c')).toBe('depot_events_test_0a1b2c');
    const long = channelForSchema('s'.repeat(63));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(63);
    expect(long).not.toBe(channelForSchema(`${'s'.repeat(62)}t`));
  });

  it('carries an event too large for a NOTIFY through the database', async () => {
    const [a, b] = await Promise.all([startBus(), startBus()]);
    const onB = subscribeRecording(b, 3);
    const large = notification(30, `Order #30 ${'é'.repeat(10_000)}`);
    expect(Buffer.byteLength(JSON.stringify(large))).toBeGreaterThan(MAX_INLINE_NOTIFY_BYTES);

    a.publish(3, large);
    a.publish(3, notification(31));
    await waitFor(() => onB.length === 2, { what: 'B receiving both events' });
    expect(onB).toEqual([large, notification(31)]);
    const stored = await database.db.selectFrom('live_events').select('payload').execute();
    expect(stored.map((row) => JSON.parse(row.payload))).toContainEqual(large);
  });

  it('hands on the database’s notices of changed sessions and users of its own schema only, and a reconnection as one', async () => {
    if (database.dialect !== 'postgres') throw new Error('these tests need PostgreSQL');
    const applicationName = `depot bus test ${randomBytes(4).toString('hex')}`;
    let changes = 0;
    const bus = await startPostgresEventBus({
      db: database.db,
      connectionConfig: { ...database.connectionConfig, application_name: applicationName },
      log,
      reconnectDelays: { firstMs: 20, maxMs: 200 },
      onSessionChange: () => {
        changes += 1;
      },
    });
    buses.push(bus);
    expect(bus.isListening()).toBe(true);
    // Each statement commits on its own and its notice goes out in commit order: once the last
    // has arrived, any notice of those before it would have.
    await sql`update sessions set last_seen_at = last_seen_at`.execute(database.db);
    await sql`update users set name = name`.execute(otherDatabase.db);
    await sql`update users set name = name`.execute(database.db);
    await waitFor(() => changes === 1, { withinMs: 5000, what: 'the notice of a changed user' });
    await sql`delete from sessions where false`.execute(database.db);
    await waitFor(() => changes === 2, { withinMs: 5000, what: 'the notice of a deleted session' });

    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1',
        [applicationName],
      );
    } finally {
      await admin.end();
    }
    await waitFor(() => changes === 3 && bus.isListening(), { withinMs: 5000, what: 'the reconnection' });
  });

  it('reconnects and listens again after its connection is terminated, telling subscribers they may have missed events', async () => {
    const applicationName = `depot bus test ${randomBytes(4).toString('hex')}`;
    const [a, b] = await Promise.all([startBus(database, applicationName), startBus()]);
    const onA: LiveEvent[] = [];
    let interruptions = 0;
    a.subscribe(
      5,
      (event) => onA.push(event),
      () => {
        interruptions += 1;
      },
    );

    const admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    try {
      for (const round of [1, 2]) {
        const { rows } = await admin.query(
          'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1',
          [applicationName],
        );
        expect(rows).toEqual([{ ended: true }]);
        await waitFor(() => interruptions === round, { withinMs: 5000, what: `reconnection ${round}` });
        b.publish(5, notification(50 + round));
        await waitFor(() => onA.length === round, {
          withinMs: 5000,
          what: `event after reconnection ${round}`,
        });
      }
    } finally {
      await admin.end();
    }
    expect(onA).toEqual([notification(51), notification(52)]);
    expect(log.entries).toContainEqual({
      level: 'warn',
      message: 'live event listener lost its connection; reconnecting',
    });
  });
});
