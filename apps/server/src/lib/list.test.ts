import { describe, expect, it } from 'vitest';
import { listWithTotal } from './list';

/** A list of `size` numbers, paged, counting how often it was counted. */
function listOf(size: number) {
  const all = Array.from({ length: size }, (_, index) => index);
  const counted = { times: 0 };
  return {
    counted,
    list: async (page: { limit: number; offset: number }) => all.slice(page.offset, page.offset + page.limit),
    count: async () => {
      counted.times += 1;
      return size;
    },
  };
}

describe('listWithTotal', () => {
  it.each([
    { size: 5, limit: 10, offset: 0, items: 5, counts: 0 },
    { size: 0, limit: 10, offset: 0, items: 0, counts: 0 },
    { size: 25, limit: 10, offset: 20, items: 5, counts: 0 },
    { size: 20, limit: 10, offset: 10, items: 10, counts: 1 },
    { size: 25, limit: 10, offset: 30, items: 0, counts: 1 },
  ])('size $size, limit $limit, offset $offset: total right, $counts count query', async (row) => {
    const source = listOf(row.size);
    const { items, total } = await listWithTotal(
      { limit: row.limit, offset: row.offset },
      source.list,
      source.count,
    );
    expect(items).toHaveLength(row.items);
    expect(total).toBe(row.size);
    expect(source.counted.times).toBe(row.counts);
  });
});
