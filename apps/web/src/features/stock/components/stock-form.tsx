import { createStockBodySchema, type UpdateStockInput, updateStockBodySchema } from '@depot/contract';
import { Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

/** What the inputs hold: the text typed, sent as typed ("12.50"), which the API accepts. */
export interface StockFormValues {
  name: string;
  price: string;
  quantity: string;
  weight: string;
}

export const EMPTY_STOCK_FORM: StockFormValues = { name: '', price: '', quantity: '', weight: '' };

type StockFormMode = 'add' | 'update';

interface StockFormProps {
  mode: StockFormMode;
  initialValues?: StockFormValues;
  submitting: boolean;
  /** Called with valid values; resolves true when the server accepted them (an add then clears the form). */
  onSubmit: (values: StockFormValues) => Promise<boolean>;
}

/**
 * The Add Stock and Update Stock fields (SPEC §5): all four required when adding; when updating,
 * a field left blank is not sent and keeps its stored value. Rules are the contract's, so the
 * form refuses what the server would.
 */
export function StockForm({ mode, initialValues = EMPTY_STOCK_FORM, submitting, onSubmit }: StockFormProps) {
  const adding = mode === 'add';
  const form = useForm<StockFormValues>({
    mode: 'uncontrolled',
    initialValues,
    validate: (values) => validateStock(values, mode),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    const saved = await onSubmit(values);
    if (saved && adding) form.reset();
  });

  return (
    <form noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {adding
            ? 'All fields are required.'
            : 'Change the fields to update; a blank field keeps its value.'}
        </Text>
        <TextInput
          label="Stock Name"
          autoComplete="off"
          required={adding}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Stock Price ($)"
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
        <Button type="submit" loading={submitting} mt="xs" fullWidth>
          Submit
        </Button>
      </Stack>
    </form>
  );
}

/** The update body: every field as typed, minus blank ones, which keep their stored value. */
export function toStockBody(values: StockFormValues): UpdateStockInput {
  const body: UpdateStockInput = {};
  for (const field of ['name', 'price', 'quantity', 'weight'] as const) {
    if (values[field].trim() !== '') body[field] = values[field];
  }
  return body;
}

function validateStock(values: StockFormValues, mode: StockFormMode): Partial<Record<string, string>> {
  const schema = mode === 'add' ? createStockBodySchema : updateStockBodySchema;
  const result = schema.safeParse(toStockBody(values));
  if (result.success) return {};
  const errors: Partial<Record<string, string>> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return errors;
}
