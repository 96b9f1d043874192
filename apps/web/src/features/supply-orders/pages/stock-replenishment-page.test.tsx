import {
  addedToCartMessage,
  PATHS,
  SUPPLY_ORDER_MESSAGES,
  type Supplier,
  type SupplierProduct,
} from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { CHOOSE_SUPPLIER_TEXT } from './stock-replenishment-page';

const MANAGER = TEST_USERS.inventoryManager;
const PRODUCTS_PATH = '/api/stock-replenishment/products';

const ACME: Supplier = {
  id: 21,
  name: 'Acme Parts',
  email: 'a@example.com',
  phone_number: null,
  address: null,
};
const BOLTCO: Supplier = {
  id: 22,
  name: 'Boltco',
  email: 'b@example.com',
  phone_number: null,
  address: null,
};
const EMPTY: Supplier = {
  id: 23,
  name: 'Empty Shelf',
  email: 'e@example.com',
  phone_number: null,
  address: null,
};

const product = (id: number, name: string, price: number, quantity: number, supplierId = ACME.id) =>
  ({
    id,
    name,
    price,
    weight: 0.5,
    quantity,
    supplier_id: supplierId,
    sku: null,
    discontinued: false,
  }) satisfies SupplierProduct;

// The manager's own stock of the pipe is linked (4 units, reorder level 5: low); the valve's is not.
const PIPE = {
  ...product(3, 'Copper pipe', 12.5, 40),
  my_stock: { stock_id: 70, name: 'Pipes', quantity: 4, reorder_level: 5 },
};
const VALVE = { ...product(4, 'Brass valve', 0.1, 10), my_stock: null };
const ROD = product(9, 'Steel rod', 7, 5, BOLTCO.id);

function renderReplenishment(routes: FetchRoutes = {}) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/suppliers': { status: 200, body: [ACME, BOLTCO, EMPTY] },
    [`GET ${PRODUCTS_PATH}`]: listServer([PIPE, VALVE, ROD], {
      searchIn: (row) => [row.name],
      filter: (row, query) => String(row.supplier_id) === query.get('supplier_id'),
    }),
    // No supply order yet: nothing to prefill the contact fields from.
    'GET /api/replenishment-orders': { status: 200, body: [] },
    ...routes,
  });
  return { ...renderApp(PATHS.stockReplenishment, { storedUser: MANAGER }), ...fetchStub };
}

type ReplenishmentPage = ReturnType<typeof renderReplenishment>;

async function chooseSupplier({ user }: ReplenishmentPage, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Supplier' }));
  await user.click(await screen.findByRole('option', { name }));
}

async function addToCart({ user }: ReplenishmentPage, name: string, quantity: string) {
  const input = await screen.findByRole('spinbutton', { name: `Quantity of ${name}` });
  await user.clear(input);
  await user.type(input, quantity);
  await user.click(screen.getByRole('button', { name: `Add ${name} to the cart` }));
}

async function openCart({ user }: ReplenishmentPage) {
  await user.click(screen.getByRole('button', { name: /^View Cart/ }));
  return within(await screen.findByRole('dialog', { name: 'Cart' }));
}

async function fillContact({ user }: ReplenishmentPage) {
  await user.type(await screen.findByRole('textbox', { name: 'Address' }), '4 Warehouse Row, Pune');
  await user.type(screen.getByRole('textbox', { name: 'Mobile Number' }), '+91 98765 43210');
}

/** The newest toast saying `text` (an earlier one may still be on screen). */
async function toastText(text: string): Promise<HTMLElement> {
  const matches = await screen.findAllByText(text);
  const toast = matches.at(-1)?.closest<HTMLElement>('.Toastify__toast');
  if (!toast) throw new Error(`"${text}" is not in a toast`);
  return toast;
}

describe('Stock Replenishment page', () => {
  it('fills the address and mobile number from the last supply order', async () => {
    const last = { address: '4 Warehouse Row, Pune', mobile_number: '+91 98765 43210' };
    const page = renderReplenishment({ 'GET /api/replenishment-orders': { status: 200, body: [last] } });
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue(last.address), {
      timeout: 5000,
    });
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toHaveValue(last.mobile_number);
    expect(
      page.requestsTo('GET /api/replenishment-orders').map((request) => request.query.toString()),
    ).toEqual(['sort=created_at&order=desc&limit=1']);
  });

  it('leaves the fields empty before the first supply order', async () => {
    const page = renderReplenishment();
    await waitFor(() => expect(page.requestsTo('GET /api/replenishment-orders')).toHaveLength(1));
    expect(screen.getByRole('textbox', { name: 'Address' })).toHaveValue('');
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toHaveValue('');
  });

  it("lists the chosen supplier's products with the documented columns", async () => {
    const page = renderReplenishment();
    expect(await screen.findByRole('heading', { name: 'Stock Replenishment' })).toBeInTheDocument();
    expect(screen.getByText(CHOOSE_SUPPLIER_TEXT)).toBeInTheDocument();

    await chooseSupplier(page, 'Acme Parts');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual([
      'ID',
      'Name',
      'Price',
      'Available Quantity',
      'SKU',
      'Your Stock',
      'Reorder Level',
      'Quantity',
      'Cart',
    ]);
    // docs/product/screens.md#stock-replenishment: the manager's own stock and its level, low marked.
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(/^3Copper pipe\$12\.50404 \(low\)5/);
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent(/^4Brass valve\$0\.1010Not linked—/);
    expect(page.requestsTo(`GET ${PRODUCTS_PATH}`).map((request) => request.query.toString())).toEqual([
      `supplier_id=${ACME.id}&sort=id&order=asc&limit=25&offset=0`,
    ]);

    await chooseSupplier(page, 'Empty Shelf');
    expect(await screen.findByText(SUPPLY_ORDER_MESSAGES.noProducts)).toBeInTheDocument();
  });

  it('refuses quantities of 0 or less or over the available amount', async () => {
    const page = renderReplenishment();
    await chooseSupplier(page, 'Acme Parts');
    const refusals = ['0', '-2', '41', '1.5'];
    for (const [index, quantity] of refusals.entries()) {
      await addToCart(page, 'Copper pipe', quantity);
      // At most three toasts show at once; a fourth waits for one to close.
      await waitFor(() =>
        expect(screen.getAllByText(SUPPLY_ORDER_MESSAGES.invalidQuantity)).toHaveLength(
          Math.min(index + 1, 3),
        ),
      );
    }
    expect(await toastText(SUPPLY_ORDER_MESSAGES.invalidQuantity)).toHaveClass('Toastify__toast--error');
    expect(screen.getByRole('button', { name: 'View Cart (0)' })).toBeInTheDocument();
  });

  it('adds to the cart once per product, removes, and shows the totals', async () => {
    const page = renderReplenishment();
    await chooseSupplier(page, 'Acme Parts');
    await addToCart(page, 'Copper pipe', '4');
    expect(await toastText(addedToCartMessage(4, 'Copper pipe'))).toBeInTheDocument();
    // Already in the cart: it cannot be added again.
    expect(screen.getByRole('button', { name: 'Copper pipe is in the cart' })).toBeDisabled();
    expect(screen.getByRole('spinbutton', { name: 'Quantity of Copper pipe' })).toBeDisabled();
    await addToCart(page, 'Brass valve', '3');
    expect(await toastText(addedToCartMessage(3, 'Brass valve'))).toBeInTheDocument();

    const cart = await openCart(page);
    expect(cart.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'ProductPriceQuantityCostAction',
      'Copper pipe$12.50$50.00Remove',
      'Brass valve$0.10$0.30Remove',
    ]);
    expect(cart.getByRole('spinbutton', { name: 'Quantity of Copper pipe' })).toHaveValue(4);
    expect(cart.getByText('Total: 7 items, $50.30')).toBeInTheDocument();

    await page.user.click(cart.getByRole('button', { name: 'Remove Brass valve' }));
    expect(await toastText(SUPPLY_ORDER_MESSAGES.removedFromCart)).toBeInTheDocument();
    expect(cart.queryByText('Brass valve')).not.toBeInTheDocument();
    await page.user.click(cart.getByRole('button', { name: 'Remove Copper pipe' }));
    expect(cart.getByText(SUPPLY_ORDER_MESSAGES.emptyCart)).toBeInTheDocument();
  });

  it("changes a cart line's quantity in place, within 1 and what the supplier has", async () => {
    const page = renderReplenishment({
      'POST /api/replenishment-orders': {
        status: 201,
        body: { message: SUPPLY_ORDER_MESSAGES.placed, order: {} },
      },
    });
    await fillContact(page);
    await chooseSupplier(page, 'Acme Parts');
    await addToCart(page, 'Copper pipe', '4');
    const cart = await openCart(page);
    const quantity = cart.getByRole('spinbutton', { name: 'Quantity of Copper pipe' });
    expect(quantity).toHaveAttribute('min', '1');
    expect(quantity).toHaveAttribute('max', '40');

    // Out of bounds: marked, and the cart keeps its last valid quantity; leaving the field puts it back.
    await page.user.clear(quantity);
    await page.user.type(quantity, '0');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');
    expect(cart.getByText(SUPPLY_ORDER_MESSAGES.invalidQuantity)).toBeInTheDocument();
    expect(cart.getByText('Total: 4 items, $50.00')).toBeInTheDocument();
    await page.user.tab();
    expect(quantity).toHaveValue(4);
    expect(quantity).not.toHaveAttribute('aria-invalid');
    await page.user.clear(quantity);
    await page.user.type(quantity, '41');
    expect(quantity).toHaveAttribute('aria-invalid', 'true');

    await page.user.clear(quantity);
    await page.user.type(quantity, '6');
    expect(quantity).not.toHaveAttribute('aria-invalid');
    expect(cart.getByText('Total: 6 items, $75.00')).toBeInTheDocument();
    expect(cart.getAllByRole('row')[1]).toHaveTextContent('$75.00');

    await page.user.click(cart.getByRole('button', { name: 'Place Order' }));
    await waitFor(() => expect(page.requestsTo('POST /api/replenishment-orders')).toHaveLength(1));
    expect(page.requestsTo('POST /api/replenishment-orders')[0]?.body).toMatchObject({
      items: [{ product_id: PIPE.id, quantity: 6 }],
    });
  });

  it('empties the cart when the supplier changes', async () => {
    const page = renderReplenishment();
    await chooseSupplier(page, 'Acme Parts');
    await addToCart(page, 'Copper pipe', '2');
    expect(screen.getByRole('button', { name: 'View Cart (1)' })).toBeInTheDocument();

    await chooseSupplier(page, 'Boltco');
    expect(await screen.findByRole('cell', { name: 'Steel rod' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Cart (0)' })).toBeInTheDocument();
    await chooseSupplier(page, 'Acme Parts');
    expect(await screen.findByRole('button', { name: 'Add Copper pipe to the cart' })).toBeEnabled();
  });

  it('asks for the address and mobile number, then for items, before placing an order', async () => {
    const page = renderReplenishment();
    await chooseSupplier(page, 'Acme Parts');
    let cart = await openCart(page);
    await page.user.click(cart.getByRole('button', { name: 'Place Order' }));
    expect(await toastText(SUPPLY_ORDER_MESSAGES.addressAndMobileRequired)).toBeInTheDocument();
    await page.user.click(cart.getByRole('button', { name: 'Close' }));
    // The fields are marked; the message itself is the toast's
    // (docs/product/validation-and-messages.md#how-messages-reach-the-user), not repeated under
    // them.
    const address = await screen.findByRole('textbox', { name: 'Address' });
    expect(address).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getAllByText(SUPPLY_ORDER_MESSAGES.addressAndMobileRequired)).toHaveLength(1);

    await page.user.type(address, '4 Warehouse Row');
    expect(address).not.toHaveAttribute('aria-invalid');
    cart = await openCart(page);
    await page.user.click(cart.getByRole('button', { name: 'Place Order' }));
    await waitFor(() =>
      expect(screen.getAllByText(SUPPLY_ORDER_MESSAGES.addressAndMobileRequired)).toHaveLength(2),
    );
    await page.user.click(cart.getByRole('button', { name: 'Close' }));

    await page.user.type(screen.getByRole('textbox', { name: 'Mobile Number' }), '555 0100');
    cart = await openCart(page);
    await page.user.click(cart.getByRole('button', { name: 'Place Order' }));
    expect(await toastText(SUPPLY_ORDER_MESSAGES.cartRequired)).toBeInTheDocument();
    expect(page.requestsTo('POST /api/replenishment-orders')).toHaveLength(0);
  });

  it("checks the mobile number with the contract's rule before placing an order", async () => {
    const page = renderReplenishment();
    await page.user.type(await screen.findByRole('textbox', { name: 'Address' }), '4 Warehouse Row');
    await page.user.type(screen.getByRole('textbox', { name: 'Mobile Number' }), 'call the front desk');
    await chooseSupplier(page, 'Acme Parts');
    await addToCart(page, 'Copper pipe', '4');
    const cart = await openCart(page);

    await page.user.click(cart.getByRole('button', { name: 'Place Order' }));

    expect(await toastText(SUPPLY_ORDER_MESSAGES.invalidMobile)).toHaveClass('Toastify__toast--error');
    await page.user.click(cart.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('textbox', { name: 'Mobile Number' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(screen.getByRole('textbox', { name: 'Address' })).not.toHaveAttribute('aria-invalid');
    expect(page.requestsTo('POST /api/replenishment-orders')).toHaveLength(0);
  });

  it("marks the field the server's refusal names, beside the error toast", async () => {
    const page = renderReplenishment({
      'POST /api/replenishment-orders': {
        status: 400,
        body: {
          error: SUPPLY_ORDER_MESSAGES.addressTooLong,
          message: SUPPLY_ORDER_MESSAGES.addressTooLong,
          details: [{ path: 'body.address', message: SUPPLY_ORDER_MESSAGES.addressTooLong }],
        },
      },
    });
    await fillContact(page);
    await chooseSupplier(page, 'Acme Parts');
    await addToCart(page, 'Copper pipe', '4');
    const cart = await openCart(page);

    await page.user.click(cart.getByRole('button', { name: 'Place Order' }));

    expect(await toastText(SUPPLY_ORDER_MESSAGES.addressTooLong)).toHaveClass('Toastify__toast--error');
    await page.user.click(cart.getByRole('button', { name: 'Close' }));
    expect(await screen.findByRole('textbox', { name: 'Address' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Mobile Number' })).not.toHaveAttribute('aria-invalid');
  });

  it("places the order, toasts the server's message, empties the cart and closes it", async () => {
    const page = renderReplenishment({
      'POST /api/replenishment-orders': {
        status: 201,
        body: { message: SUPPLY_ORDER_MESSAGES.placed, order: {} },
      },
    });
    await fillContact(page);
    await chooseSupplier(page, 'Acme Parts');
    await addToCart(page, 'Copper pipe', '4');
    const cart = await openCart(page);
    await page.user.click(cart.getByRole('button', { name: 'Place Order' }));

    expect(await toastText(SUPPLY_ORDER_MESSAGES.placed)).toBeInTheDocument();
    expect(page.requestsTo('POST /api/replenishment-orders')[0]?.body).toEqual({
      inventory_manager_id: MANAGER.id,
      supplier_id: ACME.id,
      address: '4 Warehouse Row, Pune',
      mobile_number: '+91 98765 43210',
      items: [{ product_id: 3, product_name: 'Copper pipe', quantity: 4, weight: 0.5, price: 12.5 }],
    });
    expect(page.requestsTo('POST /api/replenishment-orders')[0]?.headers['idempotency-key']).toMatch(
      /^[\w-]{16,}$/,
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'View Cart (0)' })).toBeInTheDocument();
    // The quantities changed: the supplier's list is asked for again.
    await waitFor(() =>
      expect(
        page
          .requestsTo(`GET ${PRODUCTS_PATH}`)
          .filter((request) => request.query.get('supplier_id') === '21'),
      ).toHaveLength(2),
    );
  });

  it("keeps the cart and toasts the server's message when the order is refused", async () => {
    const page = renderReplenishment({
      'POST /api/replenishment-orders': {
        status: 409,
        body: { error: 'Not enough stock for Copper pipe', message: 'Not enough stock for Copper pipe' },
      },
    });
    await fillContact(page);
    await chooseSupplier(page, 'Acme Parts');
    await addToCart(page, 'Copper pipe', '4');
    const cart = await openCart(page);
    await page.user.click(cart.getByRole('button', { name: 'Place Order' }));

    expect(await toastText('Not enough stock for Copper pipe')).toHaveClass('Toastify__toast--error');
    expect(screen.getByRole('dialog', { name: 'Cart' })).toBeInTheDocument();
    expect(cart.getByText('Copper pipe')).toBeInTheDocument();
  });
});
