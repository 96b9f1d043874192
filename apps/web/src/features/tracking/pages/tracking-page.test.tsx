import type { Tracking } from '@depot/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderApp } from '@/testing/render-app';
import { UNKNOWN_TRACKING_TEXT } from './tracking-page';

const TOKEN = 'abcdefghijklmnopqrstuv';

const tracking: Tracking = {
  order_id: 11,
  status: 'In Transit',
  status_history: [
    { status: 'Processing', at: '2026-11-20T09:00:00.000Z' },
    { status: 'In Transit', at: '2026-11-21T14:30:00.000Z' },
  ],
  delivery_date: '2026-11-22T09:00:00.000Z',
  courier_name: 'Swift Couriers',
  town: 'Central Delhi',
  pin_code: '110001',
  delivery_code: '4821',
};

describe('the public tracking page', () => {
  it('shows the timeline, the expected date, the courier, the town and PIN code, signed out', async () => {
    const { requestsTo } = stubFetch({ [`GET /api/track/${TOKEN}`]: { status: 200, body: tracking } });
    renderApp(`/track/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Order #11', level: 1 })).toBeInTheDocument();
    expect(screen.getByLabelText('Status timeline')).toHaveTextContent('In Transit21/11/2026, 14:30');
    expect(screen.getByText('22/11/2026')).toBeInTheDocument();
    expect(screen.getByText('Swift Couriers')).toBeInTheDocument();
    expect(screen.getByText('Central Delhi, PIN 110001')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Delivery code' })).toHaveTextContent('4821');
    // No session is asked for: the page is public.
    expect(requestsTo('GET /auth/profile')).toHaveLength(0);
  });

  it('says the link is unknown on a 404', async () => {
    stubFetch({
      [`GET /api/track/${TOKEN}`]: {
        status: 404,
        body: { error: 'Not Found', message: 'No order has this tracking link', code: 'not_found' },
      },
    });
    renderApp(`/track/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByText(new RegExp(UNKNOWN_TRACKING_TEXT))).toBeInTheDocument();
  });
});
