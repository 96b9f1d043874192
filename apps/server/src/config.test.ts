import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('applies the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      databaseUrl: 'sqlite:./data/depot.db',
      publicUrl: 'http://localhost:3000',
      smtpUrl: undefined,
      sessionIdleMs: 30 * 60_000,
      sessionMaxMs: 12 * 3_600_000,
      sessionCacheMs: 2000,
      databaseTimeouts: {
        statementMs: 5000,
        lockMs: 2000,
        idleInTransactionMs: 10_000,
        poolMs: 1000,
        rowWaitMs: 8000,
        sqliteBusyMs: 2000,
      },
    });
  });

  it('reads the bounds on waiting for the database', () => {
    const config = loadConfig({
      DATABASE_STATEMENT_TIMEOUT_MS: '30000',
      DATABASE_LOCK_TIMEOUT_MS: '500',
      DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS: '60000',
      DATABASE_POOL_TIMEOUT_MS: '250',
      DATABASE_ROW_WAIT_MS: '100',
      SQLITE_BUSY_TIMEOUT_MS: '100',
    });
    expect(config.databaseTimeouts).toEqual({
      statementMs: 30_000,
      lockMs: 500,
      idleInTransactionMs: 60_000,
      poolMs: 250,
      rowWaitMs: 100,
      sqliteBusyMs: 100,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /^Invalid configuration: PORT .*\(got "abc"\)$/],
    [{ PORT: '70000' }, /^Invalid configuration: PORT /],
    [
      { DATABASE_URL: 'mysql://x' },
      /^Invalid configuration: DATABASE_URL must start with sqlite: or postgres:\/\//,
    ],
    [{ PUBLIC_URL: 'not a url' }, /^Invalid configuration: PUBLIC_URL /],
    [{ SMTP_URL: 'http://mail' }, /^Invalid configuration: SMTP_URL must start with smtp:/],
    [{ SESSION_IDLE_MINUTES: '0' }, /^Invalid configuration: SESSION_IDLE_MINUTES /],
    [{ DATABASE_LOCK_TIMEOUT_MS: '2s' }, /^Invalid configuration: DATABASE_LOCK_TIMEOUT_MS .*\(got "2s"\)$/],
    [{ DATABASE_STATEMENT_TIMEOUT_MS: '0' }, /^Invalid configuration: DATABASE_STATEMENT_TIMEOUT_MS /],
    [
      { TRUSTED_PROXIES: '10.0.0.1, nginx' },
      /^Invalid configuration: TRUSTED_PROXIES must be comma-separated/,
    ],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, /^Invalid configuration: TRUSTED_PROXIES /],
    [
      { CURRENCY: 'RUPEES' },
      /^Invalid configuration: CURRENCY must be an ISO 4217 currency code .*\(got "RUPEES"\)$/,
    ],
    [{ CURRENCY: 'XYZ' }, /^Invalid configuration: CURRENCY /],
    [{ LOCALE: 'english' }, /^Invalid configuration: LOCALE must be a locale tag .*\(got "english"\)$/],
    [{ LOCALE: 'en_IN' }, /^Invalid configuration: LOCALE /],
    [{ LOCALE: 'en-IN"><script>' }, /^Invalid configuration: LOCALE /],
  ])('stops on %o with one line naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrowError(ConfigError);
    expect(() => loadConfig(env)).toThrowError(message);
  });

  it('trusts no proxy unless told, and reads a list of addresses and CIDR blocks', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: '127.0.0.1, 10.0.0.0/8,::1,fd00::/8' }).trustedProxies).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
      'fd00::/8',
    ]);
  });

  it("keeps the SPEC's dollars by default and reads the business's currency and locale", () => {
    expect(loadConfig({}).business).toEqual({ currency: 'USD', locale: undefined });
    expect(loadConfig({ CURRENCY: 'inr', LOCALE: 'en-IN' }).business).toEqual({
      currency: 'INR',
      locale: 'en-IN',
    });
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});
