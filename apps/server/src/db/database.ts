import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  type DatabaseConnection,
  Kysely,
  PostgresDialect,
  type SqliteDatabase,
  SqliteDialect,
  type SqliteDialectConfig,
  SqliteDriver,
} from 'kysely';
import pg from 'pg';
import {
  BACKSTOP_AUTOCHECKPOINT_PAGES,
  SQLITE_AUTOCHECKPOINT_PAGES,
  startBackgroundCheckpoint,
} from './background-checkpoint';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

interface OpenDatabase {
  db: Kysely<Database>;
  destroy(): Promise<void>;
}

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
    });

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
 * Kysely prepares every query it runs afresh, and on SQLite preparing (parsing and planning the
 * SQL) costs about as much as running a small query. The app builds the same few hundred SQL
 * texts over and over, so their statements are kept, least recently used dropped first. Reusing
 * one is safe: better-sqlite3 runs a statement to completion in each all() or run() call, and
 * re-prepares it itself after a schema change.
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql) {
      let statement = statements.get(sql);
      if (statement) {
        // Map keeps insertion order: re-inserting marks it the most recently used.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
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
}

export function createDatabase(url: string, options: CreateDatabaseOptions = {}): DatabaseHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
    const sqlite = new SQLite(file);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
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
    return {
      db,
      dialect: 'sqlite',
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
  const pool = new pg.Pool({ ...connectionConfig, max: options.poolSize ?? 10 });
  // A client losing its server (a database restart) must not crash the process: an idle one is
  // reported here; one a request holds fails that request's query, and its own 'error' event needs
  // a listener too. The pool drops a broken client when it is released.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', connectionConfig, destroy: () => db.destroy() };
}
