import { PATHS } from '@depot/contract';
import { useEffect, useRef } from 'react';
import type { AlertMessage } from '@/hooks/use-timed-alert';

export const LOW_STOCK_TITLE = 'Low Stocks Level';
/**
 * docs/product/screens.md#low-stock-warning: a manager with this many stock items or fewer is
 * warned.
 */
export const LOW_STOCK_MAX_ITEMS = 5;
export const LOW_STOCK_CHECK_MS = 5000;

/**
 * docs/product/screens.md#low-stock-warning: while the page is open, every 5 seconds, a manager
 * with 5 or fewer stock items sees the 'Low Stocks Level' danger alert. `itemCount` is undefined
 * until the list has loaded.
 */
export function useLowStockWarning(itemCount: number | undefined, show: (alert: AlertMessage) => void) {
  const count = useRef(itemCount);
  useEffect(() => {
    count.current = itemCount;
  }, [itemCount]);

  useEffect(() => {
    const timer = setInterval(() => {
      const items = count.current;
      if (items === undefined || items > LOW_STOCK_MAX_ITEMS) return;
      show({
        tone: 'danger',
        title: LOW_STOCK_TITLE,
        message: lowStockMessage(items),
        link: { label: 'Reorder Suggestions', to: PATHS.reorderSuggestions },
      });
    }, LOW_STOCK_CHECK_MS);
    return () => clearInterval(timer);
  }, [show]);
}

function lowStockMessage(items: number): string {
  const counted = items === 1 ? '1 stock item' : `${items} stock items`;
  return `You have ${counted}; add stock to keep more than ${LOW_STOCK_MAX_ITEMS}.`;
}
