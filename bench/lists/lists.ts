import {
  ACTIVITY_LIST,
  COURIER_LIST,
  type ListSpec,
  NOTIFICATION_LIST,
  ORDER_LIST,
  STOCK_LIST,
  SUPPLIER_LIST,
  SUPPLIER_PRODUCT_LIST,
  SUPPLY_ORDER_LIST,
} from '@depot/contract';
import { READERS, type Reader } from './business';

/** Rows a page holds in every timed request. */
export const PAGE = 25;
/** Found in no row of any list. */
export const NO_MATCH = 'zqxj';

export interface ListBench {
  name: string;
  path: string;
  spec: ListSpec;
  readers: Reader[];
  /** Finds a few hundred rows. */
  search: string;
  /** The list's filters, as query strings; for the readers named, or all. */
  filters?: { label: string; query: string; readers?: Reader[] }[];
}

export const LISTS: ListBench[] = [
  {
    name: 'stocks',
    path: '/api/stocks',
    spec: STOCK_LIST,
    readers: ['manager', 'customer'],
    search: 'brass hinge',
  },
  {
    name: 'suppliers',
    path: '/api/suppliers',
    spec: SUPPLIER_LIST,
    readers: ['manager'],
    search: 'bhat hardware',
  },
  {
    name: 'couriers',
    path: '/api/couriers-services',
    spec: COURIER_LIST,
    readers: ['customer'],
    search: 'falcon cargo',
  },
  {
    name: 'products',
    path: '/api/stock-replenishment/products',
    spec: SUPPLIER_PRODUCT_LIST,
    readers: ['supplier', 'manager'],
    search: 'teak caster',
    filters: [{ label: 'supplier_id', query: `supplier_id=${READERS.supplier.id}`, readers: ['manager'] }],
  },
  {
    name: 'orders',
    path: '/api/orders',
    spec: ORDER_LIST,
    readers: ['customer', 'courier', 'manager'],
    search: 'lake view road, pune',
    filters: [
      { label: 'status open', query: 'status=Processing,In%20Transit' },
      { label: 'one month', query: 'from=2025-06-01&to=2025-06-30' },
    ],
  },
  {
    name: 'supply-orders',
    path: '/api/replenishment-orders',
    spec: SUPPLY_ORDER_LIST,
    readers: ['manager', 'supplier'],
    search: 'dock 7, civil lines',
    filters: [
      { label: 'status Delayed', query: 'status=Delayed' },
      { label: 'one month', query: 'from=2025-06-01&to=2025-06-30' },
      { label: 'supplier_id', query: `supplier_id=${READERS.supplier.id}`, readers: ['manager'] },
    ],
  },
  {
    name: 'notifications',
    path: '/api/notifications',
    spec: NOTIFICATION_LIST,
    readers: ['customer'],
    search: '#123',
  },
  {
    name: 'activity',
    path: '/api/activity',
    spec: ACTIVITY_LIST,
    readers: ['manager'],
    search: 'kulkarni',
    filters: [
      { label: 'action', query: 'action=stock.updated' },
      { label: 'one month', query: 'from=2025-06-01&to=2025-06-30' },
    ],
  },
];

/**
 * The queries of one list as one reader asks them, [label, query string]: the first, the middle
 * and the last page (`total` rows in all), a search that finds a few hundred rows and one that finds none, each
 * sort field both ways, and the list's filters.
 */
export function queriesOf(list: ListBench, reader: Reader, total: number): [string, string][] {
  const lastOffset = Math.max(0, Math.floor((total - 1) / PAGE) * PAGE);
  // The server reads a page of the far half from the end: the middle is the deepest it skips.
  const middleOffset = Math.floor(total / 2 / PAGE) * PAGE;
  return [
    ['first page', `limit=${PAGE}`],
    [`middle page (offset ${middleOffset.toLocaleString('en')})`, `limit=${PAGE}&offset=${middleOffset}`],
    [`last page (offset ${lastOffset.toLocaleString('en')})`, `limit=${PAGE}&offset=${lastOffset}`],
    [`search "${list.search}"`, `limit=${PAGE}&q=${encodeURIComponent(list.search)}`],
    [`search "${NO_MATCH}" (no match)`, `limit=${PAGE}&q=${NO_MATCH}`],
    ...list.spec.sortFields.flatMap((field) =>
      (['asc', 'desc'] as const).map((order): [string, string] => [
        `sort ${field} ${order}`,
        `limit=${PAGE}&sort=${field}&order=${order}`,
      ]),
    ),
    ...(list.filters ?? [])
      .filter((filter) => !filter.readers || filter.readers.includes(reader))
      .map((filter): [string, string] => [`filter ${filter.label}`, `limit=${PAGE}&${filter.query}`]),
  ];
}
