import { AUTH_MESSAGES, PATHS, SUPPLIER_MESSAGES, type Supplier } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/hooks/use-is-phone';
import { NETWORK_ERROR_MESSAGE } from '@/lib/api-client';
import { type FetchRoutes, stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { NO_SUPPLIERS_TEXT } from './suppliers-page';

const MANAGER = TEST_USERS.inventoryManager;

const ACME: Supplier = {
  id: 21,
  name: 'Acme Parts',
  email: 'orders@acme.example',
  phone_number: '+1 555 0100',
  address: '1 Industrial Way',
};
const BOLTCO: Supplier = {
  id: 4,
  name: 'boltco',
  email: 'hello@boltco.example',
  phone_number: null,
  address: null,
};
const ZENITH: Supplier = {
  id: 30,
  name: 'Zenith Supply',
  email: 'zenith@example.com',
  phone_number: '555 0199',
  address: '9 Harbour Road',
};

const NEW_SUPPLIER = {
  name: 'Nova Freight',
  email: 'nova@example.com',
  phone_number: '+44 20 7946 0958',
  address: '5 Dock Street',
  password: 'amber-kettle-orbit-42',
};

function renderSuppliersPage(suppliers: Supplier[] | (() => Supplier[]), routes: FetchRoutes = {}) {
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    'GET /api/supplier-scorecards': { status: 200, body: { scorecards: [] } },
    'GET /api/suppliers': listServer(suppliers, {
      searchIn: (supplier) => [supplier.name, supplier.email, supplier.phone_number, supplier.address],
    }),
    ...routes,
  });
  return { ...renderApp(PATHS.suppliers, { storedUser: MANAGER }), ...fetchStub };
}

type SuppliersPage = ReturnType<typeof renderSuppliersPage>;

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

const names = () => bodyRows().map((row) => row[1]);

async function openAddDialog({ user }: SuppliersPage) {
  await screen.findByRole('table');
  await user.click(screen.getByRole('button', { name: 'Add Supplier' }));
  return within(await screen.findByRole('dialog', { name: 'Add Supplier' }));
}

async function fillAddDialog({ user }: SuppliersPage, dialog: ReturnType<typeof within>) {
  await user.type(dialog.getByRole('textbox', { name: 'Name' }), NEW_SUPPLIER.name);
  await user.type(dialog.getByRole('textbox', { name: 'Email' }), NEW_SUPPLIER.email);
  await user.type(dialog.getByRole('textbox', { name: 'Phone Number' }), NEW_SUPPLIER.phone_number);
  await user.type(dialog.getByRole('textbox', { name: 'Address' }), NEW_SUPPLIER.address);
  await user.type(dialog.getByLabelText('Password'), NEW_SUPPLIER.password);
}

async function confirmDelete({ user }: SuppliersPage, name: string) {
  await user.click(screen.getByRole('button', { name: `Delete ${name}` }));
  const dialog = await screen.findByRole('dialog', { name: 'Delete Supplier' });
  expect(dialog).toHaveTextContent(`Are you sure you want to delete ${name}?`);
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
}

describe('Suppliers Management page', () => {
  it('shows each supplier’s scorecard below the list', async () => {
    renderSuppliersPage([], {
      'GET /api/supplier-scorecards': {
        status: 200,
        body: {
          scorecards: [
            {
              supplier_id: 4,
              supplier_name: 'Acme Parts',
              orders: 10,
              delivered_orders: 10,
              on_time_rate: 0.7,
              fill_rate: 1,
              average_lead_time_hours: 72,
              open_orders: 0,
              overdue_orders: 0,
            },
            {
              supplier_id: 5,
              supplier_name: 'Boltco',
              orders: 1,
              delivered_orders: 0,
              on_time_rate: null,
              fill_rate: null,
              average_lead_time_hours: null,
              open_orders: 1,
              overdue_orders: 1,
            },
          ],
        },
      },
    });
    expect(await screen.findByRole('heading', { name: 'Supplier Scorecards' })).toBeInTheDocument();
    const acme = await screen.findByRole('article', { name: 'Scorecard of Acme Parts' });
    expect(acme).toHaveTextContent('On Time70%');
    expect(acme).toHaveTextContent('Fill Rate100%');
    expect(acme).toHaveTextContent('Average Lead Time3.0 days');
    const boltco = screen.getByRole('article', { name: 'Scorecard of Boltco' });
    expect(boltco).toHaveTextContent('On Time—');
    expect(boltco).toHaveTextContent('Overdue1');
  });

  it('lists the suppliers with a dash for a missing phone number or address', async () => {
    renderSuppliersPage([ACME, BOLTCO]);

    expect(await screen.findByRole('heading', { name: 'Suppliers Management' })).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Supplier ID', 'Name', 'Email', 'Phone Number', 'Address', 'Actions']);
    expect(bodyRows()).toEqual([
      ['4', 'boltco', 'hello@boltco.example', '—', '—', 'EditDelete'],
      ['21', 'Acme Parts', 'orders@acme.example', '+1 555 0100', '1 Industrial Way', 'EditDelete'],
    ]);
    expect(screen.getByRole('button', { name: 'Edit Acme Parts' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete boltco' })).toBeInTheDocument();
  });

  it('shows an empty state when there are no suppliers', async () => {
    renderSuppliersPage([]);

    expect(await screen.findByText(NO_SUPPLIERS_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add Supplier' })).toBeInTheDocument();
  });

  it('sorts by a column header and filters with the search box', async () => {
    const { user } = renderSuppliersPage([ACME, BOLTCO, ZENITH]);
    await screen.findByRole('table');
    await waitFor(() => expect(names()).toEqual(['boltco', 'Acme Parts', 'Zenith Supply']));

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    await waitFor(() => expect(names()).toEqual(['Acme Parts', 'boltco', 'Zenith Supply']));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    await waitFor(() => expect(names()).toEqual(['Zenith Supply', 'boltco', 'Acme Parts']));

    // Missing values sort last either way.
    await user.click(screen.getByRole('button', { name: 'Phone Number' }));
    await waitFor(() => expect(names()).toEqual(['Acme Parts', 'Zenith Supply', 'boltco']));

    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'example.com');
    await waitFor(() => expect(names()).toEqual(['Zenith Supply']));
  });

  it('sends the search to the server once typing pauses, keeping it in the address', async () => {
    const { user, requestsTo, router } = renderSuppliersPage([ACME, BOLTCO, ZENITH]);
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search suppliers' }), 'harbour');
    await waitFor(() => expect(names()).toEqual(['Zenith Supply']));
    const searches = requestsTo('GET /api/suppliers').map((request) => request.query.get('q'));
    // One request for the whole word, not one a letter.
    expect(searches).toEqual([null, 'harbour']);
    expect(router.state.location.search).toBe('?q=harbour');
    expect(screen.getByText('1 supplier')).toBeInTheDocument();
  });
});

describe('Suppliers Management on a phone', () => {
  it('lists the suppliers as cards with their actions', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    }));
    const { user } = renderSuppliersPage([ACME, BOLTCO]);

    const list = await screen.findByRole('list', { name: 'Suppliers' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [first, second] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement];
    expect(first).toHaveTextContent('boltco');
    expect(first).toHaveTextContent('Phone Number—');
    expect(second).toHaveTextContent('1 Industrial Way');

    await user.click(within(second).getByRole('button', { name: 'Edit Acme Parts' }));
    expect(await screen.findByRole('dialog', { name: 'Edit Supplier' })).toBeInTheDocument();
  });
});

describe('Supplier dialog', () => {
  it('requires every field when adding and sends nothing', async () => {
    const page = renderSuppliersPage([ACME]);
    const dialog = await openAddDialog(page);

    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    for (const message of [
      SUPPLIER_MESSAGES.nameRequired,
      SUPPLIER_MESSAGES.emailRequired,
      SUPPLIER_MESSAGES.phoneRequired,
      SUPPLIER_MESSAGES.addressRequired,
      SUPPLIER_MESSAGES.passwordRequired,
    ]) {
      expect(await dialog.findByText(message)).toBeInTheDocument();
    }
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('textbox', { name: 'Phone Number' })).toHaveAccessibleDescription(
      SUPPLIER_MESSAGES.phoneRequired,
    );
    expect(page.requestsTo('POST /api/suppliers')).toHaveLength(0);
  });

  it("checks the contract's rules on each field when adding and sends nothing", async () => {
    const page = renderSuppliersPage([ACME]);
    const dialog = await openAddDialog(page);
    await fillAddDialog(page, dialog);
    const email = dialog.getByRole('textbox', { name: 'Email' });
    const phone = dialog.getByRole('textbox', { name: 'Phone Number' });
    await page.user.clear(email);
    await page.user.type(email, 'nova-at-example.com');
    await page.user.clear(phone);
    await page.user.type(phone, 'call me');

    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Enter a valid email address')).toBeInTheDocument();
    expect(email).toHaveAccessibleDescription('Enter a valid email address');
    expect(phone).toHaveAccessibleDescription(SUPPLIER_MESSAGES.invalidPhone);
    expect(dialog.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
    expect(page.requestsTo('POST /api/suppliers')).toHaveLength(0);
  });

  it('starts empty again after being cancelled', async () => {
    const page = renderSuppliersPage([ACME]);
    let dialog = await openAddDialog(page);
    await page.user.type(dialog.getByRole('textbox', { name: 'Name' }), 'Half typed');
    await page.user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await page.user.click(screen.getByRole('button', { name: 'Add Supplier' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Add Supplier' }));
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('');
  });

  it("adds a supplier, toasts the server's message, closes and shows the new row", async () => {
    let suppliers = [ACME];
    const created: Supplier = { id: 40, ...NEW_SUPPLIER };
    const page = renderSuppliersPage(() => suppliers, {
      'POST /api/suppliers': () => {
        suppliers = [ACME, created];
        return { status: 201, body: { supplier: created, message: SUPPLIER_MESSAGES.added } };
      },
    });
    const dialog = await openAddDialog(page);
    await fillAddDialog(page, dialog);

    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SUPPLIER_MESSAGES.added)).toBeInTheDocument();
    expect(page.requestsTo('POST /api/suppliers')).toEqual([
      expect.objectContaining({ credentials: 'include', body: { ...NEW_SUPPLIER, id: '' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(names()).toEqual(['Acme Parts', 'Nova Freight']));
  });

  it("keeps the dialog open with the server's message in an error toast when refused", async () => {
    const page = renderSuppliersPage([ACME], {
      'POST /api/suppliers': {
        status: 409,
        body: {
          error: AUTH_MESSAGES.emailTaken,
          message: AUTH_MESSAGES.emailTaken,
          details: [{ path: 'body.email', message: AUTH_MESSAGES.emailTaken }],
        },
      },
    });
    const dialog = await openAddDialog(page);
    await fillAddDialog(page, dialog);

    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(AUTH_MESSAGES.emailTaken);
    expect(screen.getByRole('dialog', { name: 'Add Supplier' })).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
      AUTH_MESSAGES.emailTaken,
    );
    expect(dialog.getByRole('textbox', { name: 'Name' })).not.toHaveAttribute('aria-invalid');
  });

  it('toasts a network error too', async () => {
    const page = renderSuppliersPage([ACME], {
      'POST /api/suppliers': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const dialog = await openAddDialog(page);
    await fillAddDialog(page, dialog);

    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(NETWORK_ERROR_MESSAGE);
  });

  it('edits without validation or a password field, sending only what changed', async () => {
    let suppliers = [BOLTCO];
    const page = renderSuppliersPage(() => suppliers, {
      'PUT /api/suppliers/4': () => {
        suppliers = [{ ...BOLTCO, name: 'BoltCo Ltd' }];
        return { status: 200, body: { supplier: suppliers[0], message: SUPPLIER_MESSAGES.updated } };
      },
    });
    await screen.findByRole('table');
    await page.user.click(screen.getByRole('button', { name: 'Edit boltco' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Supplier' }));

    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveValue('boltco');
    expect(dialog.getByRole('textbox', { name: 'Email' })).toHaveValue('hello@boltco.example');
    expect(dialog.getByRole('textbox', { name: 'Phone Number' })).toHaveValue('');
    expect(dialog.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Name' })).not.toBeRequired();

    await page.user.clear(dialog.getByRole('textbox', { name: 'Name' }));
    await page.user.type(dialog.getByRole('textbox', { name: 'Name' }), 'BoltCo Ltd');
    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText(SUPPLIER_MESSAGES.updated)).toBeInTheDocument();
    expect(page.requestsTo('PUT /api/suppliers/4')).toEqual([
      expect.objectContaining({ body: { name: 'BoltCo Ltd' } }),
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(names()).toEqual(['BoltCo Ltd']);
  });

  it('refuses a blanked field in edit mode with the rule the server would apply, sending nothing', async () => {
    const page = renderSuppliersPage([ACME]);
    await screen.findByRole('table');
    await page.user.click(screen.getByRole('button', { name: 'Edit Acme Parts' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Supplier' }));

    await page.user.clear(dialog.getByRole('textbox', { name: 'Name' }));
    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText(SUPPLIER_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(dialog.getByRole('textbox', { name: 'Name' })).toHaveAccessibleDescription(
      SUPPLIER_MESSAGES.nameRequired,
    );
    expect(page.requestsTo('PUT /api/suppliers/21')).toHaveLength(0);
  });

  it("shows the supplier's login email read-only, and puts the server's refusal of a field on that field", async () => {
    const page = renderSuppliersPage([ACME], {
      'PUT /api/suppliers/21': {
        status: 400,
        body: {
          error: SUPPLIER_MESSAGES.invalidPhone,
          message: SUPPLIER_MESSAGES.invalidPhone,
          code: 'invalid_input',
          details: [{ path: 'body.phone_number', message: SUPPLIER_MESSAGES.invalidPhone }],
        },
      },
    });
    await screen.findByRole('table');
    await page.user.click(screen.getByRole('button', { name: 'Edit Acme Parts' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Supplier' }));
    const email = dialog.getByRole('textbox', { name: 'Email' });
    expect(email).toHaveValue(ACME.email);
    expect(email).toHaveAttribute('readonly');
    expect(email).toHaveAccessibleDescription(
      "The supplier's login: only they can change it, from their Account page.",
    );
    await page.user.type(email, 'takeover@example.com');
    expect(email).toHaveValue(ACME.email);

    const phone = dialog.getByRole('textbox', { name: 'Phone Number' });
    await page.user.clear(phone);
    await page.user.type(phone, '555 0100');
    await page.user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(SUPPLIER_MESSAGES.invalidPhone);
    expect(page.requestsTo('PUT /api/suppliers/21')).toEqual([
      expect.objectContaining({ body: { phone_number: '555 0100' } }),
    ]);
    expect(phone).toHaveAccessibleDescription(SUPPLIER_MESSAGES.invalidPhone);
  });
});

describe('Deleting a supplier', () => {
  it("asks first, deletes, removes the row and toasts the server's message", async () => {
    let suppliers = [ACME, ZENITH];
    const page = renderSuppliersPage(() => suppliers, {
      'DELETE /api/suppliers/21': () => {
        suppliers = [ZENITH];
        return { status: 200, body: { message: SUPPLIER_MESSAGES.deleted } };
      },
    });
    await screen.findByRole('table');

    await page.user.click(screen.getByRole('button', { name: 'Delete Acme Parts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Supplier' });
    await page.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(page.requestsTo('DELETE /api/suppliers/21')).toHaveLength(0);

    await confirmDelete(page, 'Acme Parts');

    expect(await screen.findByText(SUPPLIER_MESSAGES.deleted)).toBeInTheDocument();
    expect(page.requestsTo('DELETE /api/suppliers/21')).toHaveLength(1);
    expect(names()).toEqual(['Zenith Supply']);
  });

  it('removes the row even when the server answers 500', async () => {
    const page = renderSuppliersPage([ACME, ZENITH], {
      'DELETE /api/suppliers/21': {
        status: 500,
        body: { error: 'Internal error', message: 'Internal error' },
      },
    });
    await screen.findByRole('table');

    await confirmDelete(page, 'Acme Parts');

    expect(names()).toEqual(['Zenith Supply']);
    expect(await screen.findByText('Internal error')).toBeInTheDocument();
    expect(page.requestsTo('DELETE /api/suppliers/21')).toHaveLength(1);
    expect(names()).toEqual(['Zenith Supply']);
  });

  it('removes the row and only logs a network error', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const page = renderSuppliersPage([ACME, ZENITH], {
      'DELETE /api/suppliers/21': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await screen.findByRole('table');

    await confirmDelete(page, 'Acme Parts');

    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
    expect(names()).toEqual(['Zenith Supply']);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
