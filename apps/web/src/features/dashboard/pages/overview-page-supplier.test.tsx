import { PATHS, type SupplierDay, type SupplierScorecard } from '@depot/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { OVERVIEW_TEXT } from './overview-page';

const SUPPLIER = TEST_USERS.supplier;

const EMPTY_DAY: SupplierDay = {
  today: '2026-06-15',
  yesterday: '2026-06-14',
  week_from: '2026-06-15',
  week_to: '2026-06-21',
  open: { 'Order Received': 0, Processing: 0, 'In Transit': 0, Delayed: 0 },
  due_this_week: 0,
  overdue: 0,
};

const SCORECARD: SupplierScorecard = {
  supplier_id: SUPPLIER.id,
  supplier_name: SUPPLIER.name,
  orders: 13,
  delivered_orders: 10,
  on_time_rate: 0.7,
  fill_rate: 104 / 110,
  average_lead_time_hours: 30,
  open_orders: 2,
  overdue_orders: 1,
};

function renderOverview(scorecards: SupplierScorecard[]) {
  stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(SUPPLIER) },
    'GET /api/supplier-scorecards': { status: 200, body: { scorecards } },
    'GET /api/overview/supplier': { status: 200, body: EMPTY_DAY },
  });
  return renderApp(PATHS.overview, { storedUser: SUPPLIER });
}

const field = (card: HTMLElement, label: string) =>
  within(card).getByText(label).nextElementSibling?.textContent;

describe("a supplier's Overview", () => {
  it('keeps the overview text and shows the supplier’s own scorecard', async () => {
    renderOverview([SCORECARD]);
    expect(await screen.findByText(OVERVIEW_TEXT)).toBeInTheDocument();
    const card = await screen.findByRole('article', { name: `Scorecard of ${SUPPLIER.name}` });
    expect(within(card).getByText('Your Scorecard')).toBeInTheDocument();
    expect(field(card, 'On Time')).toBe('70%');
    expect(field(card, 'Fill Rate')).toBe('95%');
    expect(field(card, 'Average Lead Time')).toBe('30.0 hours');
    expect(field(card, 'Delivered')).toBe('10 of 13 orders');
    expect(field(card, 'Open Orders')).toBe('2');
    expect(field(card, 'Overdue')).toBe('1');
  });

  it('says the scorecard starts with the first order when there is none', async () => {
    renderOverview([]);
    expect(
      await screen.findByText('No supply orders yet: your scorecard starts with the first.'),
    ).toBeInTheDocument();
  });
});
