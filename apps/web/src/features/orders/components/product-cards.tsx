import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { LabelledValue } from '@/components/labelled-value';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';
import type { ProductListProps } from './product-table';
import { QuantityInput } from './quantity-input';

/** The products as cards on a phone, each with a full-width quantity field. */
export function ProductCards({ products, quantityOf, onQuantityChange }: ProductListProps) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Products" style={{ listStyle: 'none' }}>
      {products.map((product) => (
        <Paper component="li" key={product.stock_id} withBorder p="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {product.stock_name}
          </Text>
          <SimpleGrid cols={3} spacing="xs" mt="xs">
            <LabelledValue label="Price" value={formatMoney(product.price)} />
            <LabelledValue label="Weight" value={formatWeight(product.weight)} />
            <LabelledValue label="Available" value={formatQuantity(product.quantity)} />
          </SimpleGrid>
          <QuantityInput
            product={product}
            quantity={quantityOf(product)}
            onChange={(quantity) => onQuantityChange(product, quantity)}
            showLabel
          />
        </Paper>
      ))}
    </Stack>
  );
}
