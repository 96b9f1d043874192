import { describe, expect, it } from 'vitest';
import { MAX_PIE_SLICES, OTHER_ITEMS_LABEL, stockSlices } from './stock-slices';

describe('stock pie slices', () => {
  it('flags items at or under the reorder level and lists them first, lowest first', () => {
    expect(
      stockSlices({ products: ['Bolts', 'Nuts', 'Hinges'], quantities: [40, 10, 3], reorder_level: 10 }),
    ).toEqual([
      { label: 'Hinges', quantity: 3, needsReplenishment: true },
      { label: 'Nuts', quantity: 10, needsReplenishment: true },
      { label: 'Bolts', quantity: 40, needsReplenishment: false },
    ]);
  });

  it('sums the smallest healthy items into Other items past the slice limit', () => {
    const products = Array.from({ length: 30 }, (_, index) => `Item ${index}`);
    const quantities = products.map((_, index) => 100 + index);
    quantities[0] = 2;
    const slices = stockSlices({ products, quantities, reorder_level: 10 });
    expect(slices).toHaveLength(MAX_PIE_SLICES);
    expect(slices[0]).toEqual({ label: 'Item 0', quantity: 2, needsReplenishment: true });
    expect(slices[1]?.label).toBe('Item 29');
    expect(slices.at(-1)?.label).toBe(OTHER_ITEMS_LABEL);
    expect(slices.reduce((sum, slice) => sum + slice.quantity, 0)).toBe(
      quantities.reduce((sum, quantity) => sum + quantity, 0),
    );
  });
});
