import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort } from './free-port';

/**
 * A PostgreSQL cluster of a test's own, in a temporary folder on a free port, that the test may
 * crash and restart without disturbing the shared server other tests use. Needs Debian's
 * postgresql package (initdb and postgres under /usr/lib/postgresql/<version>/bin, or
 * POSTGRES_BIN_DIR). PostgreSQL refuses to run as root, so as root it runs as the postgres user.
 */
export interface PrivatePostgres {
  url: string;
  /** Starts the server (again) on the same port and folder; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGKILL to the server and all its processes at once: a crash, recovered from the WAL at the next start. */
  crash(): Promise<void>;
  /** Fast shutdown (SIGINT): open transactions roll back, the server checkpoints and exits. */
  stop(): Promise<void>;
  /** Stops the server if it runs and deletes the folder. */
  remove(): Promise<void>;
}

function postgresBinDir(): string {
  if (process.env.POSTGRES_BIN_DIR) return process.env.POSTGRES_BIN_DIR;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (!versions[0]) throw new Error('initdb not found: install postgresql or set POSTGRES_BIN_DIR');
  return join(root, versions[0], 'bin');
}

/** The command prefix that drops root to the postgres user; none when not root. */
function asPostgresUser(): { prefix: string[]; uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return { prefix: [] };
  const id = (flag: string) =>
    Number(spawnSync('id', [flag, 'postgres'], { encoding: 'utf8' }).stdout.trim());
  // setpriv executes the program in its own process, so the child's pid is the server's.
  return {
    prefix: ['setpriv', '--reuid=postgres', '--regid=postgres', '--init-groups', '--'],
    uid: id('-u'),
    gid: id('-g'),
  };
}

function run(command: string[], what: string): void {
  const result = spawnSync(command[0] as string, command.slice(1), { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${what} failed: ${result.stderr || result.stdout}`);
}

/** Process ids whose parent is `pid` (each backend is its own process group, so a group kill misses them). */
function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // pid (comm) state ppid …: the name may hold spaces and parentheses, so read after the last ')'.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid) children.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return children;
}

function signal(pid: number, name: NodeJS.Signals) {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** Running, not ended: an orphan's zombie may linger where nothing reaps it (a container's init). */
function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

async function acceptsConnections(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * `settings` are postgres -c settings added to (and overriding) the small defaults, e.g.
 * { max_connections: '120', shared_buffers: '256MB' } for the scale-out bench.
 */
export async function createPrivatePostgres(settings: Record<string, string> = {}): Promise<PrivatePostgres> {
  const bin = postgresBinDir();
  const user = asPostgresUser();
  const folder = mkdtempSync(join(tmpdir(), 'depot-pg-'));
  if (user.uid !== undefined && user.gid !== undefined) chownSync(folder, user.uid, user.gid);
  const dataDir = join(folder, 'data');
  run(
    [
      ...user.prefix,
      join(bin, 'initdb'),
      '-D',
      dataDir,
      '-U',
      'postgres',
      '-A',
      'trust',
      '-E',
      'UTF8',
      '--no-sync',
    ],
    'initdb',
  );
  const port = await freePort();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let server: { child: ChildProcess; exited: Promise<void>; output: () => string } | undefined;

  async function waitForExit() {
    await server?.exited;
    server = undefined;
  }

  const postgres: PrivatePostgres = {
    url,
    async start() {
      const command = [
        ...user.prefix,
        join(bin, 'postgres'),
        ...['-D', dataDir, '-p', String(port), '-k', folder],
        ...Object.entries({
          listen_addresses: '127.0.0.1',
          max_connections: '40',
          shared_buffers: '16MB',
          ...settings,
        }).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
      ];
      const child = spawn(command[0] as string, command.slice(1), { stdio: ['ignore', 'pipe', 'pipe'] });
      let output = '';
      child.stdout?.on('data', (chunk) => {
        output = (output + chunk).slice(-20_000);
      });
      child.stderr?.on('data', (chunk) => {
        output = (output + chunk).slice(-20_000);
      });
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      server = { child, exited, output: () => output };
      const deadline = Date.now() + 30_000;
      while (!(await acceptsConnections(url))) {
        if (child.exitCode !== null || child.signalCode !== null || Date.now() > deadline) {
          throw new Error(`private PostgreSQL did not start:\n${output}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    async crash() {
      const pid = server?.child.pid;
      if (pid === undefined) return;
      const processes = [pid, ...childrenOf(pid)];
      for (const each of processes) signal(each, 'SIGKILL');
      await waitForExit();
      // The next start refuses while a process of the old server still holds its shared memory.
      while (processes.some(isAlive)) await new Promise((resolve) => setTimeout(resolve, 20));
    },
    async stop() {
      if (!server) return;
      server.child.kill('SIGINT');
      await waitForExit();
    },
    async remove() {
      await postgres.stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
  return postgres;
}
