import {
  Box,
  Group,
  NativeSelect,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { type CSSProperties, Fragment, type Key, type ReactNode } from 'react';
import { LabelledValue } from '@/components/labelled-value';
import { EmptyState, LoadingSpinner, QueryError } from '@/components/query-states';
import { useIsPhone } from '@/hooks/use-is-phone';
import { type ListState, PAGE_SIZES } from '@/hooks/use-list';
import { formatQuantity } from '@/lib/format';
import { ExportButton } from './export-button';
import { SearchInput } from './search-input';
import { SortSelect } from './sort-select';
import { SortableTh } from './sortable-th';

/** Where a column's value goes on a phone's card. */
export type CardPlace =
  /** The card's first line, in bold. */
  | 'title'
  /** Beside the title, right-aligned: an id caption or a status badge. */
  | 'aside'
  /** A labelled value in the card's grid (the default). */
  | 'field'
  /** A labelled value on a line of its own. */
  | 'wide'
  /** Buttons: right of the row in the table, sharing the card's foot on a phone. */
  | 'actions'
  /** Not on the card. */
  | 'none';

/** One column of a list: its header, how a row shows in it, and where it goes on a card. */
export interface ListColumn<Row, SortField extends string = string> {
  /** The column's header, and its value's label on a card. */
  header: string;
  /** The header is for screen readers only (a column of buttons). */
  headerHidden?: boolean;
  /** What the table's header cell shows instead of the header (a "select this page" checkbox). */
  headerCell?: ReactNode;
  /** The API's sort field; the header then sorts the list. */
  sort?: SortField;
  align?: 'left' | 'right';
  cell: (row: Row) => ReactNode;
  card?: CardPlace;
  /** false: on the cards only (the table shows the value in another column's cell). */
  table?: boolean;
  /** The card's rendering, when it differs from the table's (e.g. "Stock Id 12" beside a title). */
  cardCell?: (row: Row) => ReactNode;
  /** The card's label, when it differs from the header. */
  cardLabel?: string;
  /** Figures: tabular digits, kept on one line. */
  numeric?: boolean;
  /** Table cell style, e.g. a width for a column of long text. */
  style?: CSSProperties;
}

/** What the list holds, in words: "52 orders", "1 order". */
export interface ListNoun {
  one: string;
  other: string;
}

export interface DataListProps<Row, SortField extends string> {
  list: ListState<Row, SortField>;
  columns: readonly ListColumn<Row, SortField>[];
  rowKey: (row: Row) => Key;
  /** The table's and the card list's accessible name, e.g. "Stock items". */
  label: string;
  noun: ListNoun;
  /** The spinner's accessible name, e.g. "Loading stocks". */
  loadingLabel: string;
  /** The error's title, e.g. "Could not load stock items". */
  errorTitle: string;
  /** Shown when the list holds nothing at all. */
  empty: { title: string; hint?: ReactNode };
  /** Shown under the search box when a search or filter matches nothing. */
  noMatch: (search: string) => ReactNode;
  /** The search box's label and placeholder; no search box without them. */
  search?: { label: string; placeholder: string };
  /** The list's own filters, beside the search box. */
  filters?: ReactNode;
  /** Below this width the table scrolls inside its box rather than squeezing its columns. */
  minTableWidth?: number;
  /** Cards on every screen, not only on a phone (a feed such as notifications). */
  alwaysCards?: boolean;
  /**
   * Cards below this window width (in em) rather than only on a phone: for a list too wide to sit
   * as a table beside the sidebar of a 1024 px screen without cutting its last columns off.
   */
  cardsBelowEm?: number;
  /** A card of the list's own instead of one drawn from the columns: a list item (`li`). */
  renderCard?: (row: Row) => ReactNode;
  /** Fields per row of a card's grid. */
  cardColumns?: number;
  /** false: no Export button (a list whose rows are not worth a file). */
  exportable?: boolean;
}

/**
 * A server-side list (hooks/use-list.ts) drawn from one column definition: a table with sortable
 * headers on a desktop, cards with a "Sort by" select on a phone, its total, pages and page size,
 * and its loading, empty and error states.
 */
export function DataList<Row, SortField extends string>(props: DataListProps<Row, SortField>) {
  const { list, noun, search, filters } = props;
  const isPhone = useIsPhone();
  const isNarrow = useMediaQuery(`(max-width: ${(props.cardsBelowEm ?? 0) - 0.01}em)`, false, {
    getInitialValueInEffect: false,
  });
  const { query } = list;
  const cards = isPhone || props.alwaysCards === true || (props.cardsBelowEm !== undefined && isNarrow);
  const sortColumns = props.columns.flatMap((column) =>
    column.sort ? [{ field: column.sort, label: column.header }] : [],
  );

  if (query.isPending && query.fetchStatus !== 'idle') return <LoadingSpinner label={props.loadingLabel} />;
  if (query.isError && !query.data) {
    return <QueryError title={props.errorTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  // Nothing at all, and nothing typed: the empty state alone (a search box over nothing helps nobody).
  if (list.total === 0 && !list.isNarrowed && list.searchText.trim() === '' && !query.isPlaceholderData) {
    return <EmptyState title={props.empty.title}>{props.empty.hint}</EmptyState>;
  }

  return (
    <Stack gap="sm">
      {(search || filters || (cards && sortColumns.length > 0) || props.exportable !== false) && (
        <Group gap="sm" align="flex-end">
          {search && (
            <SearchInput
              label={search.label}
              placeholder={search.placeholder}
              value={list.searchText}
              onChange={list.setSearchText}
            />
          )}
          {filters}
          {cards && sortColumns.length > 0 && (
            <SortSelect columns={sortColumns} sort={list.sort} onChange={list.setSort} />
          )}
          {props.exportable !== false && <ExportButton request={list.exportRequest} noun={noun.other} />}
        </Group>
      )}
      {query.isError && (
        <QueryError title={props.errorTitle} error={query.error} onRetry={() => void query.refetch()} />
      )}
      <Box
        aria-busy={query.isFetching}
        style={{ opacity: query.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
      >
        {list.rows.length === 0 ? (
          <NoMatch>{props.noMatch(list.q)}</NoMatch>
        ) : cards ? (
          <ListCards {...props} />
        ) : (
          <ListTable {...props} />
        )}
      </Box>
      <ListFooter list={list} noun={noun} label={props.label} />
    </Stack>
  );
}

/** A sentence under the search box, or a screen's own empty state for its filters. */
function NoMatch({ children }: { children: ReactNode }) {
  return typeof children === 'string' ? (
    <Text c="dimmed" py="md">
      {children}
    </Text>
  ) : (
    children
  );
}

const NUMERIC_CELL: CSSProperties = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' };

function ListTable<Row, SortField extends string>({
  list,
  columns: allColumns,
  rowKey,
  label,
  minTableWidth = 640,
}: DataListProps<Row, SortField>) {
  const columns = allColumns.filter((column) => column.table !== false);
  return (
    <Table.ScrollContainer minWidth={minTableWidth} type="native">
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const header = headerOf(column);
              return column.sort ? (
                <SortableTh
                  key={column.header}
                  field={column.sort}
                  sort={list.sort}
                  onSort={list.toggleSort}
                  align={column.align}
                >
                  {header}
                </SortableTh>
              ) : (
                <Table.Th key={column.header} ta={column.align} style={{ whiteSpace: 'nowrap' }}>
                  {header}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {list.rows.map((row) => (
            <Table.Tr key={rowKey(row)}>
              {columns.map((column) => (
                <Table.Td
                  key={column.header}
                  ta={column.align}
                  style={{
                    ...(column.numeric ? NUMERIC_CELL : { overflowWrap: 'anywhere' }),
                    ...column.style,
                  }}
                >
                  {column.card === 'actions' ? (
                    <Group
                      gap="xs"
                      justify={column.align === 'right' ? 'flex-end' : 'flex-start'}
                      wrap="nowrap"
                    >
                      {column.cell(row)}
                    </Group>
                  ) : (
                    column.cell(row)
                  )}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function headerOf<Row, SortField extends string>(column: ListColumn<Row, SortField>): ReactNode {
  if (column.headerCell !== undefined) return column.headerCell;
  return column.headerHidden ? <VisuallyHidden>{column.header}</VisuallyHidden> : column.header;
}

function ListCards<Row, SortField extends string>({
  list,
  columns,
  rowKey,
  label,
  renderCard,
  cardColumns = 2,
  cardsBelowEm,
}: DataListProps<Row, SortField>) {
  const placed = (place: CardPlace) => columns.filter((column) => (column.card ?? 'field') === place);
  const titles = placed('title');
  const asides = placed('aside');
  const fields = placed('field');
  const wides = placed('wide');
  const actions = placed('actions');
  const show = (column: ListColumn<Row, SortField>, row: Row) => (column.cardCell ?? column.cell)(row);
  const labelled = (column: ListColumn<Row, SortField>, row: Row) => (
    <LabelledValue
      key={column.header}
      label={column.cardLabel ?? column.header}
      value={show(column, row)}
      numeric={column.numeric}
    />
  );
  return (
    // Beside a sidebar on a tablet or small laptop, two cards a row.
    <SimpleGrid
      component="ul"
      cols={cardsBelowEm === undefined ? 1 : { base: 1, md: 2 }}
      spacing="sm"
      p={0}
      m={0}
      aria-label={label}
      style={{ listStyle: 'none' }}
    >
      {list.rows.map((row) =>
        renderCard ? (
          <Fragment key={rowKey(row)}>{renderCard(row)}</Fragment>
        ) : (
          <Paper component="li" key={rowKey(row)} withBorder p="sm">
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
              <Box fw={600} style={{ overflowWrap: 'anywhere' }}>
                {titles.map((column) => (
                  <div key={column.header}>{show(column, row)}</div>
                ))}
              </Box>
              {asides.map((column) => (
                <Text
                  key={column.header}
                  component="div"
                  size="sm"
                  c="dimmed"
                  style={{ whiteSpace: 'nowrap' }}
                >
                  {show(column, row)}
                </Text>
              ))}
            </Group>
            {fields.length > 0 && (
              <SimpleGrid cols={cardColumns} spacing="xs" mt="xs">
                {fields.map((column) => labelled(column, row))}
              </SimpleGrid>
            )}
            {wides.length > 0 && (
              <Stack gap={6} mt="xs">
                {wides.map((column) => labelled(column, row))}
              </Stack>
            )}
            {actions.length > 0 && (
              <Group gap="xs" mt="sm" grow>
                {actions.map((column) => (
                  <Fragment key={column.header}>{show(column, row)}</Fragment>
                ))}
              </Group>
            )}
          </Paper>
        ),
      )}
    </SimpleGrid>
  );
}

const CONTROL_LABELS = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** "Showing 26–50 of 52 orders" (or "52 orders" on one page), the pages and the page size. */
function ListFooter<Row, SortField extends string>({
  list,
  noun,
  label,
}: {
  list: ListState<Row, SortField>;
  noun: ListNoun;
  label: string;
}) {
  const { total, page, pageSize, pageCount } = list;
  if (total === undefined || total === 0) return null;
  const counted = `${formatQuantity(total)} ${total === 1 ? noun.one : noun.other}`;
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, first + list.rows.length - 1);
  const summary =
    pageCount > 1 ? `Showing ${formatQuantity(first)}–${formatQuantity(last)} of ${counted}` : counted;
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" role="status" aria-live="polite">
        {summary}
      </Text>
      <Group gap="sm" wrap="wrap">
        {pageCount > 1 && (
          <Box component="nav" aria-label={`${label} pages`}>
            <Pagination
              total={pageCount}
              value={Math.min(page, pageCount)}
              onChange={list.setPage}
              size="sm"
              siblings={1}
              boundaries={1}
              getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
              getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
            />
          </Box>
        )}
        {total > PAGE_SIZES[0] && (
          <NativeSelect
            aria-label="Rows per page"
            size="xs"
            w={130}
            data={PAGE_SIZES.map((size) => ({ value: String(size), label: `${size} per page` }))}
            value={String(pageSize)}
            onChange={(event) => list.setPageSize(Number(event.currentTarget.value))}
          />
        )}
      </Group>
    </Group>
  );
}
