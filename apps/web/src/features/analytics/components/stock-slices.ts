import type { InventoryReport } from '@depot/contract';

export interface StockSlice {
  label: string;
  quantity: number;
  needsReplenishment: boolean;
}

/** More slices than this and a pie stops being readable. */
export const MAX_PIE_SLICES = 15;
export const OTHER_ITEMS_LABEL = 'Other items';

/**
 * The pie's slices: every item at or under the reorder level on its own (they are the point of the
 * chart), then the largest of the rest, and whatever does not fit summed as 'Other items'.
 */
export function stockSlices({
  products,
  quantities,
  reorder_level,
}: InventoryReport['stock_levels']): StockSlice[] {
  const items = products.map((label, index) => {
    const quantity = quantities[index] ?? 0;
    return { label, quantity, needsReplenishment: quantity <= reorder_level };
  });
  const low = items.filter((item) => item.needsReplenishment).sort((a, b) => a.quantity - b.quantity);
  const healthy = items.filter((item) => !item.needsReplenishment).sort((a, b) => b.quantity - a.quantity);
  const room = Math.max(MAX_PIE_SLICES - low.length - 1, 0);
  if (healthy.length <= room + 1) return [...low, ...healthy];
  const rest = healthy.slice(room).reduce((sum, item) => sum + item.quantity, 0);
  return [
    ...low,
    ...healthy.slice(0, room),
    { label: OTHER_ITEMS_LABEL, quantity: rest, needsReplenishment: false },
  ];
}
