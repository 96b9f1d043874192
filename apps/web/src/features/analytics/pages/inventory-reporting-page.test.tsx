import {
  ANALYTICS_EMPTY_MESSAGES,
  ANALYTICS_MESSAGES,
  type InventoryReport,
  type MoneyReport,
  type OrderPerformanceReport,
  PATHS,
  type SalesReport,
} from '@depot/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installFakeEventSource } from '@/testing/fake-event-source';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { CHOOSE_DATES_TEXT, START_AFTER_END_TEXT } from './inventory-reporting-page';

// jsdom cannot draw on a canvas: each chart renders what it was given, so the test reads the data.
vi.mock('../components/chart-canvas', () => ({
  loadChartJs: () => Promise.resolve(),
  ChartCanvas: ({
    type,
    label,
    data,
  }: {
    type: string;
    label: string;
    data: { labels: string[]; datasets: { label: string; data: number[] }[] };
  }) => (
    <figure data-chart={type} aria-label={label}>
      <figcaption>{data.labels.join('|')}</figcaption>
      {data.datasets.map((dataset) => (
        <p key={dataset.label}>{`${dataset.label}: ${dataset.data.join(',')}`}</p>
      ))}
    </figure>
  ),
}));

const MANAGER = TEST_USERS.inventoryManager;
const RANGE = 'startDate=2026-06-01&endDate=2026-11-30';
const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

const INVENTORY: InventoryReport = {
  stock_levels: { products: ['Bolts', 'Hinges'], quantities: [40, 4], reorder_level: 10 },
  supplier_stock_distribution: { suppliers: ['Acme', 'Boltco'], total_products: [120, 30] },
};
const PERFORMANCE: OrderPerformanceReport = {
  order_fulfilment_rate: {
    months: MONTHS,
    total_orders: [5, 6, 7, 8, 9, 10],
    fulfilled_orders: [5, 5, 6, 7, 8, 2],
  },
  order_volume_trends: { months: MONTHS, order_counts: [5, 6, 7, 8, 9, 10] },
};
const SALES: SalesReport = {
  product_sales_trends: {
    bestsellers: [['Bolts', { months: MONTHS, quantities: [9, 9, 9, 9, 9, 9] }]],
    low_performers: [['Hinges', { months: MONTHS, quantities: [0, 1, 0, 0, 2, 0] }]],
  },
};
const EMPTY_PERFORMANCE: OrderPerformanceReport = {
  order_fulfilment_rate: {
    months: MONTHS,
    total_orders: [0, 0, 0, 0, 0, 0],
    fulfilled_orders: [0, 0, 0, 0, 0, 0],
  },
  order_volume_trends: { months: MONTHS, order_counts: [0, 0, 0, 0, 0, 0] },
};

const MONEY: MoneyReport = {
  revenue_per_month: {
    months: MONTHS,
    revenue: [0, 0, 0, 0, 1234.5, 100000],
    orders: [0, 0, 0, 0, 2, 1],
  },
  revenue: 101234.5,
  orders: 3,
  average_order_value: 33744.83,
  stock_value: 250000,
};

function renderReports(reports: {
  inventory: InventoryReport;
  performance: OrderPerformanceReport;
  sales: SalesReport;
  money?: MoneyReport;
}) {
  installFakeEventSource();
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    [`GET /api/inventory-reports?${RANGE}`]: { status: 200, body: reports.inventory },
    [`GET /api/order-performance-and-demand-analysis?${RANGE}`]: { status: 200, body: reports.performance },
    [`GET /api/sales-reports?${RANGE}`]: { status: 200, body: reports.sales },
    [`GET /api/money-reports?${RANGE}`]: { status: 200, body: reports.money ?? MONEY },
  });
  return { ...renderApp(PATHS.overview, { storedUser: MANAGER }), ...fetchStub };
}

const chart = (title: string) => within(screen.getByRole('region', { name: title }));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: new Date(2026, 10, 22, 12) });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('Inventory Reporting (manager Overview)', () => {
  it('loads the default range and draws the five charts in their three sections', async () => {
    renderReports({ inventory: INVENTORY, performance: PERFORMANCE, sales: SALES });

    expect(await screen.findByRole('heading', { name: 'Inventory Reporting' })).toBeInTheDocument();
    // The dates read as the tables write them, dd/mm/yyyy, whatever the browser's language.
    expect(screen.getByLabelText(/Start Date/)).toHaveValue('01/06/2026');
    expect(screen.getByLabelText(/End Date/)).toHaveValue('30/11/2026');
    for (const section of ['Inventory Reports', 'Order Performance', 'Sales & Product Analytics']) {
      expect(screen.getByRole('heading', { name: section })).toBeInTheDocument();
    }

    await screen.findByText('Units in stock: 4,40');
    expect(
      chart('Stock Levels & Replenishment Needs').getByText('Hinges (reorder)|Bolts'),
    ).toBeInTheDocument();
    const key = within(screen.getByRole('list', { name: 'Stock levels key' }));
    expect(key.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Hinges (reorder): 4',
      'Bolts: 40',
    ]);
    expect(screen.getByLabelText('Needs replenishment')).toHaveTextContent('At or under 10 units:Hinges: 4');
    expect(chart('Supplier Stock Distribution').getByText('Units delivered: 120,30')).toBeInTheDocument();
    await screen.findByText('Total Orders: 5,6,7,8,9,10');
    expect(chart('Order Fulfilment Rate').getByText('Fulfilled Orders: 5,5,6,7,8,2')).toBeInTheDocument();
    expect(
      chart('Order Fulfilment Rate').getByText('Jun 2026|Jul 2026|Aug 2026|Sept 2026|Oct 2026|Nov 2026'),
    ).toBeInTheDocument();
    expect(chart('Order Volume Trends').getByText('Orders: 5,6,7,8,9,10')).toBeInTheDocument();
    expect(await screen.findByText('Bolts (bestseller): 9,9,9,9,9,9')).toBeInTheDocument();
    expect(
      chart('Product Sales Trends').getByText('Hinges (low performer): 0,1,0,0,2,0'),
    ).toBeInTheDocument();
  });

  it('shows the documented sentences for a range without data', async () => {
    renderReports({
      inventory: {
        stock_levels: { products: [], quantities: [], reorder_level: 10 },
        supplier_stock_distribution: { suppliers: [], total_products: [] },
      },
      performance: EMPTY_PERFORMANCE,
      sales: { product_sales_trends: { bestsellers: [], low_performers: [] } },
      money: {
        revenue_per_month: { months: MONTHS, revenue: [0, 0, 0, 0, 0, 0], orders: [0, 0, 0, 0, 0, 0] },
        revenue: 0,
        orders: 0,
        average_order_value: null,
        stock_value: 0,
      },
    });
    for (const message of Object.values(ANALYTICS_EMPTY_MESSAGES)) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
  });

  it('loads nothing until both dates are set, and nothing for a start after the end', async () => {
    const { requests } = renderReports({ inventory: INVENTORY, performance: PERFORMANCE, sales: SALES });
    await screen.findByText('Units in stock: 4,40');
    const reportCalls = () => requests.filter((request) => request.path.startsWith('/api/')).length;
    const before = reportCalls();

    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '' } });
    expect(await screen.findByText(CHOOSE_DATES_TEXT)).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '01/05/2026' } });
    expect(await screen.findByText(START_AFTER_END_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(reportCalls()).toBe(before));
    expect(screen.queryByRole('heading', { name: 'Inventory Reports' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '01/01/2000' } });
    expect(await screen.findByText(ANALYTICS_MESSAGES.rangeTooLong)).toBeInTheDocument();
    await waitFor(() => expect(reportCalls()).toBe(before));
  });

  it('shows revenue, the average order value and the stock value in the business currency', async () => {
    renderReports({ inventory: INVENTORY, performance: PERFORMANCE, sales: SALES });
    expect(screen.getByRole('heading', { name: 'Money' })).toBeInTheDocument();
    const figure = (title: string) => within(screen.getByRole('region', { name: title }));
    expect(await figure('Revenue').findByText('$101,234.50')).toBeInTheDocument();
    expect(figure('Revenue').getByText('3 orders, Cancelled not counted')).toBeInTheDocument();
    expect(figure('Average Order Value').getByText('$33,744.83')).toBeInTheDocument();
    expect(figure('Stock Value').getByText('$250,000.00')).toBeInTheDocument();
    const rows = within(screen.getByRole('region', { name: 'Revenue per Month' })).getAllByRole('row');
    expect(rows.map((row) => row.textContent)).toEqual([
      'MonthOrdersRevenue',
      'Jun 20260$0.00',
      'Jul 20260$0.00',
      'Aug 20260$0.00',
      'Sept 20260$0.00',
      'Oct 20262$1,234.50',
      'Nov 20261$100,000.00',
      'Total3$101,234.50',
    ]);
  });

  it('reads a typed dd/mm/yyyy date and asks for the range it names', async () => {
    const { requests } = renderReports({ inventory: INVENTORY, performance: PERFORMANCE, sales: SALES });
    await screen.findByText('Units in stock: 4,40');
    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '02/07/2026' } });
    await waitFor(() =>
      expect(
        requests.some(
          (request) =>
            request.query.get('startDate') === '2026-07-02' && request.query.get('endDate') === '2026-11-30',
        ),
      ).toBe(true),
    );
  });
});
