import { Button, Group, Paper, Text } from '@mantine/core';
import { formatMoney, formatQuantity } from '@/lib/format';
import type { Cart } from './use-cart';

/**
 * The cart's summary, sticky at the bottom of the window: always in reach while adding products,
 * and away from the top-right corner where the cart's toasts appear.
 */
export function CartBar({ cart, onOpen }: { cart: Cart; onOpen: () => void }) {
  return (
    <Paper
      withBorder
      shadow="sm"
      p="sm"
      pos="sticky"
      bottom="var(--mantine-spacing-md)"
      style={{ zIndex: 2 }}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap">
        <Text fw={600} aria-live="polite">
          Cart: {formatQuantity(cart.items.length)} {cart.items.length === 1 ? 'product' : 'products'},{' '}
          {formatMoney(cart.totals.cost)}
        </Text>
        <Button onClick={onOpen} style={{ flexShrink: 0 }}>
          View Cart ({cart.items.length})
        </Button>
      </Group>
    </Paper>
  );
}
