import { describe, expect, it } from 'vitest';
import { matchesSearch, sortRows, toggleSort } from './sort-rows';

type Row = { id: number; name: string; phone: string | null };
const rows: Row[] = [
  { id: 10, name: 'item 10', phone: null },
  { id: 2, name: 'Item 2', phone: '555' },
  { id: 1, name: 'apple', phone: '111' },
];
const cell = (row: Row, key: keyof Row) => row[key];

describe('sortRows', () => {
  it('orders numbers by value and text naturally, ignoring case', () => {
    expect(sortRows(rows, { key: 'id', direction: 'asc' }, cell).map((row) => row.id)).toEqual([1, 2, 10]);
    expect(sortRows(rows, { key: 'name', direction: 'desc' }, cell).map((row) => row.name)).toEqual([
      'item 10',
      'Item 2',
      'apple',
    ]);
  });

  it('keeps empty values last in both directions and leaves the input alone', () => {
    expect(sortRows(rows, { key: 'phone', direction: 'asc' }, cell).map((row) => row.id)).toEqual([1, 2, 10]);
    expect(sortRows(rows, { key: 'phone', direction: 'desc' }, cell).map((row) => row.id)).toEqual([
      2, 1, 10,
    ]);
    expect(rows.map((row) => row.id)).toEqual([10, 2, 1]);
  });
});

describe('toggleSort', () => {
  it('flips the same column and starts another ascending', () => {
    expect(toggleSort({ key: 'id', direction: 'asc' }, 'id')).toEqual({ key: 'id', direction: 'desc' });
    expect(toggleSort({ key: 'id', direction: 'desc' }, 'id')).toEqual({ key: 'id', direction: 'asc' });
    expect(toggleSort({ key: 'id', direction: 'desc' }, 'name')).toEqual({ key: 'name', direction: 'asc' });
  });
});

describe('matchesSearch', () => {
  it('matches any field, case-insensitively; a blank query matches everything', () => {
    expect(matchesSearch('BOLT', 'Hex bolts', null)).toBe(true);
    expect(matchesSearch('nuts', 'Hex bolts', undefined)).toBe(false);
    expect(matchesSearch('  ', 'anything')).toBe(true);
  });
});
