import { readFileSync } from 'node:fs';
import type { Role } from '@depot/contract';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import {
  DEMO_COURIERS,
  DEMO_CUSTOMERS,
  DEMO_MANAGERS,
  DEMO_SUPPLIERS,
} from '../apps/server/src/demo/demo-business';
import { logInAsDemo } from './support/screen-checks';

// Every list's Export CSV button in a browser, on the seeded demo business
// (docs/decisions/019-data-in-and-out.md): the download is UTF-8 with a byte-order mark and a header
// row, and holds exactly the rows the list counts with its search or filter applied.

const manager = DEMO_MANAGERS[0]?.name ?? '';
const supplier = DEMO_SUPPLIERS[0]?.name ?? '';
const courier = DEMO_COURIERS[0]?.name ?? '';
const customer = DEMO_CUSTOMERS[0]?.name ?? '';

interface ListCase {
  role: Role;
  who: string;
  /** The page, with a search or filter in its address. */
  page: string;
  /** The list's API path, whose X-Total-Count the file must match. */
  api: string;
  /** A header the file must have. */
  column: string;
}

const LISTS: ListCase[] = [
  {
    role: 'Inventory Manager',
    who: manager,
    page: '/dashboard/stock-management?q=screw',
    api: '/api/stocks',
    column: 'sku',
  },
  {
    role: 'Inventory Manager',
    who: manager,
    page: '/dashboard/suppliers?q=a',
    api: '/api/suppliers',
    column: 'email',
  },
  {
    role: 'Inventory Manager',
    who: manager,
    page: '/dashboard/my-orders?q=a',
    api: '/api/replenishment-orders',
    column: 'status',
  },
  {
    role: 'Inventory Manager',
    who: manager,
    page: '/dashboard/customer-orders?status=Delivered',
    api: '/api/orders',
    column: 'status',
  },
  {
    role: 'Inventory Manager',
    who: manager,
    page: '/dashboard/activity?action=stock.created',
    api: '/api/activity',
    column: 'action',
  },
  { role: 'Inventory Manager', who: manager, page: '/dashboard/team', api: '/api/team', column: 'email' },
  {
    role: 'Supplier',
    who: supplier,
    page: '/dashboard/supply-products?q=a',
    api: '/api/stock-replenishment/products',
    column: 'sku',
  },
  {
    role: 'Supplier',
    who: supplier,
    page: '/dashboard/supply-orders?q=a',
    api: '/api/replenishment-orders',
    column: 'status',
  },
  {
    role: 'Courier Service',
    who: courier,
    page: '/dashboard/couriers?status=Delivered',
    api: '/api/orders',
    column: 'status',
  },
  {
    role: 'Customer',
    who: customer,
    page: '/dashboard/products?q=a',
    api: '/api/stocks',
    column: 'stock_name',
  },
  { role: 'Customer', who: customer, page: '/dashboard/orders?q=a', api: '/api/orders', column: 'status' },
  {
    role: 'Customer',
    who: customer,
    page: '/dashboard/notifications',
    api: '/api/notifications',
    column: 'message',
  },
];

/** The list's page answer, its total, and the file the Export button downloads. */
async function exportOf(page: Page, list: ListCase) {
  const answer = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return (
      url.pathname === list.api && url.searchParams.has('limit') && response.request().method() === 'GET'
    );
  });
  await page.goto(list.page);
  const first = await answer;
  expect(first.status(), list.page).toBe(200);
  const total = Number(first.headers()['x-total-count']);
  const button = page.getByRole('button', { name: /as CSV$/ });
  await expect(button).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
  const path = await download.path();
  return {
    total,
    query: new URL(first.url()).searchParams,
    bytes: readFileSync(path),
    name: download.suggestedFilename(),
  };
}

for (const list of LISTS) {
  test(`Export CSV on ${list.page} (${list.role}) downloads the list as filtered`, async ({ page }) => {
    await logInAsDemo(page, list.who, list.role);
    const { total, query, bytes, name } = await exportOf(page, list);
    expect(name).toMatch(/\.csv$/);
    // UTF-8 byte-order mark, then a header row.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parse(bytes.subarray(3).toString('utf8'), {
      columns: true,
      skip_empty_lines: true,
    }) as Record<string, string>[];
    const header = bytes.subarray(3).toString('utf8').split('\r\n')[0]?.split(',') ?? [];
    expect(header).toContain(list.column);
    // Every row the list counts with its search or filter, not one page of them, and no more.
    expect(rows.length, `${list.page}: rows in the file`).toBe(total);
    // A status or action filter: every row has it.
    for (const field of ['status', 'action']) {
      const chosen = query.getAll(field);
      if (chosen.length === 1)
        expect(
          rows.every((row) => row[field] === chosen[0]),
          field,
        ).toBe(true);
    }
  });
}
