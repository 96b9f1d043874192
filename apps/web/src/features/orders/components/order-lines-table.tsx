import { Group, Stack, Table, Text } from '@mantine/core';
import { useIsPhone } from '@/hooks/use-is-phone';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import type { DraftItem } from '../order-draft';

const numeric = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
const lineTotal = (item: DraftItem) => (Math.round(item.price * 100) * item.quantity) / 100;

/**
 * The draft's lines with each line's total (docs/product/screens.md#order-preview); a list on
 * phones.
 */
export function OrderLinesTable({ items }: { items: readonly DraftItem[] }) {
  const isPhone = useIsPhone();
  if (isPhone) {
    return (
      <Stack component="ul" gap="xs" p={0} m={0} aria-label="Items" style={{ listStyle: 'none' }}>
        {items.map((item) => (
          <Group component="li" key={item.stock_id} justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {item.product_name}
              </Text>
              <Text size="sm" c="dimmed">
                {formatQuantity(item.quantity)} × {formatMoney(item.price)}, {formatWeight(item.weight)} each
              </Text>
            </div>
            <Text style={numeric}>{formatMoney(lineTotal(item))}</Text>
          </Group>
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={480} type="native">
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Product</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Weight</Table.Th>
            <Table.Th ta="right">Total</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item) => (
            <Table.Tr key={item.stock_id}>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.product_name}</Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatMoney(item.price)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatQuantity(item.quantity)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatWeight(item.weight)}
              </Table.Td>
              <Table.Td ta="right" style={numeric}>
                {formatMoney(lineTotal(item))}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
