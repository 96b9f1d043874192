import {
  createSupplierProductBodySchema,
  SUPPLIER_PRODUCT_MESSAGES,
  type SupplierProduct,
  updateSupplierProductBodySchema,
} from '@depot/contract';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { setServerErrors, withoutBlanks } from '@/lib/form';
import { useStoredUser } from '@/lib/stored-user';
import { toast } from '@/lib/toast';
import { useCreateSupplierProduct } from '../api/create-supplier-product';
import { useUpdateSupplierProduct } from '../api/update-supplier-product';

/** What the inputs hold: the text typed, sent as typed ("12.50"), which the API accepts. */
interface ProductFormValues {
  name: string;
  price: string;
  weight: string;
  quantity: string;
  /** Optional; blank is none (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md). */
  sku: string;
}

const RESOLVERS = {
  add: schemaResolver(createSupplierProductBodySchema, { sync: true }),
  // The update schema has no name: the disabled Name field is not checked.
  edit: schemaResolver(updateSupplierProductBodySchema, { sync: true }),
};

interface ProductDialogProps {
  opened: boolean;
  /** The product being edited; null opens the dialog to add one. */
  product: SupplierProduct | null;
  onClose: () => void;
}

export function ProductDialog({ opened, product, onClose }: ProductDialogProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={product ? 'Edit Product' : 'Add Product'} centered>
      <ProductForm key={product?.id ?? 'new'} product={product} onDone={onClose} />
    </Modal>
  );
}

/**
 * Add Product (docs/product/screens.md#supplier-products,
 * docs/product/validation-and-messages.md#supplier-products): name, price, weight and quantity, all
 * required; price and weight from 0 in steps of 0.01, quantity from 0. Editing changes price,
 * weight and quantity only. The rules are the contract's, so the form refuses what the server
 * would.
 */
function ProductForm({ product, onDone }: { product: SupplierProduct | null; onDone: () => void }) {
  const user = useStoredUser();
  const editing = product !== null;
  const form = useForm<ProductFormValues>({
    mode: 'uncontrolled',
    initialValues: {
      name: product?.name ?? '',
      price: product ? String(product.price) : '',
      weight: product ? String(product.weight) : '',
      quantity: product ? String(product.quantity) : '',
      sku: product?.sku ?? '',
    },
    // Blank fields read as missing, so the schema says "Price is required" rather than "must be a
    // number".
    validate: (values) => (editing ? RESOLVERS.edit : RESOLVERS.add)(withoutBlanks(values)),
  });

  const createProduct = useCreateSupplierProduct();
  const updateProduct = useUpdateSupplierProduct();
  const pending = createProduct.isPending || updateProduct.isPending;

  // The query client toasts the server's message; the fields the server named are marked too.
  const markFields = (error: Error) => setServerErrors(form, error);

  const submit = form.onSubmit((values) => {
    if (product) {
      updateProduct.mutate(
        { id: product.id, body: withoutName(values, product) },
        {
          onSuccess: ({ message }) => {
            toast.success(message);
            onDone();
          },
          onError: markFields,
        },
      );
    } else {
      createProduct.mutate(
        { ...values, sku: values.sku.trim() || null, supplier_id: user?.id },
        {
          onSuccess: () => {
            toast.success(SUPPLIER_PRODUCT_MESSAGES.added);
            onDone();
          },
          onError: markFields,
        },
      );
    }
  });

  const required = !editing;
  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          autoComplete="off"
          required={required}
          disabled={editing}
          description={editing ? 'The name of a product does not change.' : undefined}
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Price"
          description="In dollars"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required={required}
          key={form.key('price')}
          {...form.getInputProps('price')}
        />
        <TextInput
          label="Weight"
          description="In kg"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          required={required}
          key={form.key('weight')}
          {...form.getInputProps('weight')}
        />
        <TextInput
          label="Quantity"
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          required={required}
          key={form.key('quantity')}
          {...form.getInputProps('quantity')}
        />
        <TextInput
          label="SKU"
          description="Optional: your own code for the product, unique in your catalogue"
          autoComplete="off"
          spellCheck={false}
          key={form.key('sku')}
          {...form.getInputProps('sku')}
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onDone} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Price, weight and quantity as typed, the SKU when changed (blank: none); the name is not editable. */
function withoutName(values: ProductFormValues, product: SupplierProduct) {
  const { price, weight, quantity } = withoutBlanks(values);
  const sku = values.sku.trim() || null;
  return { price, weight, quantity, ...(sku === (product.sku ?? null) ? {} : { sku }) };
}
