import { type ReorderRule, reorderRuleBodySchema } from '@depot/contract';
import { Alert, Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { LoadingSpinner, QueryError } from '@/components/query-states';
import { errorMessageOf } from '@/lib/api-client';
import { setServerErrors, withoutBlanks } from '@/lib/form';
import { formatMoney, formatQuantity } from '@/lib/format';
import { useProductSearch, useReorderRule, useSaveRule } from '../api/reorder';

interface RuleFormValues {
  reorder_level: string;
  order_quantity: string;
  order_up_to: string;
  supplier_product_id: string;
}

const resolver = schemaResolver(reorderRuleBodySchema, { sync: true });

const textOf = (value: number | null) => (value === null ? '' : String(value));

/**
 * A stock item's reorder rule (docs/product/screens.md#reorder-rule-dialog): the level, an order
 * quantity or an order-up-to level, the supplier product it is ordered as, and beside the level the
 * one its demand suggests.
 */
export function ReorderRuleDialog({
  stockId,
  onClose,
  onSaved,
}: {
  stockId: number | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const rule = useReorderRule(stockId);
  return (
    <Modal opened={stockId !== null} onClose={onClose} title="Reorder rule" centered size="lg">
      {rule.isPending ? (
        <LoadingSpinner label="Loading reorder rule" />
      ) : rule.isError ? (
        <QueryError
          title="Could not load the reorder rule"
          error={rule.error}
          onRetry={() => rule.refetch()}
        />
      ) : (
        <RuleForm key={rule.data.stock_id} rule={rule.data} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

function RuleForm({
  rule,
  onClose,
  onSaved,
}: {
  rule: ReorderRule;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const save = useSaveRule();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [search, setSearch] = useState(rule.supplier_product_name ?? '');
  const [debounced] = useDebouncedValue(search, 250);
  const products = useProductSearch(debounced);
  const form = useForm<RuleFormValues>({
    mode: 'controlled',
    initialValues: {
      reorder_level: textOf(rule.reorder_level),
      order_quantity: textOf(rule.order_quantity),
      order_up_to: textOf(rule.order_up_to),
      supplier_product_id: textOf(rule.supplier_product_id),
    },
    validate: (values) => resolver(withoutBlanks(values)),
  });
  const options = (products.data ?? []).map((product) => ({
    value: String(product.id),
    label: `${product.name} — ${formatMoney(product.price)}, ${formatQuantity(product.quantity)} available`,
  }));
  const current = rule.supplier_product_id;
  if (current !== null && !options.some((option) => option.value === String(current))) {
    options.unshift({
      value: String(current),
      label: `${rule.supplier_product_name ?? ''} (${rule.supplier_name ?? ''})`,
    });
  }

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      // Blank fields are left out; the resolver above has checked the level is there.
      const body = { ...withoutBlanks(values), reorder_level: values.reorder_level };
      const { message } = await save.mutateAsync({ stockId: rule.stock_id, body });
      onSaved(message);
      onClose();
    } catch (error) {
      setServerErrors(form, error);
      setRefusal(errorMessageOf(error));
    }
  });

  const remove = async () => {
    setRefusal(null);
    try {
      const { message } = await save.mutateAsync({ stockId: rule.stock_id, body: null });
      onSaved(message);
      onClose();
    } catch (error) {
      setRefusal(errorMessageOf(error));
    }
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <Text fw={600}>{rule.stock_name}</Text>
        <Text size="sm" c="dimmed">
          In stock: {formatQuantity(rule.quantity)}. Selling {rule.average_daily_units} a day over the last 30
          days
          {rule.lead_time_days === null ? '' : `; the supplier takes ${rule.lead_time_days} days to deliver`}.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Reorder level"
            inputMode="numeric"
            required
            style={{ flex: '1 1 10rem' }}
            {...form.getInputProps('reorder_level')}
          />
          <Text size="sm" pb={8} data-testid="suggested-level">
            {rule.suggested_level === null
              ? 'Suggested: none yet (no delivery measured)'
              : `Suggested: ${formatQuantity(rule.suggested_level)}`}
          </Text>
          {rule.suggested_level !== null && (
            <Button
              variant="subtle"
              size="xs"
              mb={4}
              onClick={() => form.setFieldValue('reorder_level', String(rule.suggested_level))}
            >
              Use suggested
            </Button>
          )}
        </Group>
        <Group grow align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Order quantity"
            inputMode="numeric"
            description="Units to order each time"
            style={{ minWidth: '10rem' }}
            {...form.getInputProps('order_quantity')}
          />
          <TextInput
            label="Order-up-to level"
            inputMode="numeric"
            description="Or order enough to reach this"
            style={{ minWidth: '10rem' }}
            {...form.getInputProps('order_up_to')}
          />
        </Group>
        <Select
          label="Preferred supplier product"
          placeholder="Search the catalogue by name"
          searchable
          clearable
          data={options}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={products.isFetching ? 'Searching…' : 'No products match'}
          filter={({ options: all }) => all}
          {...form.getInputProps('supplier_product_id')}
        />
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group justify="space-between" mt="sm">
          <Button
            variant="subtle"
            color="red"
            onClick={remove}
            disabled={rule.reorder_level === null || save.isPending}
          >
            Remove rule
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save rule
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
