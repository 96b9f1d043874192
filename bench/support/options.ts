/**
 * The command line every bench shares (docs/decisions/035-postgresql-path-and-benches.md):
 *
 *   --db sqlite|postgres|both   the databases to run on (a comma list works too); both by default
 *   --cache off|on|both         the response cache of the server under test; budgets are judged on
 *                               the figures with it off, the figures with it on are printed beside
 *   --runs N, --warm-up N       timed and untimed requests per line
 *   --check                     exit 1 when a budget fails
 *   --help
 *
 * A bench adds options of its own in `extra` (parseArgs' shape) and reads them from `values`.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { DatabaseKind } from './server-bench';

export type CacheMode = 'off' | 'on';

type ExtraOptions = NonNullable<ParseArgsConfig['options']>;

export interface BenchOptionsSpec<Extra extends ExtraOptions> {
  /** The usage text printed by --help and after a bad option. */
  usage: string;
  defaults?: { db?: string; cache?: string; runs?: number; warmUp?: number };
  extra?: Extra;
}

const DATABASES: Record<string, DatabaseKind[]> = {
  sqlite: ['sqlite'],
  postgres: ['postgres'],
  both: ['sqlite', 'postgres'],
};
const CACHES: Record<string, CacheMode[]> = { off: ['off'], on: ['on'], both: ['off', 'on'] };

function listOf<T>(value: string, table: Record<string, T[]>): T[] | undefined {
  const picked = value.split(',').map((part) => table[part.trim()]);
  if (picked.some((part) => part === undefined)) return undefined;
  return [...new Set(picked.flat() as T[])];
}

export function benchOptions<Extra extends ExtraOptions = Record<never, never>>(
  spec: BenchOptionsSpec<Extra>,
) {
  const defaults = spec.defaults ?? {};
  const { values } = parseArgs({
    options: {
      db: { type: 'string', default: defaults.db ?? 'both' },
      cache: { type: 'string', default: defaults.cache ?? 'both' },
      runs: { type: 'string', default: String(defaults.runs ?? 100) },
      'warm-up': { type: 'string', default: String(defaults.warmUp ?? 10) },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      ...spec.extra,
    },
    strict: true,
  });
  const dbs = listOf(String(values.db), DATABASES);
  const caches = listOf(String(values.cache), CACHES);
  const runs = Number(values.runs);
  const warmUp = Number(values['warm-up']);
  const problem = !dbs
    ? `--db takes sqlite, postgres or both, not ${values.db}`
    : !caches
      ? `--cache takes off, on or both, not ${values.cache}`
      : !Number.isSafeInteger(runs) || runs < 1
        ? `--runs must be a whole number of at least 1, not ${values.runs}`
        : !Number.isSafeInteger(warmUp) || warmUp < 0
          ? `--warm-up must be a whole number, not ${values['warm-up']}`
          : undefined;
  if (values.help || problem) {
    console.log(problem ? `${problem}\n\n${spec.usage}` : spec.usage);
    process.exit(problem ? 1 : 0);
  }
  return {
    dbs: dbs as DatabaseKind[],
    caches: caches as CacheMode[],
    runs,
    warmUp,
    check: Boolean(values.check),
    values: values as Record<string, string | boolean | undefined>,
  };
}

/** A whole number option of at least `least`, or exits with the usage. */
export function wholeNumber(
  values: Record<string, unknown>,
  name: string,
  least: number,
  usage: string,
): number {
  const value = Number(values[name]);
  if (!Number.isSafeInteger(value) || value < least) {
    console.log(`--${name} must be a whole number of at least ${least}, not ${values[name]}\n\n${usage}`);
    process.exit(1);
  }
  return value;
}

/** The response cache's size for a server under test: off is 0, on is the default 16 MB. */
export const cacheMb = (cache: CacheMode) => (cache === 'on' ? 16 : 0);
