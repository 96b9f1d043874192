import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /Server listening at (http:\/\/[\d.:]+)/;
const MAX_OUTPUT_CHARS = 1_000_000;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface ListeningServer extends ServerProcess {
  url: string;
}

/** Runs a server entry point as its own process: `node <args>` with the environment added to this one's. */
export function spawnServer(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, args, {
    // Open registration, as the test app has: tests and benches register every role they need.
    env: { ...process.env, LOG_LEVEL: 'info', REGISTRATION: 'open', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk;
    // A long run (the load test) logs a lot; the end is what explains a failure.
    if (output.length > MAX_OUTPUT_CHARS) output = output.slice(-MAX_OUTPUT_CHARS / 4);
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** SIGTERM (unless it has ended already), then the exit code. */
export function stopServer(server: ServerProcess): Promise<number | null> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  return server.exited;
}

/** Polls `probe` until it names the server's URL; fails as soon as the process has exited. */
async function waitForServer(
  server: ServerProcess,
  what: string,
  withinMs: number,
  probe: () => Promise<string | undefined>,
): Promise<ListeningServer> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const url = await probe();
    if (url) {
      return { ...server, url };
    }
    const problem =
      server.child.exitCode !== null ? `exited before ${what}` : Date.now() > deadline ? `not ${what}` : '';
    if (problem) throw new Error(`server ${problem}:\n${server.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits for the log line Fastify writes once it listens (LOG_LEVEL info or lower). */
export function waitUntilListening(server: ServerProcess, withinMs = 30_000): Promise<ListeningServer> {
  return waitForServer(server, 'listening', withinMs, async () => LISTENING.exec(server.output())?.[1]);
}

/** Waits until GET /readyz answers 200 (the database is reachable), for a server started at a known URL. */
export function waitUntilReady(
  server: ServerProcess,
  url: string,
  withinMs = 30_000,
): Promise<ListeningServer> {
  return waitForServer(server, 'ready', withinMs, async () => {
    const ready = await fetch(`${url}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    return ready ? url : undefined;
  });
}

/**
 * Bundles the server as `npm run build` does, into a fresh folder under apps/server/node_modules
 * (where the bundle's imports resolve) so a stale dist/ is never what gets tested.
 */
export async function buildServerBundle(): Promise<{ entry: string; remove(): void }> {
  const cacheDir = join(SERVER_ROOT, 'node_modules', '.cache');
  mkdirSync(cacheDir, { recursive: true });
  const outDir = mkdtempSync(join(cacheDir, 'depot-build-'));
  const tsupPackage = createRequire(import.meta.url).resolve('tsup/package.json');
  const tsup = spawn(
    process.execPath,
    [join(tsupPackage, '..', 'dist', 'cli-default.js'), '--out-dir', outDir],
    {
      cwd: SERVER_ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  tsup.stdout.on('data', (chunk) => {
    output += chunk;
  });
  tsup.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const code = await new Promise<number | null>((resolve) => tsup.once('exit', resolve));
  if (code !== 0) throw new Error(`server build failed:\n${output}`);
  return { entry: join(outDir, 'main.js'), remove: () => rmSync(outDir, { recursive: true, force: true }) };
}
