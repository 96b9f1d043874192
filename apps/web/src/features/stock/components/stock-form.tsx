import { createStockBodySchema, updateStockBodySchema } from '@depot/contract';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { setServerErrors, withoutBlanks } from '@/lib/form';
import { currencySymbol } from '@/lib/format';

/** What the inputs hold: the text typed, sent as typed ("12.50"), which the API accepts. */
export interface StockFormValues {
  name: string;
  price: string;
  quantity: string;
  weight: string;
  /** Optional; blank is none (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md). */
  sku: string;
}

export const EMPTY_STOCK_FORM: StockFormValues = { name: '', price: '', quantity: '', weight: '', sku: '' };

type StockFormMode = 'add' | 'update';

const RESOLVERS = {
  add: schemaResolver(createStockBodySchema, { sync: true }),
  update: schemaResolver(updateStockBodySchema, { sync: true }),
};

interface StockFormProps {
  mode: StockFormMode;
  initialValues?: StockFormValues;
  submitting: boolean;
  /**
   * Called with valid values; resolves when the server accepted them (an add then clears the form),
   * rejects with the server's refusal, whose field errors the form then shows on its fields.
   */
  onSubmit: (values: StockFormValues) => Promise<unknown>;
}

/**
 * The Add Stock and Update Stock fields (docs/product/validation-and-messages.md#stock): all but
 * the SKU required when adding; when updating, a field left blank is not sent and keeps its stored
 * value (`withoutBlanks`), but a blank SKU takes it off. Rules are the contract's, so the form
 * refuses what the server would; a SKU another item has comes back from the server on its field.
 */
export function StockForm({ mode, initialValues = EMPTY_STOCK_FORM, submitting, onSubmit }: StockFormProps) {
  const adding = mode === 'add';
  const form = useForm<StockFormValues>({
    mode: 'uncontrolled',
    initialValues,
    // A blank field is not given: "Price is required" when adding, kept as stored when updating.
    validate: (values) => RESOLVERS[mode](withoutBlanks(values)),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await onSubmit(values);
      if (adding) form.reset();
    } catch (error) {
      setServerErrors(form, error);
    }
  });

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {adding
            ? 'All fields but SKU are required.'
            : 'Change the fields to update; a blank field keeps its value, a blank SKU takes it off.'}
        </Text>
        <TextInput
          label="Stock Name"
          autoComplete="off"
          required={adding}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label={`Stock Price (${currencySymbol()})`}
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required={adding}
          key={form.key('price')}
          {...form.getInputProps('price')}
        />
        <TextInput
          label="Stock Quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required={adding}
          key={form.key('quantity')}
          {...form.getInputProps('quantity')}
        />
        <TextInput
          label="Stock Weight (kg)"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required={adding}
          key={form.key('weight')}
          {...form.getInputProps('weight')}
        />
        <TextInput
          label="SKU"
          description="Optional: your own code for the item, unique among your stock"
          autoComplete="off"
          spellCheck={false}
          key={form.key('sku')}
          {...form.getInputProps('sku')}
        />
        <Button type="submit" loading={submitting} mt="xs" fullWidth>
          Submit
        </Button>
      </Stack>
    </form>
  );
}
