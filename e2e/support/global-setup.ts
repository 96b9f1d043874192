import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { appendFileSync, existsSync, mkdirSync, openSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS } from '../../apps/server/src/node-flags';
import { startSmtpSink } from '../../apps/server/src/test/smtp-sink';
import { E2E_BASE_URL, E2E_DEMO_DAYS, E2E_DIR, E2E_PORT, MAILBOX_FILE } from './environment';

/** Starts an SMTP sink and the production server; returns the teardown Playwright calls. */
export default async function globalSetup() {
  const serverEntry = join(process.cwd(), 'apps/server/dist/main.js');
  if (!existsSync(serverEntry)) throw new Error('Build first: npm run build');
  rmSync(E2E_DIR, { recursive: true, force: true });
  mkdirSync(E2E_DIR, { recursive: true });
  writeFileSync(MAILBOX_FILE, '');

  // Two weeks of the demo business (npm run demo), for the screens that show a business at work.
  const databaseUrl = `sqlite:${join(E2E_DIR, 'depot.db')}`;
  const demo = spawnSync(
    join(process.cwd(), 'node_modules/.bin/tsx'),
    ['apps/server/src/demo/main.ts', '--days', String(E2E_DEMO_DAYS)],
    { env: { ...process.env, DATABASE_URL: databaseUrl }, encoding: 'utf8' },
  );
  if (demo.status !== 0) throw new Error(`demo seeding failed:\n${demo.stdout}\n${demo.stderr}`);

  const smtp = await startSmtpSink((mail) => appendFileSync(MAILBOX_FILE, `${JSON.stringify(mail)}\n`));

  const log = openSync(join(E2E_DIR, 'server.log'), 'w');
  const server: ChildProcess = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverEntry], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      PUBLIC_URL: E2E_BASE_URL,
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
      // The browser tests register every role they need, as the SPEC lets anyone do.
      REGISTRATION: 'open',
    },
    stdio: ['ignore', log, log],
  });

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`server exited (${server.exitCode}); see .e2e/server.log`);
    try {
      if ((await fetch(`${E2E_BASE_URL}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not become ready in 30 s; see .e2e/server.log');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await smtp.close();
  };
}
