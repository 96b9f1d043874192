import { describe, expect, it } from 'vitest';
import { listWithTotal, type Page } from './list';

/** A list of `size` numbers, paged as the databases page it, counting its count and rows skipped. */
function listOf(size: number) {
  const all = Array.from({ length: size }, (_, index) => index);
  const asked = { counts: 0, skipped: 0 };
  return {
    all,
    asked,
    list: async (page: Page) => {
      asked.skipped += page.offset;
      const from = page.fromEnd ? [...all].reverse() : all;
      const rows = from.slice(page.offset, page.offset + page.limit);
      return page.fromEnd ? rows.reverse() : rows;
    },
    count: async () => {
      asked.counts += 1;
      return size;
    },
  };
}

describe('listWithTotal', () => {
  it.each([
    { size: 5, limit: 10, offset: 0, counts: 0, skipped: 0 },
    { size: 0, limit: 10, offset: 0, counts: 0, skipped: 0 },
    { size: 30, limit: 10, offset: 0, counts: 1, skipped: 0 },
    { size: 25, limit: 10, offset: 10, counts: 1, skipped: 5 },
    { size: 25, limit: 10, offset: 20, counts: 1, skipped: 0 },
    { size: 100, limit: 10, offset: 80, counts: 1, skipped: 10 },
    { size: 100, limit: 10, offset: 40, counts: 1, skipped: 40 },
    { size: 100, limit: 10, offset: 50, counts: 1, skipped: 40 },
    { size: 25, limit: 10, offset: 30, counts: 1, skipped: 0 },
  ])('size $size, limit $limit, offset $offset: the right rows and total, $skipped skipped', async (row) => {
    const source = listOf(row.size);
    const { items, total } = await listWithTotal(
      { limit: row.limit, offset: row.offset },
      source.list,
      source.count,
      [],
    );
    expect(items).toEqual(source.all.slice(row.offset, row.offset + row.limit));
    expect(total).toBe(row.size);
    expect(source.asked).toEqual({ counts: row.counts, skipped: row.skipped });
  });
});
