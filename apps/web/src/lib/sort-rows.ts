export type SortDirection = 'asc' | 'desc';

export interface SortState<Key extends string> {
  key: Key;
  direction: SortDirection;
}

type Sortable = string | number | null | undefined;

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** A sorted copy: numbers by value, text in natural order ignoring case; empty values always last. */
export function sortRows<Row, Key extends string>(
  rows: readonly Row[],
  { key, direction }: SortState<Key>,
  cellValue: (row: Row, key: Key) => Sortable,
): Row[] {
  const sign = direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const left = cellValue(a, key);
    const right = cellValue(b, key);
    if (left == null || left === '') return right == null || right === '' ? 0 : 1;
    if (right == null || right === '') return -1;
    if (typeof left === 'number' && typeof right === 'number') return sign * (left - right);
    return sign * collator.compare(String(left), String(right));
  });
}

/** The next sort after a header click: the same column flips, another column starts ascending. */
export function toggleSort<Key extends string>(current: SortState<Key>, key: Key): SortState<Key> {
  if (current.key !== key) return { key, direction: 'asc' };
  return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

/** Case-insensitive "contains" over the given fields; a blank query keeps every row. */
export function matchesSearch(query: string, ...fields: (string | null | undefined)[]): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  return fields.some((field) => field?.toLocaleLowerCase().includes(needle));
}
