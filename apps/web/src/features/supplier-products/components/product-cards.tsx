import type { SupplierProduct } from '@depot/contract';
import { Button, Paper, SimpleGrid, Stack } from '@mantine/core';
import { CardHeading } from '@/components/card-heading';
import { LabelledValue } from '@/components/labelled-value';
import { formatMoney, formatQuantity, formatWeight } from '@/lib/format';

interface ProductCardsProps {
  products: readonly SupplierProduct[];
  onEdit: (product: SupplierProduct) => void;
}

/** The products table as a list of cards for phones, where six columns do not fit. */
export function ProductCards({ products, onEdit }: ProductCardsProps) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Products" style={{ listStyle: 'none' }}>
      {products.map((product) => (
        <Paper component="li" key={product.id} withBorder p="sm">
          <CardHeading title={product.name} caption={`ID ${product.id}`} />
          <SimpleGrid cols={3} spacing="xs" mt="xs">
            <LabelledValue label="Price" value={formatMoney(product.price)} numeric />
            <LabelledValue label="Weight (kg)" value={formatWeight(product.weight)} numeric />
            <LabelledValue label="Quantity" value={formatQuantity(product.quantity)} numeric />
          </SimpleGrid>
          <Button
            variant="light"
            size="xs"
            mt="sm"
            fullWidth
            aria-label={`Edit ${product.name}`}
            onClick={() => onEdit(product)}
          >
            Edit
          </Button>
        </Paper>
      ))}
    </Stack>
  );
}
