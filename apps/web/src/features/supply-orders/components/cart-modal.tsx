import { SUPPLY_ORDER_MESSAGES, WHOLE_STRING } from '@depot/contract';
import { Button, Group, Modal, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
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
  const items = { items: cart.items, onRemove, onQuantity: cart.setQuantity };
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
  onQuantity: (productId: number, quantity: number) => void;
}

/**
 * A line's quantity, changed in place (docs/product/screens.md#cart): a whole number from 1 to what
 * the supplier had; the cart takes each valid value as it is typed (or stepped with the arrow keys),
 * and text outside the bounds is marked and left out until it is put right.
 */
function CartQuantityInput({
  item,
  onQuantity,
}: {
  item: CartItem;
  onQuantity: (productId: number, quantity: number) => void;
}) {
  const [text, setText] = useState(String(item.quantity));
  const typed = text.trim();
  const value = WHOLE_STRING.test(typed) ? Number(typed) : Number.NaN;
  const valid = value >= 1 && value <= item.available;
  return (
    <TextInput
      aria-label={`Quantity of ${item.product_name}`}
      type="number"
      inputMode="numeric"
      min={1}
      max={item.available}
      step={1}
      size="xs"
      w={96}
      value={text}
      error={valid ? undefined : SUPPLY_ORDER_MESSAGES.invalidQuantity}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        const quantity = WHOLE_STRING.test(next.trim()) ? Number(next) : Number.NaN;
        if (quantity >= 1 && quantity <= item.available) onQuantity(item.product_id, quantity);
      }}
      // Leaving a field that is out of bounds puts back the quantity the cart holds.
      onBlur={() => {
        if (!valid) setText(String(item.quantity));
      }}
    />
  );
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

function CartTable({ items, onRemove, onQuantity }: CartItemsProps) {
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
              <Table.Td ta="right">
                <Group justify="flex-end">
                  <CartQuantityInput item={item} onQuantity={onQuantity} />
                </Group>
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
function CartList({ items, onRemove, onQuantity }: CartItemsProps) {
  return (
    <Stack component="ul" gap="xs" p={0} m={0} aria-label="Cart items" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.product_id} withBorder p="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.product_name}
          </Text>
          <Group justify="space-between" align="center" gap="xs" mt={4} wrap="nowrap">
            <CartQuantityInput item={item} onQuantity={onQuantity} />
            <Text size="sm" style={numeric}>
              × {formatMoney(item.price)} = {formatMoney(lineCostCents(item) / 100)}
            </Text>
            <RemoveButton item={item} onRemove={onRemove} />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
