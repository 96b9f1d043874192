import { defineList } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '@/hooks/use-is-phone';
import { useList } from '@/hooks/use-list';
import { stubFetch } from '@/testing/fetch-stub';
import { listServer } from '@/testing/list-server';
import { renderRoute } from '@/testing/render-route';
import { DataList, type ListColumn } from './data-list';

interface Thing {
  id: number;
  name: string;
  status: 'ripe' | 'green';
}

const THING_LIST = defineList({
  sortFields: ['id', 'name'],
  defaultSort: { field: 'id', order: 'desc' },
  searches: 'the name',
});

const COLUMNS: ListColumn<Thing, 'id' | 'name'>[] = [
  { header: 'ID', sort: 'id', cell: (thing) => thing.id, card: 'aside' },
  { header: 'Name', sort: 'name', cell: (thing) => thing.name, card: 'title' },
  { header: 'Status', cell: (thing) => thing.status },
];

function ThingsPage() {
  const list = useList<Thing, 'id' | 'name'>({
    path: '/api/things',
    queryKey: ['things', 'list'],
    spec: THING_LIST,
    filters: ['status'],
  });
  return (
    <DataList
      list={list}
      columns={COLUMNS}
      rowKey={(thing) => thing.id}
      label="Things"
      noun={{ one: 'thing', other: 'things' }}
      loadingLabel="Loading things"
      errorTitle="Could not load things"
      empty={{ title: 'No things yet.', hint: 'Add one.' }}
      noMatch={(search) => `No things match “${search}”.`}
      search={{ label: 'Search things', placeholder: 'Search things by name' }}
    />
  );
}

const things = (count: number): Thing[] =>
  Array.from({ length: count }, (_, index) => ({
    id: index + 1,
    name: `Thing ${String(index + 1).padStart(2, '0')}`,
    status: index % 2 ? 'green' : 'ripe',
  }));

function renderThings(rows: Thing[], entry = '/things') {
  const fetchStub = stubFetch({
    'GET /api/things': listServer(rows, {
      searchIn: (thing) => [thing.name],
      filter: (thing, query) => !query.has('status') || query.getAll('status').includes(thing.status),
    }),
  });
  const user = userEvent.setup();
  return { ...renderRoute('/things', <ThingsPage />, entry), ...fetchStub, user };
}

const names = () =>
  within(screen.getByRole('table', { name: 'Things' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]?.textContent);

describe('DataList with useList', () => {
  it('reads its view from the address and asks the server for exactly that', async () => {
    const { requests } = renderThings(
      things(30),
      '/things?q=thing&sort=name&order=desc&page=2&size=10&status=ripe',
    );

    expect(await screen.findByText('Showing 11–15 of 15 things')).toBeInTheDocument();
    expect(requests[0]?.query.toString()).toBe('q=thing&sort=name&order=desc&limit=10&offset=10&status=ripe');
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('thing');
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'ID' })).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['Thing 09', 'Thing 07', 'Thing 05', 'Thing 03', 'Thing 01']);
    expect(screen.getByRole('combobox', { name: 'Rows per page' })).toHaveValue('10');
  });

  it('exports what it shows: the same search, sort and filters, every page, asked as CSV', async () => {
    const { requests, user } = renderThings(
      things(30),
      '/things?q=thing&sort=name&order=desc&page=2&size=10&status=ripe',
    );
    expect(await screen.findByText('Showing 11–15 of 15 things')).toBeInTheDocument();
    const createObjectURL = vi.fn(() => 'blob:things');
    const { createObjectURL: ownCreate, revokeObjectURL: ownRevoke } = URL;
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});

    await user.click(screen.getByRole('button', { name: 'Export things as CSV' }));

    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const exported = requests.at(-1);
    expect(exported?.query.toString()).toBe('q=thing&sort=name&order=desc&status=ripe');
    expect(exported?.headers.accept).toBe('text/csv');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    clicked.mockRestore();
    Object.assign(URL, { createObjectURL: ownCreate, revokeObjectURL: ownRevoke });
  });

  it('shows the default sort on its header and leaves defaults out of the address', async () => {
    const { requests, router } = renderThings(things(3));
    expect(await screen.findByText('3 things')).toBeInTheDocument();
    expect(requests[0]?.query.toString()).toBe('sort=id&order=desc&limit=25&offset=0');
    expect(screen.getByRole('columnheader', { name: 'ID' })).toHaveAttribute('aria-sort', 'descending');
    expect(router.state.location.search).toBe('');
    // One page: no page buttons.
    expect(screen.queryByRole('navigation', { name: 'Things pages' })).not.toBeInTheDocument();
  });

  it('pages on the server, keeping the page and its size in the address', async () => {
    const { user, router, requests } = renderThings(things(52));
    expect(await screen.findByText('Showing 1–25 of 52 things')).toBeInTheDocument();
    expect(names()).toHaveLength(25);

    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(await screen.findByText('Showing 51–52 of 52 things')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=3');
    expect(requests.at(-1)?.query.get('offset')).toBe('50');
    expect(screen.getByRole('button', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50 per page');
    expect(await screen.findByText('Showing 1–50 of 52 things')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?size=50');

    // Back returns to the page before, as a link to it would.
    router.navigate(-1);
    expect(await screen.findByText('Showing 51–52 of 52 things')).toBeInTheDocument();
  });

  it('sorts from a header with the keyboard, first ascending, then descending', async () => {
    const { user, router, requests } = renderThings(things(3));
    await screen.findByText('3 things');
    const nameButton = within(screen.getByRole('columnheader', { name: 'Name' })).getByRole('button');

    nameButton.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(names()).toEqual(['Thing 01', 'Thing 02', 'Thing 03']));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(router.state.location.search).toBe('?sort=name&order=asc');

    await user.keyboard(' ');
    await waitFor(() => expect(names()).toEqual(['Thing 03', 'Thing 02', 'Thing 01']));
    expect(requests.at(-1)?.query.toString()).toBe('sort=name&order=desc&limit=25&offset=0');
  });

  it('searches once typing pauses, replacing the history entry and going back to the first page', async () => {
    const { user, router, requests } = renderThings(things(52), '/things?page=2');
    await screen.findByText('Showing 26–50 of 52 things');
    const before = requests.length;

    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'Thing 1');
    expect(await screen.findByText('10 things')).toBeInTheDocument();
    expect(requests.slice(before).map((request) => request.query.get('q'))).toEqual(['Thing 1']);
    expect(router.state.location.search).toBe('?q=Thing+1');
    expect(router.state.historyAction).toBe('REPLACE');

    await user.clear(screen.getByRole('searchbox', { name: 'Search things' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search things' }), 'pear');
    expect(await screen.findByText('No things match “pear”.')).toBeInTheDocument();
    // The box stays to change the search.
    expect(screen.getByRole('searchbox', { name: 'Search things' })).toHaveValue('pear');
  });

  it('shows the empty state, without a search box, when there is nothing at all', async () => {
    renderThings([]);
    expect(await screen.findByText('No things yet.')).toBeInTheDocument();
    expect(screen.getByText('Add one.')).toBeInTheDocument();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the server's reason when the list cannot load, and retries", async () => {
    let fail = true;
    stubFetch({
      'GET /api/things': () =>
        fail
          ? { status: 500, body: { error: 'Database is down', message: 'Database is down' } }
          : { status: 200, body: things(2) },
    });
    const user = userEvent.setup();
    renderRoute('/things', <ThingsPage />);
    expect(screen.getByRole('status', { name: 'Loading things' })).toBeInTheDocument();
    expect(await screen.findByText('Could not load things')).toBeInTheDocument();
    expect(screen.getByText('Database is down')).toBeInTheDocument();

    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('table', { name: 'Things' })).toBeInTheDocument();
    expect(screen.getByText('2 things')).toBeInTheDocument();
  });

  it('moves a page past the end (an old link) to the last page', async () => {
    const { router } = renderThings(things(30), '/things?page=9');
    expect(await screen.findByText('Showing 26–30 of 30 things')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?page=2');
  });

  it('shows cards with a Sort by select on a phone', async () => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query) => ({
      ...matchMedia(query),
      matches: query === PHONE_QUERY,
    }));
    const { user, router } = renderThings(things(3));

    const list = await screen.findByRole('list', { name: 'Things' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const first = within(list).getAllByRole('listitem')[0] as HTMLElement;
    expect(first).toHaveTextContent('Thing 03');
    expect(first).toHaveTextContent('Statusripe');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Name (ascending)');
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Things' })).getAllByRole('listitem')[0],
      ).toHaveTextContent('Thing 01'),
    );
    expect(router.state.location.search).toBe('?sort=name&order=asc');
  });
});
