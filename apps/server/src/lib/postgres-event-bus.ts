import { createHash, randomBytes } from 'node:crypto';
import type { LiveEvent } from '@depot/contract';
import { type Kysely, sql, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema';
import { type Clock, systemClock } from './clock';
import { createInProcessEventBus, type EventBus } from './events';

/**
 * PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. An event whose message (event plus
 * envelope) fits under this travels inline; a larger one (an order with many lines) is written to
 * the live_events table in the transaction that sends a NOTIFY naming its row, and receivers read
 * the row back. Splitting it over several NOTIFYs would need reassembly of parts that other
 * instances' messages can interleave with and that a dropped connection can lose halfway; one row
 * read for a rare large event is simpler and cannot deliver half an event.
 */
export const MAX_INLINE_NOTIFY_BYTES = 7_900;
/** Large events are deleted after this long: every listening instance has read them long before. */
const LARGE_EVENT_TTL_MS = 60 * 60_000;
/** Channel names are identifiers: 63 bytes at most. */
const MAX_CHANNEL_BYTES = 63;
/** A listener connection that died without a word (a half-open TCP link) is found by a ping. */
const PING_INTERVAL_MS = 30_000;
const PING_TIMEOUT_MS = 10_000;
const DEFAULT_RECONNECT_DELAYS = { firstMs: 250, maxMs: 10_000 };
/** Where the database tells of a changed session or user (migration 2026-12-20-session-change-notices). */
export const SESSION_CHANGES_CHANNEL = 'depot_session_changes';

/** What travels in one NOTIFY: the publishing instance, the user, and the event or the row holding it. */
type Envelope = { from: string; userId: number } & ({ event: LiveEvent } | { ref: number });

export interface EventBusLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PostgresEventBusOptions {
  /** The query pool: sends NOTIFYs and keeps large events. */
  db: Kysely<Database>;
  /** Settings for the listening connection, which is opened outside the pool and kept. */
  connectionConfig: pg.ClientConfig;
  log: EventBusLog;
  clock?: Clock;
  /** Wait before reconnecting the listener: doubling from firstMs up to maxMs (tests shorten it). */
  reconnectDelays?: { firstMs: number; maxMs: number };
  /**
   * Called when a session or user of this schema changed (the database's notice), and when the
   * listener reconnects, since notices sent meanwhile were lost.
   */
  onSessionChange?: () => void;
}

export interface PostgresEventBus extends EventBus {
  /** The NOTIFY channel: one per database schema, so Depots sharing a database stay apart. */
  readonly channel: string;
  /** Sends what is still queued, then closes the listening connection. */
  close(): Promise<void>;
  /** Whether the listening connection is open: what other instances send can arrive. */
  isListening(): boolean;
}

export function channelForSchema(schema: string): string {
  const readable = `depot_events_${schema}`;
  if (Buffer.byteLength(readable) <= MAX_CHANNEL_BYTES) return readable;
  return `depot_events_${createHash('sha256').update(schema).digest('hex').slice(0, 32)}`;
}

/**
 * The event bus of several instances on one PostgreSQL (docs/architecture.md#live-updates). Each
 * instance keeps one listening connection of its own (LISTEN holds a session, so it cannot come
 * from the pool) and reopens it with a growing delay when it drops. An event is handed to the
 * publishing instance's own subscribers at once and sent by NOTIFY to the others; an instance skips
 * its own NOTIFYs, so every subscriber gets each event exactly once.
 */
export async function startPostgresEventBus(options: PostgresEventBusOptions): Promise<PostgresEventBus> {
  const { db, log } = options;
  const clock = options.clock ?? systemClock;
  const delays = options.reconnectDelays ?? DEFAULT_RECONNECT_DELAYS;
  const instanceId = randomBytes(8).toString('hex');
  const local = createInProcessEventBus((error) => log.error({ err: error }, 'live event listener failed'));
  const interruptHandlers = new Set<() => void>();
  let connection: pg.Client | undefined;
  let channel = '';
  let schema = '';
  let closed = false;
  let failedAttempts = 0;
  let reconnectTimer: NodeJS.Timeout | undefined;
  const outbox: { userId: number; event: LiveEvent }[] = [];
  let flushing: Promise<void> | undefined;
  let receiving: Promise<void> = Promise.resolve();

  async function openConnection(): Promise<pg.Client> {
    const client = new pg.Client({
      application_name: 'depot live events',
      ...options.connectionConfig,
      keepAlive: true,
      query_timeout: PING_TIMEOUT_MS,
    });
    client.on('error', (error) => dropConnection(client, error));
    client.on('end', () => dropConnection(client));
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) receive(message.payload);
      else if (message.channel === SESSION_CHANGES_CHANNEL && message.payload === schema)
        options.onSessionChange?.();
    });
    try {
      await client.connect();
      if (!channel) {
        const { rows } = await client.query<{ schema: string | null }>('select current_schema() as schema');
        schema = rows[0]?.schema ?? 'public';
        channel = channelForSchema(schema);
      }
      await client.query(`listen ${client.escapeIdentifier(channel)}`);
      if (options.onSessionChange) await client.query(`listen ${SESSION_CHANGES_CHANNEL}`);
      return client;
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
  }

  function dropConnection(client: pg.Client, error?: Error) {
    if (client !== connection) return;
    connection = undefined;
    client.end().catch(() => {});
    if (closed) return;
    log.warn({ err: error }, 'live event listener lost its connection; reconnecting');
    scheduleReconnect();
  }

  const reconnectDelay = () => Math.min(delays.firstMs * 2 ** failedAttempts, delays.maxMs);

  function scheduleReconnect() {
    reconnectTimer = setTimeout(async () => {
      reconnectTimer = undefined;
      let client: pg.Client;
      try {
        client = await openConnection();
      } catch (error) {
        failedAttempts += 1;
        log.warn({ err: error, retryInMs: reconnectDelay() }, 'live event listener could not reconnect');
        if (!closed) scheduleReconnect();
        return;
      }
      if (closed) {
        await client.end().catch(() => {});
        return;
      }
      connection = client;
      failedAttempts = 0;
      log.info({ channel }, 'live event listener reconnected');
      // What other instances published while the connection was down never arrived here.
      options.onSessionChange?.();
      for (const onInterrupted of [...interruptHandlers]) onInterrupted();
    }, reconnectDelay());
  }

  function receive(payload: string) {
    receiving = receiving
      .then(() => deliver(payload))
      .catch((error: unknown) =>
        log.error({ err: error }, 'live event from another instance was unreadable'),
      );
  }

  async function deliver(payload: string) {
    const envelope = JSON.parse(payload) as Envelope;
    // This instance's own subscribers had it when it was published.
    if (envelope.from === instanceId) return;
    const event = 'event' in envelope ? envelope.event : await readLargeEvent(envelope.ref);
    if (event) local.publish(envelope.userId, event);
  }

  async function readLargeEvent(id: number): Promise<LiveEvent | undefined> {
    const row = await db.selectFrom('live_events').select('payload').where('id', '=', id).executeTakeFirst();
    if (!row) log.warn({ liveEventId: id }, 'large live event was gone before it was read');
    return row ? (JSON.parse(row.payload) as LiveEvent) : undefined;
  }

  /** Queues one event's NOTIFY in the sending transaction; it goes out when that commits. */
  async function notify(trx: Transaction<Database>, userId: number, event: LiveEvent) {
    const inline = JSON.stringify({ from: instanceId, userId, event } satisfies Envelope);
    if (Buffer.byteLength(inline) <= MAX_INLINE_NOTIFY_BYTES) {
      await sql`select pg_notify(${channel}, ${inline})`.execute(trx);
      return;
    }
    const now = clock.now();
    const { id } = await trx
      .insertInto('live_events')
      .values({ payload: JSON.stringify(event), created_at: now.toISOString() })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('live_events')
      .where('created_at', '<', new Date(now.getTime() - LARGE_EVENT_TTL_MS).toISOString())
      .execute();
    // Committed together with the NOTIFY, so the row is there when a receiver reads it.
    const reference = JSON.stringify({ from: instanceId, userId, ref: id } satisfies Envelope);
    await sql`select pg_notify(${channel}, ${reference})`.execute(trx);
  }

  /**
   * Sends what was published, one batch at a time and in order: everything queued while a batch
   * was on its way goes out in the next one, in one transaction. That is one commit per batch
   * rather than per event, which matters: PostgreSQL serializes the commits of all transactions
   * that NOTIFY, and each waits for its WAL flush.
   */
  async function flush() {
    while (outbox.length > 0) {
      const batch = outbox.splice(0);
      try {
        const inline = batch.map(({ userId, event }) =>
          JSON.stringify({ from: instanceId, userId, event } satisfies Envelope),
        );
        if (inline.every((payload) => Buffer.byteLength(payload) <= MAX_INLINE_NOTIFY_BYTES)) {
          // One statement for the whole batch: one round trip instead of BEGIN, a NOTIFY per event
          // and COMMIT. unnest yields the payloads in array order, so they are queued in order and
          // go out together when the statement's own transaction commits.
          await sql`select pg_notify(${channel}, payload) from unnest(${inline}::text[]) as payload`.execute(
            db,
          );
          continue;
        }
        await db.transaction().execute(async (trx) => {
          for (const { userId, event } of batch) await notify(trx, userId, event);
        });
      } catch (error) {
        log.error(
          { err: error, events: batch.length },
          'live events could not be sent to the other instances',
        );
      }
    }
    flushing = undefined;
  }

  connection = await openConnection();
  const ping = setInterval(() => {
    const client = connection;
    client?.query('select 1').catch((error: Error) => dropConnection(client, error));
  }, PING_INTERVAL_MS);

  return {
    channel,

    publish(userId, event) {
      local.publish(userId, event);
      outbox.push({ userId, event });
      flushing ??= flush();
    },

    subscribe(userId, listener, onInterrupted) {
      const unsubscribe = local.subscribe(userId, listener);
      if (!onInterrupted) return unsubscribe;
      // A handler of its own per subscription, even when a caller passes the same function twice.
      const handler = () => onInterrupted();
      interruptHandlers.add(handler);
      return () => {
        unsubscribe();
        interruptHandlers.delete(handler);
      };
    },

    isListening: () => connection !== undefined,

    async close() {
      closed = true;
      clearInterval(ping);
      clearTimeout(reconnectTimer);
      await flushing;
      const client = connection;
      connection = undefined;
      await client?.end().catch(() => {});
    },
  };
}
