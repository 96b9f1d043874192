import type { Supplier } from '@depot/contract';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { MISSING_VALUE } from './supplier-table';

interface SupplierCardsProps {
  suppliers: readonly Supplier[];
  onEdit: (supplier: Supplier) => void;
  onDelete: (supplier: Supplier) => void;
}

/** The suppliers table as a list of cards for phones, where six columns do not fit. */
export function SupplierCards({ suppliers, onEdit, onDelete }: SupplierCardsProps) {
  return (
    <Stack component="ul" gap="sm" p={0} m={0} aria-label="Suppliers" style={{ listStyle: 'none' }}>
      {suppliers.map((supplier) => (
        <Paper component="li" key={supplier.id} withBorder p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {supplier.name}
            </Text>
            <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              Supplier ID {supplier.id}
            </Text>
          </Group>
          <Stack gap={6} mt="xs">
            <Field label="Email" value={supplier.email} />
            <Field label="Phone Number" value={supplier.phone_number ?? MISSING_VALUE} />
            <Field label="Address" value={supplier.address ?? MISSING_VALUE} />
          </Stack>
          <Group gap="xs" mt="sm" grow>
            <Button
              variant="light"
              size="xs"
              aria-label={`Edit ${supplier.name}`}
              onClick={() => onEdit(supplier)}
            >
              Edit
            </Button>
            <Button
              variant="light"
              color="red"
              size="xs"
              aria-label={`Delete ${supplier.name}`}
              onClick={() => onDelete(supplier)}
            >
              Delete
            </Button>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}
