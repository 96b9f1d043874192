import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { performance } from 'node:perf_hooks';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  type KyselyProps,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
  type SqliteStatement,
  Transaction,
} from 'kysely';
import pg from 'pg';
import { type DatabaseTimeouts, DEFAULT_DATABASE_TIMEOUTS } from '../config';
import {
  BACKSTOP_AUTOCHECKPOINT_PAGES,
  SQLITE_AUTOCHECKPOINT_PAGES,
  startBackgroundCheckpoint,
} from './background-checkpoint';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

interface OpenDatabase {
  db: Kysely<Database>;
  /** The bounds its requests wait within. */
  timeouts: DatabaseTimeouts;
  /**
   * Resolves when the database answers, within READINESS_TIMEOUT_MS (GET /readyz). On PostgreSQL
   * it asks over a connection of its own, so it never waits behind requests for a pool connection.
   */
  probe(): Promise<void>;
  destroy(): Promise<void>;
}

/** A load balancer's readiness probe gets its answer, 200 or 503, within this (docs/RELIABILITY.md#database-trouble). */
export const READINESS_TIMEOUT_MS = 800;

export type DatabaseHandle =
  | (OpenDatabase & {
      dialect: 'sqlite';
      /**
       * Changes when anything in the database does: a committed write by another connection
       * (PRAGMA data_version) or any row this connection inserted, updated or deleted, by a
       * statement or a trigger, committed or not (total_changes()). Equal stamps mean equal data.
       */
      changeStamp(): string;
    })
  | (OpenDatabase & {
      dialect: 'postgres';
      /** How to open a connection of its own, outside the pool (the live-event listener holds one). */
      connectionConfig: pg.ClientConfig;
      /** Round trips and pool waits so far (bench/pg-profile.ts reads them per request). */
      statistics(): PoolStatistics;
      /**
       * Calls `listener` once a statement of this pool that updates, deletes or truncates rows of
       * one of `tables` has committed: when the statement ends, and again when the transaction it
       * ran in commits or rolls back. So the listener has run before the request that wrote goes on.
       * A statement `unless` answers true for is not told of.
       */
      watchWrites(tables: readonly string[], listener: () => void, unless?: (text: string) => boolean): void;
    });

/** What a PostgreSQL pool has done since it opened; counters only grow. */
export interface PoolStatistics {
  /** Statements sent (BEGIN and COMMIT count). */
  queries: number;
  /**
   * Writes to the server: statements started together go in one (pipelinedTransaction), each
   * other statement in its own. Each is a round trip the request waits for.
   */
  roundTrips: number;
  /** Of those, sent as a named prepared statement already parsed on its connection. */
  preparedReuses: number;
  /** Connections handed out to the app (one per request, or per transaction). */
  checkouts: number;
  /** Time spent waiting for a pool connection, summed, in ms. */
  waitMs: number;
}

// COUNT and SUM come back as int8; every count here fits a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));

/** SQLite writers take the write lock up front, so concurrent writers queue instead of failing. */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  readonly #driverConfig: SqliteDialectConfig;
  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#driverConfig = config;
  }
  override createDriver() {
    return new ImmediateSqliteDriver(this.#driverConfig);
  }
}

/** Statements kept prepared per connection: every distinct query the app runs, with room to spare. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * A reading statement whose rows better-sqlite3 hands over as arrays, made into objects here by a
 * function written once for the statement's columns. better-sqlite3 builds each row object
 * property by property; an object literal of fixed keys is built by V8 in one go, with one shape
 * for every row, which the code reading the rows then runs faster on too. A list page of 100
 * stock rows costs 0.10 ms instead of 0.17 (docs/decisions/035-postgresql-path-and-benches.md).
 */
function rowObjects(statement: SQLite.Statement): SqliteStatement {
  statement.raw(true);
  let columns = -1;
  let toObject: (row: unknown[]) => unknown = () => undefined;
  const shapeFor = (row: unknown[] | undefined) => {
    if (row === undefined || row.length === columns) return;
    // Written again if a migration changed what `select *` answers since the statement was made.
    const names = statement.columns().map((column) => column.name);
    const fields = names.map((name, index) => {
      const key = JSON.stringify(name);
      // A computed key is always an own property, even one named __proto__.
      return `${name === '__proto__' ? `[${key}]` : key}: row[${index}]`;
    });
    toObject = new Function('row', `return { ${fields.join(', ')} };`) as typeof toObject;
    columns = names.length;
  };
  return {
    reader: true,
    all(parameters) {
      const rows = statement.all(parameters) as unknown[][];
      shapeFor(rows[0]);
      const objects = new Array<unknown>(rows.length);
      for (let index = 0; index < rows.length; index += 1)
        objects[index] = toObject(rows[index] as unknown[]);
      return objects;
    },
    run: (parameters) => statement.run(parameters),
    *iterate(parameters) {
      for (const row of statement.iterate(parameters) as IterableIterator<unknown[]>) {
        shapeFor(row);
        yield toObject(row);
      }
    },
  };
}

/**
 * Kysely prepares every query it runs afresh, and on SQLite preparing (parsing and planning the
 * SQL) costs about as much as running a small query. The app builds the same few hundred SQL
 * texts over and over, so their statements are kept, least recently used dropped first. Reusing
 * one is safe: better-sqlite3 runs a statement to completion in each all() or run() call, and
 * re-prepares it itself after a schema change. Reading statements answer rows through rowObjects.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SqliteStatement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Map keeps insertion order: re-inserting marks it the most recently used.
        statements.delete(sql);
      } else {
        const prepared = sqlite.prepare(sql);
        statement = prepared.reader ? rowObjects(prepared) : prepared;
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

export interface CreateDatabaseOptions {
  poolSize?: number;
  /** PostgreSQL schema to use as search_path (tests give each file its own). */
  pgSchema?: string;
  /** Bounds on waiting (config's DATABASE_*_TIMEOUT_MS); the defaults where not given. */
  timeouts?: Partial<DatabaseTimeouts>;
  /**
   * No statement, lock or idle-transaction timeout on PostgreSQL: for migrations, whose advisory
   * lock waits for another instance's run, and for scripts that read a lot.
   */
  unbounded?: boolean;
}

export function createDatabase(url: string, options: CreateDatabaseOptions = {}): DatabaseHandle {
  const timeouts = { ...DEFAULT_DATABASE_TIMEOUTS, ...options.timeouts };
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('temp_store = MEMORY');
    // A write that cannot get the write lock within this answers 503 (SQLITE_BUSY). better-sqlite3
    // waits synchronously, so the whole process waits with it: keep the bound short.
    sqlite.pragma(`busy_timeout = ${timeouts.sqliteBusyMs}`);
    const checkpoints =
      file === ':memory:'
        ? undefined
        : startBackgroundCheckpoint(file, (error) => {
            sqlite.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
            process.emitWarning(`SQLite checkpoints are back on the main thread: ${error.message}`);
          });
    if (checkpoints) sqlite.pragma(`wal_autocheckpoint = ${BACKSTOP_AUTOCHECKPOINT_PAGES}`);
    const db = new Kysely<Database>({
      dialect: new ImmediateSqliteDialect({ database: withStatementCache(sqlite) }),
    });
    const dataVersion = sqlite.prepare('pragma data_version').pluck();
    const totalChanges = sqlite.prepare('select total_changes()').pluck();
    const selectOne = sqlite.prepare('select 1').pluck();
    return {
      db,
      dialect: 'sqlite',
      timeouts,
      // SQLite runs in this process: the connection answering is all there is to ask.
      probe: async () => {
        selectOne.get();
      },
      changeStamp: () => `${dataVersion.get()}.${totalChanges.get()}`,
      destroy: async () => {
        await checkpoints?.stop();
        await db.destroy();
      },
    };
  }
  const connectionConfig: pg.ClientConfig = {
    connectionString: url,
    ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
  };
  // Every request's wait is bounded (docs/RELIABILITY.md#database-trouble): a statement, a lock
  // (a row another session holds), a transaction left idle, and the wait for a pool connection,
  // which also bounds connecting to a server that does not answer.
  const bounds: pg.PoolConfig = options.unbounded
    ? {}
    : {
        statement_timeout: timeouts.statementMs,
        lock_timeout: timeouts.lockMs,
        idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
      };
  const pool = quietPool({
    ...connectionConfig,
    ...bounds,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: timeouts.poolMs,
    // A statement is sent without waiting for the answers to those before it on the connection:
    // statements of a transaction started side by side take one round trip (pipelinedTransaction).
    pipeline: true,
  });
  // The readiness probe's own connection: the pool may be full of requests waiting on a lock.
  const probePool = quietPool({
    ...connectionConfig,
    max: 1,
    // Kept open: connecting afresh costs a probe more than the query.
    idleTimeoutMillis: 0,
    connectionTimeoutMillis: READINESS_TIMEOUT_MS,
    statement_timeout: READINESS_TIMEOUT_MS,
    query_timeout: READINESS_TIMEOUT_MS,
  });
  const statistics: PoolStatistics = {
    queries: 0,
    roundTrips: 0,
    preparedReuses: 0,
    checkouts: 0,
    waitMs: 0,
  };
  const writeWatchers: WriteWatcher[] = [];
  instrument(pool, statistics, writeWatchers);
  const dialect = new PostgresDialect({ pool });
  const db = new Kysely<Database>({ dialect });
  // A Transaction built by pipelinedTransaction needs these; it never uses the driver (it cannot
  // open a connection or a transaction of its own).
  pipelineParts.set(db, { config: { dialect }, dialect, driver: dialect.createDriver() });
  return {
    db,
    dialect: 'postgres',
    connectionConfig,
    statistics: () => ({ ...statistics }),
    watchWrites: (tables, listener, unless) =>
      writeWatchers.push({ writes: writesTo(tables), listener, ...(unless ? { unless } : {}) }),
    timeouts,
    probe: async () => {
      await probePool.query('select 1');
    },
    destroy: async () => {
      await Promise.all([db.destroy(), probePool.end()]);
    },
  };
}

/** Kysely's parts of each PostgreSQL database opened here, to build pipelined transactions from. */
const pipelineParts = new WeakMap<Kysely<Database>, Omit<KyselyProps, 'executor'>>();

/**
 * A transaction whose statements do not wait for each other
 * (docs/decisions/038-pipelined-statements-on-postgresql.md). Kysely's own transaction sends a
 * statement only once the previous one has its answer; this one hands its connection straight to
 * every statement, so those a work starts side by side (db/together.ts) go out one behind the
 * other on the pool's pipelined connection and cost one round trip together. PostgreSQL still runs
 * them in the order sent. On SQLite (no round trips) it is Kysely's transaction.
 */
export function pipelinedTransaction<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const parts = pipelineParts.get(db);
  if (!parts) return db.transaction().execute(work);
  const executor = db.getExecutor();
  return executor.provideConnection(async (connection) => {
    const trx = new Transaction<Database>({
      ...parts,
      executor: executor.withConnectionProvider({ provideConnection: (statement) => statement(connection) }),
    });
    await connection.executeQuery(CompiledQuery.raw('begin'));
    let value: T;
    try {
      value = await work(trx);
    } catch (error) {
      await connection.executeQuery(CompiledQuery.raw('rollback'));
      throw error;
    }
    await connection.executeQuery(CompiledQuery.raw('commit'));
    return value;
  });
}

/** Distinct statement texts given a name of their own: the app's few hundred, with room to spare. */
const MOST_NAMED_STATEMENTS = 1000;
/**
 * More parameters than this is a list of ids or rows whose length varies (`in ($1 … $n)`, a
 * multi-row insert): each length would be a statement of its own, prepared on every connection and
 * kept in every backend's memory. They run unnamed.
 */
const MOST_NAMED_PARAMETERS = 64;
/** Statements PostgreSQL can prepare (PREPARE's list); BEGIN, COMMIT, DDL and SET run unnamed. */
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * `*` in a select list or RETURNING: its columns are the table's at the time of preparing, and a
 * migration adding one (another instance's, during a rolling upgrade) makes PostgreSQL refuse the
 * prepared statement ("cached plan must not change result type"). Such statements run unnamed;
 * count(*) is no such list.
 */
const STAR_COLUMNS = /(\.\*|\bselect\s+\*|\breturning\s+\*)/i;
const statementNames = new Map<string, string>();

/**
 * A name for a statement's text, the same in every pool of the process, or undefined when it
 * should run unnamed. pg sends a named statement's Parse once per connection and afterwards only
 * Bind and Execute: PostgreSQL neither parses nor plans the text again (docs/decisions/035-postgresql-path-and-benches.md).
 */
export function statementName(text: string): string | undefined {
  let name = statementNames.get(text);
  if (name === undefined) {
    if (statementNames.size >= MOST_NAMED_STATEMENTS) return undefined;
    // '' remembers a text that runs unnamed, so it is not looked at again.
    name = PREPARABLE.test(text) && !STAR_COLUMNS.test(text) ? `depot_${statementNames.size + 1}` : '';
    statementNames.set(text, name);
  }
  return name || undefined;
}

type QueryFunction = (...args: unknown[]) => unknown;
interface Corkable {
  cork?(): void;
  uncork(): void;
}

/**
 * A named statement sent as a Query built from its text, not from a config object: pg copies a
 * config object property descriptor by property descriptor first (2% of the server's time placing
 * orders on PostgreSQL), a text it takes as it is.
 */
function sendNamed(
  send: QueryFunction,
  name: string,
  text: string,
  values: unknown[],
): Promise<pg.QueryResult> {
  const query = new pg.Query(text, values) as pg.Query & { name: string; callback?: QueryCallback };
  query.name = name;
  return new Promise((resolve, reject) => {
    query.callback = (error, result) => (error ? reject(error) : resolve(result));
    send(query);
  });
}
type QueryCallback = (error: Error | null, result: pg.QueryResult) => void;

/** Set by bench/pg-profile.ts --trace: sees every statement a PostgreSQL pool sends. */
export const statementTrace: { listener?: (text: string) => void } = {};

interface WriteWatcher {
  writes: RegExp;
  unless?: (text: string) => boolean;
  listener: () => void;
}

/** Statements as Kysely writes them: `update "users" set …`, `delete from "sessions" where …`. */
const writesTo = (tables: readonly string[]) =>
  new RegExp(
    `^\\s*(?:update|delete\\s+from|truncate(?:\\s+table)?)\\s+"?(?:${tables.join('|')})"?(?:\\s|$)`,
    'i',
  );
const ENDS_TRANSACTION = /^\s*(?:commit|rollback|end)\b/i;

/**
 * Counts every statement a pool's clients send and names the app's parameterised ones (Kysely
 * sends `query(text, values)`), so each connection prepares a statement once. Statements without
 * values and every other call shape (cursors, config objects) pass through as they are. Tells the
 * write watchers about the writes they watch (DatabaseHandle.watchWrites).
 */
function instrument(pool: pg.Pool, statistics: PoolStatistics, writeWatchers: readonly WriteWatcher[]): void {
  pool.on('connect', (client) => {
    // The watchers whose tables this connection wrote since its transaction began.
    const written = new Set<WriteWatcher>();
    const afterWrites = (text: unknown, sent: unknown) => {
      if (writeWatchers.length === 0 || typeof text !== 'string') return;
      let due: WriteWatcher[] = [];
      if (ENDS_TRANSACTION.test(text)) {
        due = [...written];
        written.clear();
      } else {
        due = writeWatchers.filter((watcher) => watcher.writes.test(text) && !watcher.unless?.(text));
        for (const watcher of due) written.add(watcher);
      }
      if (due.length === 0 || !(sent instanceof Promise)) return;
      const tell = () => {
        for (const watcher of due) watcher.listener();
      };
      sent.then(tell, tell);
    };
    const send = client.query.bind(client) as QueryFunction;
    const socket = (client as unknown as { connection?: { stream?: NodeJS.WritableStream & Corkable } })
      .connection?.stream;
    let corked = false;
    /**
     * Statements started side by side reach pg one microtask after another, and pg writes each to
     * the socket at once: one system call each. Held until the microtasks have run, they go in one.
     */
    const holdWrites = () => {
      if (corked || !socket?.cork) return;
      corked = true;
      statistics.roundTrips += 1;
      socket.cork();
      process.nextTick(() => {
        corked = false;
        socket.uncork();
      });
    };
    // pg's own record of the names this connection has parsed.
    const parsed = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } })
      .connection?.parsedStatements;
    (client as unknown as { query: QueryFunction }).query = (...args: unknown[]) => {
      statistics.queries += 1;
      holdWrites();
      const [text, values] = args;
      if (statementTrace.listener && typeof text === 'string') statementTrace.listener(text);
      if (
        typeof text === 'string' &&
        Array.isArray(values) &&
        args.length === 2 &&
        values.length <= MOST_NAMED_PARAMETERS
      ) {
        const name = statementName(text);
        if (name !== undefined) {
          if (parsed?.[name] === text) statistics.preparedReuses += 1;
          const sent = sendNamed(send, name, text, values);
          afterWrites(text, sent);
          return sent;
        }
      }
      const sent = send(...args);
      afterWrites(text, sent);
      return sent;
    };
  });
  const connect = pool.connect.bind(pool) as (...args: unknown[]) => Promise<pg.PoolClient> | undefined;
  (pool as unknown as { connect: (...args: unknown[]) => unknown }).connect = (...args: unknown[]) => {
    // The callback form (pool.query uses it) passes through uncounted.
    if (args.length > 0) return connect(...args);
    const started = performance.now();
    return (connect() as Promise<pg.PoolClient>).finally(() => {
      statistics.checkouts += 1;
      statistics.waitMs += performance.now() - started;
    });
  };
}

/**
 * A client losing its server (a database restart) must not crash the process: an idle one is
 * reported on the pool; one a request holds fails that request's query, and its own 'error' event
 * needs a listener too. The pool drops a broken client when it is released.
 */
function quietPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}
