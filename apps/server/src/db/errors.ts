/** True when a write broke a UNIQUE constraint, in either dialect. */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}

/**
 * Why the database could not do a request's work, when the request is not at fault and trying
 * again later is right (docs/RELIABILITY.md#database-trouble): `busy` when a bound ran out (a lock
 * held elsewhere, every pool connection taken, a slow statement) and `unavailable` when the
 * database cannot be reached or cannot write (down, restarting, disk full, read-only).
 */
export interface DatabaseTrouble {
  kind: 'busy' | 'unavailable';
  /** One line for the log: what happened, with the driver's code. */
  cause: string;
}

const POSTGRES_BUSY: Record<string, string> = {
  '55P03': 'a lock held by another session outlasted the lock timeout',
  '57014': 'a statement outlasted the statement timeout',
  '25P03': 'a transaction stayed idle past its timeout',
  '40P01': 'a deadlock',
  '40001': 'a serialization failure',
  '53300': 'PostgreSQL has no connection slot left',
};
const POSTGRES_UNAVAILABLE: Record<string, string> = {
  '57P01': 'PostgreSQL is shutting down (administrator command)',
  '57P02': 'PostgreSQL crashed',
  '57P03': 'PostgreSQL is starting up and not accepting connections yet',
  '53100': "PostgreSQL's disk is full",
  '58030': 'PostgreSQL cannot read or write its files',
  '25006': 'PostgreSQL is read-only (a standby)',
};
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** node-postgres reports a lost or never-made connection by message only. */
const LOST_CONNECTION =
  /^(Connection terminated|Client has encountered a connection error|Client was closed)/;
const POOL_TIMEOUT = 'timeout exceeded when trying to connect';

const SQLITE_UNAVAILABLE: [prefix: string, cause: string][] = [
  ['SQLITE_FULL', 'the disk holding the SQLite database is full'],
  ['SQLITE_READONLY', 'the SQLite database is read-only'],
  ['SQLITE_IOERR', 'the SQLite database file cannot be read or written'],
  ['SQLITE_CANTOPEN', 'the SQLite database file cannot be opened'],
];

export function databaseTroubleOf(error: unknown): DatabaseTrouble | undefined {
  if (!(error instanceof Error)) return undefined;
  const code = (error as { code?: unknown }).code;
  const named = (cause: string) => `${cause} (${typeof code === 'string' ? code : error.message})`;
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
      return {
        kind: 'busy',
        cause: named('another connection held the SQLite write lock past the busy timeout'),
      };
    }
    const sqlite = SQLITE_UNAVAILABLE.find(([prefix]) => code.startsWith(prefix));
    if (sqlite) return { kind: 'unavailable', cause: named(sqlite[1]) };
    const busy = POSTGRES_BUSY[code];
    if (busy) return { kind: 'busy', cause: named(busy) };
    const unavailable = POSTGRES_UNAVAILABLE[code];
    if (unavailable) return { kind: 'unavailable', cause: named(unavailable) };
    if (/^08[0-9A-Z]{3}$/.test(code))
      return { kind: 'unavailable', cause: named('the connection to PostgreSQL failed') };
    if (NETWORK_CODES.has(code)) return { kind: 'unavailable', cause: named('PostgreSQL cannot be reached') };
  }
  if (error.message === POOL_TIMEOUT) {
    return { kind: 'busy', cause: 'every pool connection stayed taken past the pool timeout' };
  }
  if (LOST_CONNECTION.test(error.message)) {
    return { kind: 'unavailable', cause: `the connection to PostgreSQL was lost (${error.message})` };
  }
  // Connecting to a name with several addresses fails with one error per address.
  if (error instanceof AggregateError) {
    for (const each of error.errors) {
      const trouble = databaseTroubleOf(each);
      if (trouble) return trouble;
    }
  }
  return undefined;
}
