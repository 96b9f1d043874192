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
    [
      { TRUSTED_PROXIES: '10.0.0.1, nginx' },
      /^Invalid configuration: TRUSTED_PROXIES must be comma-separated/,
    ],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, /^Invalid configuration: TRUSTED_PROXIES /],
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

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ PORT: '' }).port).toBe(3000);
  });
});
