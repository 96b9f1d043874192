import { type Notification, PATHS } from '@depot/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeEventSource, openedLiveStream } from '@/testing/fake-event-source';
import { stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { profileOf, renderApp, TEST_USERS } from '@/testing/render-app';
import { NO_NOTIFICATIONS_TEXT } from './notifications-page';

const CUSTOMER = TEST_USERS.customer;
const NOTIFICATIONS_PATH = '/api/notifications';

const note = (id: number, title: string, created_at: string): Notification => ({
  id,
  title,
  message: `Order #${id} is now ${title}`,
  created_at,
});

function renderNotifications(notifications: Notification[] | (() => Notification[])) {
  installFakeEventSource();
  const fetchStub = stubFetch({
    'GET /auth/profile': { status: 200, body: profileOf(CUSTOMER) },
    [`GET ${NOTIFICATIONS_PATH}`]: listServer(notifications, {
      searchIn: (item) => [item.title, item.message],
    }),
  });
  return { ...renderApp(PATHS.notifications, { storedUser: CUSTOMER }), ...fetchStub };
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
    let notifications = [note(1, 'Processing', '2026-11-22T09:00:00.000Z')];
    renderNotifications(() => notifications);
    await screen.findByRole('list', { name: 'Notifications' });
    const stream = await openedLiveStream();

    const delivered = note(5, 'Delivered', '2026-11-22T16:30:00.000Z');
    notifications = [delivered, ...notifications];
    act(() => {
      stream.emit('notification', delivered);
    });

    await waitFor(() =>
      expect(items().map((item) => item.querySelector('p')?.textContent)).toEqual([
        'Delivered',
        'Processing',
      ]),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('DeliveredOrder #5 is now Delivered');
  });

  it('pages on the server, showing the total', async () => {
    const all = Array.from({ length: 30 }, (_, index) =>
      note(100 - index, 'Processing', `2026-11-${String(30 - index).padStart(2, '0')}T09:00:00.000Z`),
    );
    const { user, requestsTo } = renderNotifications(all);
    await screen.findByRole('list', { name: 'Notifications' });
    expect(items()).toHaveLength(25);
    expect(screen.getByText('Showing 1–25 of 30 notifications')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–30 of 30 notifications')).toBeInTheDocument();
    expect(items()).toHaveLength(5);
    expect(requestsTo(`GET ${NOTIFICATIONS_PATH}`).at(-1)?.query.get('offset')).toBe('25');
  });
});
