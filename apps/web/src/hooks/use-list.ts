import { LIST_SEARCH_MAX_LENGTH, type ListSpec, SORT_ORDERS, type SortOrder } from '@depot/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, type QueryKey, useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiClient, type ListParams } from '@/lib/api-client';

/** Rows a page offers to show; the first page shows DEFAULT_PAGE_SIZE. */
export const PAGE_SIZES = [10, 25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
/** Typing in the search box asks the server once the typing pauses. */
export const SEARCH_DEBOUNCE_MS = 300;

/** The URL's names for a list's state; its own filters keep the API's names (status, from, to). */
export const LIST_URL_PARAMS = { q: 'q', sort: 'sort', order: 'order', page: 'page', size: 'size' } as const;

/** The list's own filters as the URL holds them: each a list of values, empty when not set. */
export type Filters = Record<string, string[]>;

export interface ListOptions<SortField extends string> {
  /** The list endpoint, e.g. '/api/stocks'. */
  path: string;
  /**
   * The list's query key prefix (the one mutations and live events invalidate); each page is
   * cached under it followed by the page's parameters.
   */
  queryKey: QueryKey;
  /** The list's sort fields, as the contract declares them. */
  spec: ListSpec<SortField>;
  /** The order shown before the user picks one, when the screen's differs from the API's default. */
  defaultSort?: { field: NoInfer<SortField>; order: SortOrder };
  /** The URL parameters that are the list's own filters; each may repeat (status=a&status=b). */
  filters?: readonly string[];
  /** Parameters every request carries that are not the list's state (a supplier chosen elsewhere). */
  params?: ListParams;
  /** false (or false for the filters set, e.g. a day range out of order) asks nothing. */
  enabled?: boolean | ((filters: Filters) => boolean);
  staleTime?: number;
  /** Extra headers every request of the list carries (the courier's board marks its own). */
  headers?: Record<string, string>;
  /**
   * The screen's own parameters narrow the list (the courier's board: open orders, a day): an
   * empty answer then means "no match", and the filters stay on screen to widen it.
   */
  narrowed?: boolean;
  /**
   * 'offlineFirst' asks even while the browser says it is offline, so a service worker's kept
   * answer can be shown (the courier's board); TanStack Query's 'online' otherwise.
   */
  networkMode?: 'online' | 'offlineFirst';
}

export interface ListSort<SortField extends string> {
  field: SortField;
  order: SortOrder;
}

function positiveInt(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/**
 * A server-side list whose state lives in the URL (search, sort, page, page size and filters), so
 * a reload or a shared link shows the same view (docs/decisions/011-one-list-protocol.md). Each
 * page is fetched with the list protocol's parameters; the previous page stays on screen while
 * the next loads.
 */
export function useList<Row, SortField extends string>(options: ListOptions<SortField>) {
  const { path, queryKey, spec, filters: filterNames = [], params: extraParams = {} } = options;
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultSort = options.defaultSort ?? spec.defaultSort;

  const urlSort = searchParams.get(LIST_URL_PARAMS.sort);
  const urlOrder = searchParams.get(LIST_URL_PARAMS.order);
  const sortField = spec.sortFields.find((field) => field === urlSort);
  const sort: ListSort<SortField> = sortField
    ? { field: sortField, order: urlOrder === 'desc' ? 'desc' : 'asc' }
    : {
        field: defaultSort.field,
        order: SORT_ORDERS.find((order) => order === urlOrder) ?? defaultSort.order,
      };
  const pageSizeParam = positiveInt(searchParams.get(LIST_URL_PARAMS.size), DEFAULT_PAGE_SIZE);
  const pageSize = (PAGE_SIZES as readonly number[]).includes(pageSizeParam)
    ? pageSizeParam
    : DEFAULT_PAGE_SIZE;
  const page = positiveInt(searchParams.get(LIST_URL_PARAMS.page), 1);
  const q = (searchParams.get(LIST_URL_PARAMS.q) ?? '').trim().slice(0, LIST_SEARCH_MAX_LENGTH);
  const filters: Filters = Object.fromEntries(
    filterNames.map((name) => [name, searchParams.getAll(name).filter(Boolean)]),
  );

  /** Sets the named URL parameters (undefined removes one), keeping every other. */
  const update = useCallback(
    (changes: Record<string, string | readonly string[] | undefined>, replace = false) => {
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [name, value] of Object.entries(changes)) {
            next.delete(name);
            if (typeof value === 'string') next.set(name, value);
            else for (const item of value ?? []) next.append(name, item);
          }
          return next;
        },
        { replace, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  // The box shows what is typed; the URL (and the server) get it once typing pauses, replacing
  // the history entry so Back does not step through every letter.
  const [searchText, setSearchText] = useState(q);
  const [debouncedText] = useDebouncedValue(searchText, SEARCH_DEBOUNCE_MS);
  const written = useRef(q);
  useEffect(() => {
    const wanted = debouncedText.trim();
    if (wanted === written.current) return;
    written.current = wanted;
    update({ [LIST_URL_PARAMS.q]: wanted || undefined, [LIST_URL_PARAMS.page]: undefined }, true);
  }, [debouncedText, update]);
  // Back, Forward or a link changed the URL's search: the box follows.
  useEffect(() => {
    if (q === written.current) return;
    written.current = q;
    setSearchText(q);
  }, [q]);

  const requestParams: ListParams = {
    ...extraParams,
    q: q || undefined,
    sort: sort.field,
    order: sort.order,
    limit: pageSize,
    offset: (page - 1) * pageSize,
    ...filters,
  };
  const query = useQuery({
    queryKey: [...queryKey, requestParams],
    queryFn: ({ signal }) => apiClient.list<Row>(path, requestParams, { signal, headers: options.headers }),
    placeholderData: keepPreviousData,
    ...(options.networkMode === undefined ? {} : { networkMode: options.networkMode }),
    enabled: typeof options.enabled === 'function' ? options.enabled(filters) : (options.enabled ?? true),
    ...(options.staleTime === undefined ? {} : { staleTime: options.staleTime }),
  });

  const total = query.data?.total;
  const pageCount = total === undefined ? page : Math.max(1, Math.ceil(total / pageSize));
  // A page past the end (rows deleted, or an old link) moves to the last page.
  useEffect(() => {
    if (!query.isPlaceholderData && total !== undefined && page > pageCount) {
      update({ [LIST_URL_PARAMS.page]: pageCount > 1 ? String(pageCount) : undefined }, true);
    }
  }, [query.isPlaceholderData, total, page, pageCount, update]);

  return {
    query,
    /** The list endpoint and the parameters of what it shows, without the page: what Export downloads. */
    exportRequest: {
      path,
      params: {
        ...extraParams,
        q: q || undefined,
        sort: sort.field,
        order: sort.order,
        ...filters,
      } as ListParams,
    },
    rows: (query.data?.rows ?? []) as Row[],
    total,
    /** The applied search (the URL's), trimmed. */
    q,
    searchText,
    setSearchText,
    sort,
    page,
    pageSize,
    pageCount,
    filters,
    /** Whether a search or filter narrows the list (an empty answer then means "no match"). */
    isNarrowed:
      options.narrowed === true || q !== '' || Object.values(filters).some((values) => values.length > 0),
    /** A header click: the same column flips, another column starts ascending. */
    toggleSort: (field: SortField) =>
      setSort({ field, order: sort.field === field && sort.order === 'asc' ? 'desc' : 'asc' }),
    setSort: (next: ListSort<SortField>) => setSort(next),
    setPage: (next: number) => update({ [LIST_URL_PARAMS.page]: next > 1 ? String(next) : undefined }),
    setPageSize: (size: number) =>
      update({
        [LIST_URL_PARAMS.size]: size === DEFAULT_PAGE_SIZE ? undefined : String(size),
        [LIST_URL_PARAMS.page]: undefined,
      }),
    /** Sets one filter (no values clears it) and goes back to the first page. */
    setFilter: (name: string, values: readonly string[] | string | undefined) =>
      update({
        [name]: typeof values === 'string' ? (values ? [values] : []) : values,
        [LIST_URL_PARAMS.page]: undefined,
      }),
  };

  function setSort(next: ListSort<SortField>) {
    const isDefault = next.field === defaultSort.field && next.order === defaultSort.order;
    update({
      [LIST_URL_PARAMS.sort]: isDefault ? undefined : next.field,
      [LIST_URL_PARAMS.order]: isDefault ? undefined : next.order,
      [LIST_URL_PARAMS.page]: undefined,
    });
  }
}

export type ListState<Row, SortField extends string> = ReturnType<typeof useList<Row, SortField>>;
