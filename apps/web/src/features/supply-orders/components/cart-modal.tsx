import { SUPPLY_ORDER_MESSAGES } from '@depot/contract';
import { Button, Group, Modal, Paper, Stack, Table, Text } from '@mantine/core';
import { useIsPhone } from '@/hooks/use-is-phone';
import { formatMoney, formatQuantity } from '@/lib/format';
import { type Cart, type CartItem, lineCostCents } from './use-cart';

interface CartModalProps {
  opened: boolean;
  cart: Cart;
  supplierName: string | undefined;
  placing: boolean;
  onClose: () => void;
  onRemove: (productId: number) => void;
  onPlaceOrder: () => void;
}

/**
 * The replenishment cart (docs/product/screens.md#cart): its items with Remove, the totals, and
 * 'Place Order'.
 */
export function CartModal({
  opened,
  cart,
  supplierName,
  placing,
  onClose,
  onRemove,
  onPlaceOrder,
}: CartModalProps) {
  const isPhone = useIsPhone();
  const items = { items: cart.items, onRemove };
  return (
    <Modal opened={opened} onClose={onClose} title="Cart" size="lg" centered fullScreen={isPhone}>
      <Stack gap="md">
        {supplierName && (
          <Text size="sm" c="dimmed">
            Ordering from {supplierName}
          </Text>
        )}
        {cart.items.length === 0 ? (
          <Paper withBorder p="lg" ta="center">
            <Text>{SUPPLY_ORDER_MESSAGES.emptyCart}</Text>
          </Paper>
        ) : isPhone ? (
          <CartList {...items} />
        ) : (
          <CartTable {...items} />
        )}
        <Group justify="space-between" align="center" gap="sm">
          <Text fw={600}>
            Total: {formatQuantity(cart.totals.quantity)} items, {formatMoney(cart.totals.cost)}
          </Text>
          <Group gap="sm" justify="flex-end" style={{ flexGrow: isPhone ? 1 : 0 }}>
            <Button variant="default" onClick={onClose} disabled={placing}>
              Close
            </Button>
            <Button onClick={onPlaceOrder} loading={placing}>
              Place Order
            </Button>
          </Group>
        </Group>
      </Stack>
    </Modal>
  );
}

interface CartItemsProps {
  items: readonly CartItem[];
  onRemove: (productId: number) => void;
}

function RemoveButton({ item, onRemove }: { item: CartItem; onRemove: (productId: number) => void }) {
  return (
    <Button
      variant="subtle"
      color="red"
      size="xs"
      aria-label={`Remove ${item.product_name}`}
      onClick={() => onRemove(item.product_id)}
    >
      Remove
    </Button>
  );
}

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;

function CartTable({ items, onRemove }: CartItemsProps) {
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Cost</Table.Th>
            <Table.Th ta="right">Action</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.product_id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.product_name}</Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatMoney(item.price)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatQuantity(item.quantity)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatMoney(lineCostCents(item) / 100)}
              </Table.Td>
              <Table.Td ta="right">
                <RemoveButton item={item} onRemove={onRemove} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** On a phone each item takes the whole width, so long names stay readable. */
function CartList({ items, onRemove }: CartItemsProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Cart items" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.product_id} withBorder p="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.product_name}
          </Text>
          <Group justify="space-between" align="center" gap="xs" mt={4} wrap="nowrap">
            <Text size="sm" style={numeric}>
              {formatQuantity(item.quantity)} × {formatMoney(item.price)} ={' '}
              {formatMoney(lineCostCents(item) / 100)}
            </Text>
            <RemoveButton item={item} onRemove={onRemove} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
