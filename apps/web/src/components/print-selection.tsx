import { Button, Checkbox, Group, Text } from '@mantine/core';
import type { ListColumn } from '@/components/data-list/data-list';
import type { RowSelection } from '@/hooks/use-row-selection';
import { formatQuantity } from '@/lib/format';
import { PRINT_JOB_MAX, type PrintDocument, printPath } from '@/lib/print-documents';

/**
 * A list's column of checkboxes that pick orders to print (docs/product/screens.md#printed-documents);
 * its header picks or drops every order of the page shown.
 */
export function selectColumn<Row extends { id: number }, SortField extends string>(
  selection: RowSelection,
  pageRows: readonly Row[],
  noun: string,
): ListColumn<Row, SortField> {
  const pageIds = pageRows.map((row) => row.id);
  const picked = pageIds.filter((id) => selection.has(id)).length;
  return {
    header: 'Select',
    headerCell: (
      <Checkbox
        aria-label={`Select every ${noun} on this page`}
        checked={pageIds.length > 0 && picked === pageIds.length}
        indeterminate={picked > 0 && picked < pageIds.length}
        onChange={(event) => selection.setMany(pageIds, event.currentTarget.checked)}
      />
    ),
    card: 'actions',
    style: { width: 40 },
    cell: (row) => (
      <Checkbox
        aria-label={`Select ${noun} ${row.id}`}
        checked={selection.has(row.id)}
        onChange={() => selection.toggle(row.id)}
      />
    ),
    cardCell: (row) => (
      <Checkbox
        label="Select to print"
        aria-label={`Select ${noun} ${row.id}`}
        checked={selection.has(row.id)}
        onChange={() => selection.toggle(row.id)}
      />
    ),
  };
}

/**
 * Opens the picked orders' documents in a new tab as one print job, one page each; says how many
 * are picked and clears the choice.
 */
export function PrintSelectedButton({
  selection,
  document,
  label,
}: {
  selection: RowSelection;
  document: PrintDocument;
  /** The button's text, e.g. "Print packing slips". */
  label: string;
}) {
  const count = selection.ids.length;
  const tooMany = count > PRINT_JOB_MAX;
  return (
    <Group gap="xs" align="center" wrap="nowrap">
      {count > 0 && tooMany ? (
        <Button variant="light" disabled>
          {label}
        </Button>
      ) : count > 0 ? (
        <Button
          variant="light"
          component="a"
          href={printPath(document, selection.ids)}
          target="_blank"
          rel="noopener"
        >
          {label} ({formatQuantity(count)})
        </Button>
      ) : (
        <Button variant="light" disabled title="Tick the orders to print first">
          {label}
        </Button>
      )}
      {count > 0 && (
        <Button variant="subtle" size="compact-sm" onClick={selection.clear}>
          Clear
        </Button>
      )}
      {tooMany && (
        <Text size="sm" c="var(--mantine-color-error)" role="status">
          At most {PRINT_JOB_MAX} in one print job
        </Text>
      )}
    </Group>
  );
}
