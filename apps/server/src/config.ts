import { isIP } from 'node:net';
import { z } from 'zod';

const positiveInt = (min: number, max: number) =>
  z.coerce
    .number({ error: `must be a whole number from ${min} to ${max}` })
    .int({ error: `must be a whole number from ${min} to ${max}` })
    .min(min, { error: `must be a whole number from ${min} to ${max}` })
    .max(max, { error: `must be a whole number from ${min} to ${max}` });

const databaseUrl = z
  .string()
  .refine(
    (url) => url.startsWith('sqlite:') || url.startsWith('postgres://') || url.startsWith('postgresql://'),
    'must start with sqlite: or postgres://',
  );

/** An IPv4/IPv6 address, or one with a /prefix (a CIDR block). */
function isAddressOrCidr(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

const addressList = z
  .string()
  .transform((list) =>
    list
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== ''),
  )
  .refine((entries) => entries.every(isAddressOrCidr), 'must be comma-separated IP addresses or CIDR blocks');

/** The bounds' defaults, in milliseconds (docs/RELIABILITY.md#database-trouble). */
export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  statementMs: 5000,
  lockMs: 2000,
  idleInTransactionMs: 10_000,
  poolMs: 1000,
  rowWaitMs: 8000,
  sqliteBusyMs: 2000,
};

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: positiveInt(0, 65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: databaseUrl.default('sqlite:./data/depot.db'),
  DATABASE_POOL_SIZE: positiveInt(1, 200).default(10),
  DATABASE_STATEMENT_TIMEOUT_MS: positiveInt(100, 3_600_000).default(DEFAULT_DATABASE_TIMEOUTS.statementMs),
  DATABASE_LOCK_TIMEOUT_MS: positiveInt(10, 3_600_000).default(DEFAULT_DATABASE_TIMEOUTS.lockMs),
  DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: positiveInt(100, 3_600_000).default(
    DEFAULT_DATABASE_TIMEOUTS.idleInTransactionMs,
  ),
  DATABASE_POOL_TIMEOUT_MS: positiveInt(10, 60_000).default(DEFAULT_DATABASE_TIMEOUTS.poolMs),
  DATABASE_ROW_WAIT_MS: positiveInt(100, 60_000).default(DEFAULT_DATABASE_TIMEOUTS.rowWaitMs),
  SQLITE_BUSY_TIMEOUT_MS: positiveInt(10, 60_000).default(DEFAULT_DATABASE_TIMEOUTS.sqliteBusyMs),
  RESPONSE_CACHE_MB: positiveInt(0, 4096).default(16),
  REORDER_JOB_MS: positiveInt(0, 3_600_000).default(30_000),
  PUBLIC_URL: z.url({ error: 'must be an absolute URL such as https://depot.example.com' }).optional(),
  SMTP_URL: z
    .string()
    .refine((url) => /^smtps?:\/\//.test(url), 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Depot <no-reply@depot.local>'),
  SESSION_IDLE_MINUTES: positiveInt(1, 24 * 60).default(30),
  SESSION_MAX_HOURS: positiveInt(1, 24 * 30).default(12),
  SESSION_CACHE_MS: positiveInt(0, 60_000).default(2_000),
  PINCODE_API_URL: z.url({ error: 'must be an absolute URL' }).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUSTED_PROXIES: addressList.default([]),
  REGISTRATION: z.enum(['approval', 'open'], { error: 'must be approval or open' }).default('approval'),
  CURRENCY: z
    .string()
    .refine(isCurrencyCode, 'must be an ISO 4217 currency code such as USD, EUR or INR')
    .transform((code) => code.toUpperCase())
    .default('USD'),
  LOCALE: z.string().refine(isLocale, 'must be a locale tag such as en-US, en-GB or en-IN').optional(),
});

/** A three-letter currency code this Node knows (Intl formats it with its symbol). */
function isCurrencyCode(code: string): boolean {
  return /^[A-Za-z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code.toUpperCase());
}

/** A BCP 47 locale tag Intl formats numbers and dates for, as written (no fallback to another). */
function isLocale(tag: string): boolean {
  try {
    return (
      Intl.NumberFormat.supportedLocalesOf([tag]).length === 1 && new Intl.Locale(tag).toString() === tag
    );
  } catch {
    return false;
  }
}

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  databaseUrl: string;
  databasePoolSize: number;
  /** The bounds on waiting for the database (docs/RELIABILITY.md#database-trouble). */
  databaseTimeouts: DatabaseTimeouts;
  /** Megabytes of GET answers kept while the data is unchanged (SQLite only); 0 turns it off. */
  responseCacheBytes: number;
  /** How often automatic drafting runs (docs/product/business-rules.md#automatic-drafting); 0 never. */
  reorderJobMs: number;
  /** Origin the app is reached at; used in reset links and the Origin check. */
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionIdleMs: number;
  sessionMaxMs: number;
  /**
   * How long a session read on PostgreSQL may answer again without asking it (0: never); a change
   * to the session or its user ends that at once (docs/decisions/043-session-cache.md).
   */
  sessionCacheMs: number;
  pincodeApiUrl: string | undefined;
  logLevel: string;
  /** Folder of the built web app; undefined serves no front end. */
  webDist: string | undefined;
  /**
   * Addresses of the reverse proxies in front (IPs or CIDR blocks). Only a request whose peer is
   * one of them has its X-Forwarded-For/-Proto/-Host believed; empty believes no one.
   */
  trustedProxies: string[];
  /**
   * `approval`: a self-registered staff account waits for an Inventory Manager's approval (the
   * first manager of an install excepted); `open`: every role is self-service, as in the SPEC, for
   * demos and tests (docs/decisions/016-accounts-belong-to-their-owners.md).
   */
  registration: 'approval' | 'open';
  /**
   * How money, numbers and dates are shown, one setting of the business
   * (docs/decisions/027-money-and-the-catalogue-lifecycle.md): the currency of every amount, and
   * the locale that groups digits and orders dates; no locale keeps the SPEC's formats ("$1,200.00",
   * dd/mm/yyyy).
   */
  business: BusinessFormat;
}

/** The business's currency and locale as the web app receives them. */
export interface BusinessFormat {
  currency: string;
  locale: string | undefined;
}

/**
 * How long a request may wait for the database before it answers 503 with Retry-After
 * (docs/RELIABILITY.md#database-trouble). PostgreSQL: each statement, each lock, a transaction
 * left idle, a pool connection; an order's turn at a stock row or product another order of this
 * instance is waiting on. SQLite: the write lock.
 */
export interface DatabaseTimeouts {
  statementMs: number;
  lockMs: number;
  idleInTransactionMs: number;
  poolMs: number;
  rowWaitMs: number;
  sqliteBusyMs: number;
}

export class ConfigError extends Error {}

/** Reads and checks the environment once; a bad value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const blankAsUnset = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(blankAsUnset);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'environment');
    const value = env[name];
    throw new ConfigError(
      `Invalid configuration: ${name} ${issue?.message ?? 'is invalid'}${value === undefined ? '' : ` (got "${value}")`}`,
    );
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseTimeouts: {
      statementMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
      lockMs: e.DATABASE_LOCK_TIMEOUT_MS,
      idleInTransactionMs: e.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      poolMs: e.DATABASE_POOL_TIMEOUT_MS,
      rowWaitMs: e.DATABASE_ROW_WAIT_MS,
      sqliteBusyMs: e.SQLITE_BUSY_TIMEOUT_MS,
    },
    responseCacheBytes: e.RESPONSE_CACHE_MB * 2 ** 20,
    reorderJobMs: e.REORDER_JOB_MS,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    sessionIdleMs: e.SESSION_IDLE_MINUTES * 60_000,
    sessionMaxMs: e.SESSION_MAX_HOURS * 3_600_000,
    sessionCacheMs: e.SESSION_CACHE_MS,
    pincodeApiUrl: e.PINCODE_API_URL,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST,
    trustedProxies: e.TRUSTED_PROXIES,
    registration: e.REGISTRATION,
    business: { currency: e.CURRENCY, locale: e.LOCALE },
  };
}
