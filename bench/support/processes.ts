/**
 * What the benches read about processes on this machine (Linux /proc and cgroups): CPU time, peak
 * memory, a PostgreSQL server's processes, and CPU quotas for `npm run bench:scale -- --cpu-quota`
 * (docs/decisions/035-postgresql-path-and-benches.md).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';

// USER_HZ: 100 on every Linux this runs on (sysconf(_SC_CLK_TCK)).
const CLOCK_TICKS_PER_S = 100;

/** The fields after the command name of /proc/<pid>/stat (the name may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined; // ended meanwhile
  }
}

/** CPU time (user + system, all threads) a process has used so far, in ms; 0 when it is gone. */
export function cpuMs(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  // utime and stime are fields 14 and 15 of stat: 12 and 13 after the name, counted from 1 at state.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
}

export const totalCpuMs = (pids: number[]) => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);

/** Peak resident memory of a running process (VmHWM), in MiB. */
export function peakRssMiB(pid: number): number | undefined {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : undefined;
  } catch {
    return undefined;
  }
}

/** Process ids whose parent is `pid`. */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    if (Number(statFields(Number(entry))?.[1]) === pid) children.push(Number(entry));
  }
  return children;
}

/**
 * The PostgreSQL server behind `url`, if it runs on this machine: the postmaster (the parent of
 * this connection's backend) and all its processes now. Backends forked later are its children too.
 */
export async function postgresProcesses(url: string): Promise<{ postmaster: number; pids(): number[] }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
    const postmaster = Number(statFields(rows[0]?.pid as number)?.[1]);
    return { postmaster, pids: () => [postmaster, ...childrenOf(postmaster)] };
  } finally {
    await client.end();
  }
}

/** The backends serving connections named `applicationName` (PGAPPNAME of the instances). */
export async function backendPids(url: string, applicationName: string): Promise<number[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ pid: number }>(
      'select pid from pg_stat_activity where application_name = $1',
      [applicationName],
    );
    return rows.map((row) => row.pid);
  } finally {
    await client.end();
  }
}

const CPU_V1 = '/sys/fs/cgroup/cpu';
const CPU_V2 = '/sys/fs/cgroup';
const PERIOD_US = 100_000;

export interface CpuGroup {
  name: string;
  cpus: number;
  /** Moves processes (all their threads) into the group. */
  add(pids: number[]): void;
  /** Periods the group ran out of its quota in, and the time it waited, so far. */
  throttled(): { periods: number; throttledPeriods: number; throttledMs: number };
  remove(): void;
}

/**
 * Which cgroup CPU controller this machine lets root write: v1's cpu.cfs_quota_us (a `cpu`
 * hierarchy), or v2's cpu.max; or why neither.
 */
export function cpuControllerProblem(): string | undefined {
  if (process.getuid?.() !== 0) return 'CPU quotas need root (cgroups are written as root)';
  if (existsSync(join(CPU_V1, 'cpu.cfs_quota_us'))) return undefined;
  if (existsSync(join(CPU_V2, 'cgroup.controllers'))) {
    const controllers = readFileSync(join(CPU_V2, 'cgroup.controllers'), 'utf8');
    return controllers.split(/\s+/).includes('cpu') ? undefined : 'the cgroup v2 root has no cpu controller';
  }
  return 'no cgroup CPU controller found (neither /sys/fs/cgroup/cpu/cpu.cfs_quota_us nor /sys/fs/cgroup/cgroup.controllers)';
}

/** A cgroup of its own with a CPU quota of `cpus` cores (0.5: half of one core's time each period). */
export function createCpuGroup(name: string, cpus: number): CpuGroup {
  const v1 = existsSync(join(CPU_V1, 'cpu.cfs_quota_us'));
  const dir = join(v1 ? CPU_V1 : CPU_V2, name);
  mkdirSync(dir, { recursive: true });
  const quota = Math.round(cpus * PERIOD_US);
  if (v1) {
    writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
  } else {
    // v2: the cpu controller must be enabled for the root's children first.
    try {
      writeFileSync(join(CPU_V2, 'cgroup.subtree_control'), '+cpu');
    } catch {
      // Already on, or not allowed: cpu.max below says which.
    }
    writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
  }
  return {
    name,
    cpus,
    add(pids) {
      for (const pid of pids) {
        try {
          writeFileSync(join(dir, 'cgroup.procs'), String(pid));
        } catch {
          // A process that ended meanwhile.
        }
      }
    },
    throttled() {
      const stat = Object.fromEntries(
        readFileSync(join(dir, 'cpu.stat'), 'utf8')
          .trim()
          .split('\n')
          .map((line) => line.split(' ') as [string, string]),
      );
      return {
        periods: Number(stat.nr_periods ?? 0),
        throttledPeriods: Number(stat.nr_throttled ?? 0),
        throttledMs: v1 ? Number(stat.throttled_time ?? 0) / 1e6 : Number(stat.throttled_usec ?? 0) / 1e3,
      };
    },
    remove() {
      // Processes still in it go back to the root group first; rmdir fails on a group in use.
      const root = v1 ? CPU_V1 : CPU_V2;
      for (const pid of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n').filter(Boolean)) {
        try {
          writeFileSync(join(root, 'cgroup.procs'), pid);
        } catch {
          // Gone already.
        }
      }
      try {
        rmdirSync(dir);
      } catch {
        // Left for the next run's mkdir to reuse.
      }
    },
  };
}
