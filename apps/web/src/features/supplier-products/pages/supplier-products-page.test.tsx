import { importMessages, PATHS, SUPPLIER_PRODUCT_MESSAGES, type SupplierProduct } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/hooks/use-is-phone';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { NO_PRODUCTS_TEXT } from './supplier-products-page';

const SUPPLIER = TEST_USERS.supplier;
const PRODUCTS_PATH = '/api/stock-replenishment/products';

function product(id: number, name: string, price = 1, weight = 1, quantity = 1): SupplierProduct {
  return { id, name, price, weight, quantity, supplier_id: SUPPLIER.id, sku: null, discontinued: false };
}

const PIPE = product(3, 'Copper pipe', 12.5, 1.25, 40);
const VALVE = product(8, 'brass valve', 3.2, 0.4, 1200);

function renderProductsPage(
  products: SupplierProduct[] | (() => SupplierProduct[]),
  routes: FetchRoutes = {},
) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(SUPPLIER) },
    [`GET ${PRODUCTS_PATH}`]: listServer(products, { searchIn: (row) => [row.name] }),
    ...routes,
  });
  return { ...renderApp(PATHS.supplierProducts, { storedUser: SUPPLIER }), ...fetchStub };
}

type ProductsPage = ReturnType<typeof renderProductsPage>;

function bodyRows() {
  return within(screen.getByRole('table'))
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );
}

async function openAddDialog({ user }: ProductsPage) {
  await user.click(await screen.findByRole('button', { name: 'Add Product' }));
  return within(await screen.findByRole('dialog', { name: 'Add Product' }));
}

describe('Supplier Products page', () => {
  it('lists the products with ID, Name, Price, Weight (kg) and Quantity', async () => {
    renderProductsPage([PIPE, VALVE]);

    expect(await screen.findByRole('heading', { name: 'Products' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['ID', 'Name', 'Price', 'Weight (kg)', 'Quantity', 'SKU', 'Actions']);
    expect(bodyRows()).toEqual([
      // The header names the unit; the cells do not repeat it.
      ['3', 'Copper pipe', '$12.50', '1.25', '40', '', 'EditDiscontinueDelete'],
      ['8', 'brass valve', '$3.20', '0.40', '1,200', '', 'EditDiscontinueDelete'],
    ]);
  });

  it('shows an empty state, and sorts and filters the rows', async () => {
    const empty = renderProductsPage([]);
    expect(await screen.findByText(NO_PRODUCTS_TEXT)).toBeInTheDocument();
    empty.unmount();

    const { user } = renderProductsPage([PIPE, VALVE]);
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Name' }));
    await waitFor(() => expect(bodyRows().map((row) => row[1])).toEqual(['brass valve', 'Copper pipe']));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'PIPE');
    await waitFor(() => expect(bodyRows().map((row) => row[1])).toEqual(['Copper pipe']));
  });

  it('has an Add Product dialog with four required fields and their number rules', async () => {
    const page = renderProductsPage([]);
    const dialog = await openAddDialog(page);

    expect(dialog.getByRole('textbox', { name: 'Name' })).toBeRequired();
    for (const [label, step] of [
      ['Price', '0.01'],
      ['Weight', '0.01'],
      ['Quantity', '1'],
    ]) {
      const input = dialog.getByRole('spinbutton', { name: label });
      expect(input).toBeRequired();
      expect(input).toHaveAttribute('min', '0');
      expect(input).toHaveAttribute('step', step);
    }

    await page.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(SUPPLIER_PRODUCT_MESSAGES.nameRequired)).toBeInTheDocument();
    for (const message of ['Price is required', 'Weight is required', 'Quantity is required']) {
      expect(dialog.getByText(message)).toBeInTheDocument();
    }
    expect(dialog.getByRole('spinbutton', { name: 'Weight' })).toHaveAccessibleDescription(
      expect.stringContaining('Weight is required'),
    );
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Price' }), '-1');
    await page.user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText(/^Price must be a number from 0/)).toBeInTheDocument();
    expect(page.requestsTo(`POST ${PRODUCTS_PATH}`)).toHaveLength(0);
  });

  it("adds a product as typed with the supplier's id, toasts 'Product added successfully' and refreshes", async () => {
    let products: SupplierProduct[] = [];
    const page = renderProductsPage(() => products, {
      [`POST ${PRODUCTS_PATH}`]: () => {
        products = [PIPE];
        return { status: 201, body: PIPE };
      },
    });
    const dialog = await openAddDialog(page);
    await page.user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Copper pipe');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Price' }), '12.50');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Weight' }), '1.25');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Quantity' }), '40');
    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SUPPLIER_PRODUCT_MESSAGES.added)).toBeInTheDocument();
    expect(page.requestsTo(`POST ${PRODUCTS_PATH}`)[0]?.body).toEqual({
      name: 'Copper pipe',
      price: '12.50',
      weight: '1.25',
      quantity: '40',
      sku: null,
      supplier_id: SUPPLIER.id,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('cell', { name: 'Copper pipe' })).toBeInTheDocument();
  });

  it('sends a SKU trimmed and marks the SKU field when another product has it', async () => {
    const page = renderProductsPage([], {
      [`POST ${PRODUCTS_PATH}`]: {
        status: 409,
        body: {
          error: importMessages.skuTaken,
          message: importMessages.skuTaken,
          code: 'sku_taken',
          details: [{ path: 'body.sku', message: importMessages.skuTaken }],
        },
      },
    });
    const dialog = await openAddDialog(page);
    await page.user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Copper pipe');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Price' }), '12.50');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Weight' }), '1.25');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Quantity' }), '40');
    await page.user.type(dialog.getByRole('textbox', { name: 'SKU' }), ' CP-1 ');
    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(dialog.getByRole('textbox', { name: 'SKU' })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(dialog.getByRole('textbox', { name: 'SKU' })).toHaveAccessibleDescription(
      expect.stringContaining(importMessages.skuTaken),
    );
    expect(page.requestsTo(`POST ${PRODUCTS_PATH}`)[0]?.body).toMatchObject({ sku: 'CP-1' });
  });

  it("shows the server's error in an error toast and keeps the dialog open", async () => {
    const page = renderProductsPage([], {
      [`POST ${PRODUCTS_PATH}`]: {
        status: 400,
        body: {
          error: 'Invalid input: Name must be at most 200 characters',
          message: 'Invalid input: Name must be at most 200 characters',
          details: [{ path: 'body.name', message: 'Name must be at most 200 characters' }],
        },
      },
    });
    const dialog = await openAddDialog(page);
    await page.user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Pipe');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Price' }), '1');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Weight' }), '1');
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Quantity' }), '1');
    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    const toast = await screen.findByText('Invalid input: Name must be at most 200 characters');
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    expect(dialog.getByText('Name must be at most 200 characters')).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      'Name must be at most 200 characters',
    );
    expect(dialog.getByRole('spinbutton', { name: 'Price' })).not.toHaveAttribute('aria-invalid');
    expect(screen.getByRole('dialog', { name: 'Add Product' })).toBeInTheDocument();
  });

  it('edits price, weight and quantity of a product, sending only those', async () => {
    const page = renderProductsPage([PIPE], {
      [`PUT ${PRODUCTS_PATH}/3`]: {
        status: 200,
        body: { message: SUPPLIER_PRODUCT_MESSAGES.updated, product: { ...PIPE, quantity: 35 } },
      },
    });
    await page.user.click(await screen.findByRole('button', { name: 'Edit Copper pipe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toBeDisabled();
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('Copper pipe');
    expect(dialog.getByRole('spinbutton', { name: 'Price' })).toHaveValue(12.5);
    await page.user.clear(dialog.getByRole('spinbutton', { name: 'Quantity' }));
    await page.user.type(dialog.getByRole('spinbutton', { name: 'Quantity' }), '35');
    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SUPPLIER_PRODUCT_MESSAGES.updated)).toBeInTheDocument();
    expect(page.requestsTo(`PUT ${PRODUCTS_PATH}/3`)[0]?.body).toEqual({
      price: '12.5',
      weight: '1.25',
      quantity: '35',
    });
  });
});

describe('Discontinuing and deleting a product', () => {
  it('discontinues a product, marks it, toasts, and offers Resume', async () => {
    let products = [PIPE];
    const page = renderProductsPage(() => products, {
      [`POST ${PRODUCTS_PATH}/3/discontinue`]: () => {
        products = [{ ...PIPE, discontinued: true }];
        return {
          status: 200,
          body: { product: products[0], message: SUPPLIER_PRODUCT_MESSAGES.discontinued },
        };
      },
    });
    await page.user.click(await screen.findByRole('button', { name: 'Discontinue Copper pipe' }));

    expect(
      await screen.findByText(`${SUPPLIER_PRODUCT_MESSAGES.discontinued}: Copper pipe`),
    ).toBeInTheDocument();
    expect(page.requestsTo(`POST ${PRODUCTS_PATH}/3/discontinue`)).toHaveLength(1);
    expect(await screen.findByRole('button', { name: 'Resume Copper pipe' })).toBeInTheDocument();
    expect(bodyRows()[0]?.[1]).toBe('Copper pipeDiscontinued');
  });

  it('asks before deleting, deletes on Delete and sends nothing on Cancel', async () => {
    let products = [PIPE, VALVE];
    const page = renderProductsPage(() => products, {
      [`DELETE ${PRODUCTS_PATH}/8`]: () => {
        products = [PIPE];
        return { status: 200, body: { message: SUPPLIER_PRODUCT_MESSAGES.deleted } };
      },
    });
    await page.user.click(await screen.findByRole('button', { name: 'Delete brass valve' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Delete Product' }));
    expect(dialog.getByText('Are you sure you want to delete brass valve?')).toBeInTheDocument();
    await page.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.requestsTo(`DELETE ${PRODUCTS_PATH}/8`)).toHaveLength(0);

    await page.user.click(screen.getByRole('button', { name: 'Delete brass valve' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete Product' }));
    await page.user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(`${SUPPLIER_PRODUCT_MESSAGES.deleted}: brass valve`)).toBeInTheDocument();
    await waitFor(() => expect(bodyRows().map((row) => row[1])).toEqual(['Copper pipe']));
  });

  it("shows the server's refusal to delete an ordered product in an error toast", async () => {
    const page = renderProductsPage([PIPE], {
      [`DELETE ${PRODUCTS_PATH}/3`]: {
        status: 409,
        body: {
          error: SUPPLIER_PRODUCT_MESSAGES.deleteOrdered,
          message: SUPPLIER_PRODUCT_MESSAGES.deleteOrdered,
          code: 'product_ordered',
        },
      },
    });
    await page.user.click(await screen.findByRole('button', { name: 'Delete Copper pipe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete Product' }));
    await page.user.click(dialog.getByRole('button', { name: 'Delete' }));
    const toast = await screen.findByText(SUPPLIER_PRODUCT_MESSAGES.deleteOrdered);
    expect(toast.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
    expect(bodyRows().map((row) => row[1])).toEqual(['Copper pipe']);
  });
});

describe('Edit Product dialog', () => {
  it("checks the contract's rules on the edited fields only and sends nothing", async () => {
    const page = renderProductsPage([PIPE]);
    await page.user.click(await screen.findByRole('button', { name: 'Edit Copper pipe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));
    const weight = dialog.getByRole('spinbutton', { name: 'Weight' });
    await page.user.clear(weight);
    await page.user.type(weight, '1.255');

    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(weight).toHaveAccessibleDescription(
      expect.stringContaining('Weight must be a number from 0 to 1,000,000 with at most 2 decimals'),
    );
    expect(dialog.getByRole('spinbutton', { name: 'Price' })).not.toHaveAttribute('aria-invalid');
    expect(page.requestsTo(`PUT ${PRODUCTS_PATH}/3`)).toHaveLength(0);
  });

  it("puts the server's refusal of a field on that field", async () => {
    const rule = 'Quantity must be a whole number from 0 to 1,000,000,000';
    const page = renderProductsPage([PIPE], {
      [`PUT ${PRODUCTS_PATH}/3`]: {
        status: 400,
        body: {
          error: `Invalid input: ${rule}`,
          message: `Invalid input: ${rule}`,
          details: [{ path: 'body.quantity', message: rule }],
        },
      },
    });
    await page.user.click(await screen.findByRole('button', { name: 'Edit Copper pipe' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Product' }));

    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(`Invalid input: ${rule}`)).toBeInTheDocument();
    expect(dialog.getByRole('spinbutton', { name: 'Quantity' })).toHaveAccessibleDescription(rule);
    expect(screen.getByRole('dialog', { name: 'Edit Product' })).toBeInTheDocument();
  });
});

describe('Supplier Products on a phone', () => {
  it('lists the products as cards with their Edit action', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    }));
    renderProductsPage([PIPE, VALVE]);

    const list = await screen.findByRole('list', { name: 'Products' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first] = within(list).getAllByRole('listitem') as [HTMLElement];
    expect(first).toHaveTextContent('Copper pipe');
    expect(first).toHaveTextContent('$12.50');
    expect(first).toHaveTextContent('Weight (kg)1.25');
    expect(within(first).getByRole('button', { name: 'Edit Copper pipe' })).toBeInTheDocument();
  });
});
