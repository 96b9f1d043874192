import { type Notification, PATHS } from '@depot/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource, openedLiveStream } from '@/testing/fake-event-source';
import { stubFetch } from '@/testing/fetch-stub';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { NO_NOTIFICATIONS_TEXT } from './notifications-page';

const CUSTOMER = TEST_USERS.customer;
const FIRST_PAGE = '/api/notifications?limit=50&offset=0';

const note = (id: number, title: string, created_at: string): Notification => ({
  id,
  title,
  message: `Order #${id} is now ${title}`,
  created_at,
});

function renderNotifications(notifications: Notification[], more: Record<string, Notification[]> = {}) {
  installFakeEventSource();
  stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(CUSTOMER) },
    [`GET ${FIRST_PAGE}`]: { status: 200, body: notifications },
    ...Object.fromEntries(Object.entries(more).map(([path, body]) => [`GET ${path}`, { status: 200, body }])),
  });
  return renderApp(PATHS.notifications, { storedUser: CUSTOMER });
}

const items = () => within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');

describe('Notifications page', () => {
  it('lists notifications as the server orders them, with en-GB times and the title as a class', async () => {
    renderNotifications([
      note(2, 'In Transit', '2026-11-22T14:05:00.000Z'),
      note(1, 'Processing', '2026-03-07T09:00:00.000Z'),
    ]);

    await screen.findByRole('list', { name: 'Notifications' });
    expect(items().map((item) => item.textContent)).toEqual([
      'In Transit22/11/2026, 14:05Order #2 is now In Transit',
      'Processing07/03/2026, 09:00Order #1 is now Processing',
    ]);
    expect(items()[0]).toHaveClass('notification', 'in', 'transit');
    expect(items()[1]).toHaveClass('notification', 'processing');
  });

  it('shows an empty state when there is nothing yet', async () => {
    renderNotifications([]);
    expect(await screen.findByText(NO_NOTIFICATIONS_TEXT)).toBeInTheDocument();
  });

  it('puts a live notification on top without a reload, and toasts it', async () => {
    renderNotifications([note(1, 'Processing', '2026-11-22T09:00:00.000Z')]);
    await screen.findByRole('list', { name: 'Notifications' });
    const stream = await openedLiveStream();

    act(() => {
      stream.emit('notification', note(5, 'Delivered', '2026-11-22T16:30:00.000Z'));
    });

    await waitFor(() =>
      expect(items().map((item) => item.querySelector('p')?.textContent)).toEqual([
        'Delivered',
        'Processing',
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('DeliveredOrder #5 is now Delivered');
  });

  it('loads older notifications on request and shows a repeated one only once', async () => {
    const firstPage = Array.from({ length: 50 }, (_, index) =>
      note(100 - index, 'Processing', '2026-11-22T09:00:00.000Z'),
    );
    const { user } = renderNotifications(firstPage, {
      '/api/notifications?limit=50&offset=50': [
        note(51, 'Processing', '2026-11-20T09:00:00.000Z'),
        note(50, 'Delivered', '2026-11-19T09:00:00.000Z'),
      ],
    });
    await screen.findByRole('list', { name: 'Notifications' });
    expect(items()).toHaveLength(50);

    await user.click(screen.getByRole('button', { name: 'Show older' }));
    await screen.findByText('Order #50 is now Delivered');
    expect(items()).toHaveLength(51);
    expect(screen.queryByRole('button', { name: 'Show older' })).not.toBeInTheDocument();
  });
});
