import type { ImportReport } from '@depot/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { stubFetch } from '@/testing/fetch-stub';
import { renderRoute } from '@/testing/render-route';
import { ImportDialog } from './import-dialog';

const PATH = '/api/stocks/import';

const reportOf = (overrides: Partial<ImportReport>): ImportReport => ({
  committed: false,
  counts: { create: 1, update: 1, unchanged: 0, error: 0 },
  rows: [
    { row: 2, action: 'create', name: 'Rice', sku: 'R-1', id: null, changes: [] },
    { row: 3, action: 'update', name: 'Oil', sku: null, id: 7, changes: ['quantity'] },
  ],
  problems: [],
  ...overrides,
});

function renderDialog(dryRun: ImportReport) {
  const onClose = vi.fn();
  const fetchStub = stubFetch({
    [`POST ${PATH}/dry-run`]: { status: 200, body: dryRun },
    [`POST ${PATH}`]: { status: 200, body: { ...dryRun, committed: true } },
  });
  renderRoute(
    '/stock',
    <ImportDialog
      opened
      onClose={onClose}
      title="Import stock items"
      path={PATH}
      columns="stock_name, price, quantity, weight"
      invalidates={['stocks']}
    />,
  );
  return { ...fetchStub, onClose, user: userEvent.setup() };
}

describe('ImportDialog', () => {
  it('sends the pasted CSV for a dry run, shows its report, then imports it', async () => {
    const { requests, onClose, user } = renderDialog(reportOf({}));
    const csv = 'sku,stock_name,price,quantity,weight\nR-1,Rice,1,1,1';
    await user.click(screen.getByLabelText('Or paste CSV'));
    await user.paste(csv);
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByText('1 to create, 1 to update, 0 unchanged')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'POST', path: `${PATH}/dry-run`, body: csv });
    expect(requests[0]?.headers['content-type']).toBe('text/csv');
    const rows = within(screen.getByRole('table', { name: 'Rows' })).getAllByRole('row');
    expect(rows[2]).toHaveTextContent('Oil');
    expect(rows[2]).toHaveTextContent('quantity');

    await user.click(screen.getByRole('button', { name: 'Import 2 rows' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(requests[1]).toMatchObject({ method: 'POST', path: PATH, body: csv });
  });

  it('lists every problem with its row and column, and imports nothing while there are any', async () => {
    const { requests, user } = renderDialog(
      reportOf({
        counts: { create: 1, update: 0, unchanged: 0, error: 1 },
        problems: [{ row: 3, column: 'price', reason: 'Price must be a number' }],
      }),
    );
    await user.click(screen.getByLabelText('Or paste CSV'));
    await user.paste('stock_name,price,quantity,weight\nRice,x,1,1');
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    const problems = await screen.findByRole('table', { name: 'Problems' });
    expect(within(problems).getAllByRole('row')[1]).toHaveTextContent(/3\s*price\s*Price must be a number/);
    expect(screen.getByRole('button', { name: /Import/ })).toBeDisabled();
    expect(requests).toHaveLength(1);
  });
});
