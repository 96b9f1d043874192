import {
  ANALYTICS_EMPTY_MESSAGES,
  ANALYTICS_MESSAGES,
  type InventoryReport,
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

function renderReports(reports: {
  inventory: InventoryReport;
  performance: OrderPerformanceReport;
  sales: SalesReport;
}) {
  installFakeEventSource();
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(MANAGER) },
    [`GET /api/inventory-reports?${RANGE}`]: { status: 200, body: reports.inventory },
    [`GET /api/order-performance-and-demand-analysis?${RANGE}`]: { status: 200, body: reports.performance },
    [`GET /api/sales-reports?${RANGE}`]: { status: 200, body: reports.sales },
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
    expect(screen.getByLabelText(/Start Date/)).toHaveValue('2026-06-01');
    expect(screen.getByLabelText(/End Date/)).toHaveValue('2026-11-30');
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
    fireEvent.change(screen.getByLabelText(/End Date/), { target: { value: '2026-05-01' } });
    expect(await screen.findByText(START_AFTER_END_TEXT)).toBeInTheDocument();
    await waitFor(() => expect(reportCalls()).toBe(before));
    expect(screen.queryByRole('heading', { name: 'Inventory Reports' })).not.toBeInTheDocument();

    fireEvent.change(screen.getByLabelText(/Start Date/), { target: { value: '2000-01-01' } });
    expect(await screen.findByText(ANALYTICS_MESSAGES.rangeTooLong)).toBeInTheDocument();
    await waitFor(() => expect(reportCalls()).toBe(before));
  });
});
