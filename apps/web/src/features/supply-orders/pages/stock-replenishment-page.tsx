import {
  addedToCartMessage,
  type CreateSupplyOrderInput,
  createSupplyOrderBodySchema,
  SUPPLY_ORDER_MESSAGES,
  type SupplierProduct,
  WHOLE_STRING,
} from '@depot/contract';
import { Paper, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { type FormErrors, schemaResolver, useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useEffect, useMemo, useState } from 'react';
import { DataList } from '@/components/data-list/data-list';
import { PageTitle } from '@/components/page-title';
import { markedInputProps, setServerErrors } from '@/lib/form';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { useStoredUser } from '@/lib/stored-user';
import { toast } from '@/lib/toast';
import { useLastSupplyContact } from '../api/last-contact';
import { useOrderableProductList, useSupplierOptions } from '../api/list-order-sources';
import { usePlaceSupplyOrder } from '../api/place-supply-order';
import { CartBar } from '../components/cart-bar';
import { CartModal } from '../components/cart-modal';
import { orderableProductColumns, useQuantities } from '../components/orderable-products';
import { useCart } from '../components/use-cart';

export const CHOOSE_SUPPLIER_TEXT = 'Choose a supplier to see their products.';

/** Where the supplier delivers and how to reach the manager: the form part of the order. */
interface ContactValues {
  address: string;
  mobile_number: string;
}

const resolveOrder = schemaResolver(createSupplyOrderBodySchema, { sync: true });

/**
 * The one message the cart's toast shows for a refused order
 * (docs/product/validation-and-messages.md#replenishment,
 * docs/product/validation-and-messages.md#how-messages-reach-the-user): the contact fields' first,
 * then the cart's, then whatever else the schema said.
 */
const MESSAGE_ORDER = ['address', 'mobile_number', 'items', 'supplier_id'];
function firstMessage(errors: FormErrors): string {
  const key = MESSAGE_ORDER.find((field) => errors[field]) ?? Object.keys(errors)[0] ?? '';
  return String(errors[key] ?? '');
}

/**
 * Stock Replenishment (docs/product/screens.md#stock-replenishment, docs/product/screens.md#cart,
 * docs/product/validation-and-messages.md#replenishment,
 * docs/product/validation-and-messages.md#how-messages-reach-the-user): the manager's address and
 * mobile number, a supplier, that supplier's products to add to a cart, and the cart that places
 * the order.
 */
export default function StockReplenishmentPage() {
  const user = useStoredUser();
  const suppliers = useSupplierOptions();
  const [supplierId, setSupplierId] = useState<number | undefined>(undefined);
  const products = useOrderableProductList(supplierId);
  const quantities = useQuantities();
  const cart = useCart();
  const [cartOpened, cartModal] = useDisclosure(false);
  const placeOrder = usePlaceSupplyOrder();

  const supplierOptions = useMemo(
    () => (suppliers.data ?? []).map((supplier) => ({ value: String(supplier.id), label: supplier.name })),
    [suppliers.data],
  );
  const supplierName = suppliers.data?.find((supplier) => supplier.id === supplierId)?.name;

  const chooseSupplier = (value: string | null) => {
    const next = value ? Number(value) : undefined;
    if (next === supplierId) return;
    // docs/product/screens.md#cart: a cart holds one supplier's products, so another supplier
    // starts an empty one.
    cart.clear();
    quantities.clear();
    setSupplierId(next);
    products.setPage(1);
  };

  const addToCart = (product: SupplierProduct, typed: string) => {
    const quantity = WHOLE_STRING.test(typed.trim()) ? Number(typed) : Number.NaN;
    if (!(quantity > 0 && quantity <= product.quantity)) {
      toast.error(SUPPLY_ORDER_MESSAGES.invalidQuantity);
      return;
    }
    if (cart.contains(product.id)) return;
    cart.add(product, quantity);
    toast.success(addedToCartMessage(quantity, product.name));
  };

  const removeFromCart = (productId: number) => {
    cart.remove(productId);
    toast.info(SUPPLY_ORDER_MESSAGES.removedFromCart);
  };

  const orderBodyOf = (contact: ContactValues): CreateSupplyOrderInput => ({
    inventory_manager_id: user?.id,
    supplier_id: supplierId ?? 0,
    ...contact,
    items: cart.items.map(({ product_id, product_name, quantity, weight, price }) => ({
      product_id,
      product_name,
      quantity,
      weight,
      price,
    })),
  });
  // The order is checked whole by the contract's schema: the contact fields, the supplier and the
  // cart.
  const form = useForm<ContactValues>({
    initialValues: { address: '', mobile_number: '' },
    validate: (values) => resolveOrder(orderBodyOf(values)),
  });
  // The warehouse address and mobile of the last supply order fill the fields while they are still
  // empty (docs/product/screens.md#stock-replenishment); whatever the manager types stays.
  const lastContact = useLastSupplyContact();
  const remembered = lastContact.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the last order arrives
  useEffect(() => {
    if (!remembered || form.getValues().address || form.getValues().mobile_number) return;
    form.setValues(remembered);
  }, [remembered]);
  const orderBody = orderBodyOf(form.values);
  // A new key whenever the order changes: a retry of the same order reuses it, an edited one must
  // not.
  const orderJson = JSON.stringify(orderBody);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key follows the order's content
  const idempotencyKey = useMemo(() => newIdempotencyKey(), [orderJson]);

  // Place Order sits in the cart modal, outside the fields: the form is submitted without an event.
  const submitOrder = form.onSubmit(
    () =>
      placeOrder.mutate(
        { body: orderBody, idempotencyKey },
        {
          onSuccess: ({ message }) => {
            toast.success(message);
            cart.clear();
            cartModal.close();
          },
          // The query client toasts the server's sentence; a contact field it names is marked too.
          onError: (error) => setServerErrors(form, error),
        },
      ),
    (errors) => toast.error(firstMessage(errors)),
  );

  return (
    <Stack gap="md">
      <PageTitle>Stock Replenishment</PageTitle>

      <Paper withBorder p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput
            label="Address"
            description="Where the supplier delivers"
            autoComplete="street-address"
            required
            {...markedInputProps(form, 'address')}
          />
          <TextInput
            label="Mobile Number"
            description="For the supplier to reach you"
            type="tel"
            autoComplete="tel"
            required
            {...markedInputProps(form, 'mobile_number')}
          />
          <Select
            label="Supplier"
            description="Changing the supplier empties the cart"
            placeholder={suppliers.isPending ? 'Loading suppliers…' : 'Choose a supplier'}
            data={supplierOptions}
            value={supplierId === undefined ? null : String(supplierId)}
            onChange={chooseSupplier}
            searchable
            nothingFoundMessage="No supplier by that name"
            error={suppliers.isError ? 'Could not load the suppliers' : undefined}
          />
        </SimpleGrid>
      </Paper>

      {supplierId === undefined ? (
        <Text c="dimmed">{CHOOSE_SUPPLIER_TEXT}</Text>
      ) : (
        <DataList
          list={products}
          columns={orderableProductColumns({ quantities, inCart: cart.contains, onAdd: addToCart })}
          rowKey={(product) => product.id}
          label="Products"
          noun={{ one: 'product', other: 'products' }}
          loadingLabel="Loading products"
          errorTitle="Could not load products"
          empty={{ title: SUPPLY_ORDER_MESSAGES.noProducts }}
          noMatch={(search) => `No products match “${search}”.`}
          search={{ label: 'Search products', placeholder: 'Search products by name' }}
          minTableWidth={880}
        />
      )}

      <CartBar cart={cart} onOpen={cartModal.open} />

      <CartModal
        opened={cartOpened}
        cart={cart}
        supplierName={supplierName}
        placing={placeOrder.isPending}
        onClose={cartModal.close}
        onRemove={removeFromCart}
        onPlaceOrder={() => submitOrder()}
      />
    </Stack>
  );
}
