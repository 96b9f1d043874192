import type { StockItem } from '@depot/contract';
import { Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { LabelledValue } from '@/components/labelled-value';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import { updateStockPath } from './stock-table';

interface StockCardsProps {
  items: readonly StockItem[];
  onDelete: (item: StockItem) => void;
}

/** The stock table as a list of cards for phones, where six columns do not fit. */
export function StockCards({ items, onDelete }: StockCardsProps) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Stock items" style={{ listStyle: 'none' }}>
      {items.map((item) => (
        <Paper component="li" key={item.stock_id} withBorder p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {item.stock_name}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Stock Id {item.stock_id}
            </Text>
          </Group>
          <SimpleGrid cols={3} spacing="xs" mt="xs">
            <LabelledValue label="Price" value={formatMoney(item.price)} />
            <LabelledValue label="Quantity" value={formatQuantity(item.quantity)} />
            <LabelledValue label="Weight" value={formatWeight(item.weight)} />
          </SimpleGrid>
          <Group gap="xs" mt="sm" grow>
            <Button
              component={Link}
              to={updateStockPath(item.stock_id)}
              variant="light"
              size="xs"
              aria-label={`Edit ${item.stock_name}`}
            >
              Edit
            </Button>
            <Button
              variant="light"
              color="red"
              size="xs"
              aria-label={`Delete ${item.stock_name}`}
              onClick={() => onDelete(item)}
            >
              Delete
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
