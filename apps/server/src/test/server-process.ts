import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SERVER_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LISTENING = /Server listening at (http:\/\/[\d.:]+)/;

export interface ServerProcess {
  child: ChildProcess;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
}

export interface ListeningServer extends ServerProcess {
  url: string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Runs a server entry point as its own process: `node <args>` with the environment added to this one's. */
export function spawnServer(args: string[], env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const append = (chunk: Buffer) => {
    output += chunk;
  };
  child.stdout?.on('data', append);
  child.stderr?.on('data', append);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Waits for the log line Fastify writes once it listens (LOG_LEVEL info or lower). */
export async function waitUntilListening(server: ServerProcess, withinMs = 30_000): Promise<ListeningServer> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const url = LISTENING.exec(server.output())?.[1];
    if (url) {
      return {
        ...server,
        url,
        async stop() {
          if (server.child.exitCode === null) server.child.kill('SIGTERM');
          return server.exited;
        },
      };
    }
    const problem =
      server.child.exitCode !== null
        ? 'exited before listening'
        : Date.now() > deadline
          ? 'is not listening'
          : '';
    if (problem) throw new Error(`server ${problem}:\n${server.output().slice(-4000)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
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
