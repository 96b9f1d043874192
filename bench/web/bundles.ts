import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  /** Files the chunk refers to by URL; a .js one is a worker's script. */
  assets?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const DASHBOARD = 'src/app/dashboard-route.tsx';
const page = (feature: string, name: string) => `src/features/${feature}/pages/${name}.tsx`;

/**
 * The routes of apps/web/src/app/routes.tsx and the lazy modules each one loads on navigation,
 * beyond the entry chunk. `checkRouteTable` fails when a lazy module is missing here, so a new
 * screen cannot slip past the budgets.
 */
export const ROUTES: readonly { route: string; lazy: readonly string[] }[] = [
  { route: '/ (landing)', lazy: [] },
  { route: '/ with the Login or Register modal', lazy: ['src/features/auth/components/auth-modals.tsx'] },
  { route: '/reset-password/{token}', lazy: [page('auth', 'reset-password-page')] },
  { route: '/logout', lazy: [page('auth', 'logout-page')] },
  { route: '/track/{token}', lazy: [page('tracking', 'tracking-page')] },
  { route: '/print/{document}?ids=', lazy: [page('print', 'print-page')] },
  {
    route: '/dashboard/overview (Inventory Manager)',
    // Chart.js comes in the charts' worker (chart-worker.ts, an asset of the page's chunk) once the
    // first chart card is in view. A browser that cannot draw in a worker loads chart-setup and the
    // `chart` chunk instead: the same Chart.js.
    lazy: [DASHBOARD, page('analytics', 'inventory-reporting-page')],
  },
  { route: '/dashboard/overview (other roles)', lazy: [DASHBOARD, page('dashboard', 'overview-page')] },
  { route: '/dashboard/couriers', lazy: [DASHBOARD, page('courier-orders', 'courier-orders-page')] },
  { route: '/dashboard/suppliers', lazy: [DASHBOARD, page('suppliers', 'suppliers-page')] },
  { route: '/dashboard/stock-management', lazy: [DASHBOARD, page('stock', 'stock-management-page')] },
  { route: '/dashboard/stock-management/addStock', lazy: [DASHBOARD, page('stock', 'add-stock-page')] },
  {
    route: '/dashboard/stock-management/updateStock/{id}',
    lazy: [DASHBOARD, page('stock', 'update-stock-page')],
  },
  {
    route: '/dashboard/stock-management/history/{id}',
    lazy: [DASHBOARD, page('stock', 'stock-history-page')],
  },
  { route: '/dashboard/stock-management/count', lazy: [DASHBOARD, page('stock', 'stock-count-page')] },
  {
    route: '/dashboard/reorder-suggestions',
    lazy: [DASHBOARD, page('stock', 'reorder-suggestions-page')],
  },
  {
    route: '/dashboard/stock-replenishment',
    lazy: [DASHBOARD, page('supply-orders', 'stock-replenishment-page')],
  },
  { route: '/dashboard/my-orders', lazy: [DASHBOARD, page('supply-orders', 'my-orders-page')] },
  { route: '/dashboard/supply-orders', lazy: [DASHBOARD, page('supply-orders', 'supply-orders-page')] },
  {
    route: '/dashboard/supply-products',
    lazy: [DASHBOARD, page('supplier-products', 'supplier-products-page')],
  },
  { route: '/dashboard/products', lazy: [DASHBOARD, page('orders', 'products-page')] },
  { route: '/dashboard/products/order-preview', lazy: [DASHBOARD, page('orders', 'order-preview-page')] },
  { route: '/dashboard/products/confirm-order', lazy: [DASHBOARD, page('orders', 'confirm-order-page')] },
  { route: '/dashboard/orders', lazy: [DASHBOARD, page('orders', 'customer-orders-page')] },
  { route: '/dashboard/orders/{id}', lazy: [DASHBOARD, page('orders', 'customer-orders-page')] },
  { route: '/dashboard/customer-orders', lazy: [DASHBOARD, page('order-desk', 'order-desk-page')] },
  { route: '/dashboard/notifications', lazy: [DASHBOARD, page('notifications', 'notifications-page')] },
  { route: '/dashboard/activity', lazy: [DASHBOARD, page('activity', 'activity-page')] },
  { route: '/dashboard/team', lazy: [DASHBOARD, page('team', 'team-page')] },
  { route: '/dashboard/account', lazy: [DASHBOARD, page('account', 'account-page')] },
  {
    route: '/dashboard with a one-time password (Choose your password)',
    lazy: [DASHBOARD, page('account', 'choose-password-page')],
  },
  { route: '/confirm-email/{token}', lazy: [page('account', 'confirm-email-page')] },
];

/**
 * Lazy modules loaded on demand rather than by a route: the toast container comes with the first
 * toast, the dashboard's Account menu after the dashboard's first paint.
 */
const ON_DEMAND = [
  'src/components/toast-container.tsx',
  '../../node_modules/react-toastify/dist/unstyled.mjs',
  'src/features/dashboard/components/account-menu.tsx',
];

export const LANDING_ROUTE = '/ (landing)';
export const ANALYTICS_ROUTE = '/dashboard/overview (Inventory Manager)';

export interface RouteBundle {
  route: string;
  /** Files under dist/ the route loads: the entry, its static imports, the route's lazy chunks and theirs. */
  js: string[];
  css: string[];
  jsGzipBytes: number;
  cssGzipBytes: number;
}

export interface BundleReport {
  routes: RouteBundle[];
  /** Lazy modules that got no chunk of their own (folded into the entry or another chunk). */
  notSeparate: string[];
  /** Lazy modules the entry imports that no route of ROUTES names. */
  unlisted: string[];
  /** Files holding Chart.js: the chunk named `chart` (see vite.config.ts) and the charts' worker. */
  chartFiles: string[];
  /** Absolute URLs in the built index.html: anything loaded from another host. */
  foreignUrlsInHtml: string[];
}

/** gzip at level 9, as the build precompresses the files the server sends. */
export function gzipSize(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

const isScript = (file: string) => file.endsWith('.js');
const CHART_WORKER = /\/chart-worker-[^/]+\.js$/;

export function analyseBundles(webDist: string): BundleReport {
  const manifest = JSON.parse(readFileSync(join(webDist, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  if (!entryKey) throw new Error('the build manifest has no entry chunk');
  const chunk = (key: string) => {
    const found = manifest[key];
    if (!found)
      throw new Error(
        `the build manifest has no chunk ${key} (renamed or removed? see bench/web/bundles.ts)`,
      );
    return found;
  };

  // A chunk and everything it imports statically: what the browser fetches before running it.
  const closure = (keys: readonly string[]) => {
    const seen = new Set<string>();
    const visit = (key: string) => {
      if (seen.has(key)) return;
      seen.add(key);
      for (const imported of chunk(key).imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return [...seen];
  };

  const sizes = new Map<string, number>();
  const sizeOf = (file: string) => {
    let size = sizes.get(file);
    if (size === undefined) {
      size = gzipSize(join(webDist, file));
      sizes.set(file, size);
    }
    return size;
  };

  const routes = ROUTES.map(({ route, lazy }) => {
    const keys = closure([entryKey, ...lazy]);
    const workers = keys.flatMap((key) => (chunk(key).assets ?? []).filter(isScript));
    const js = [...new Set([...keys.map((key) => chunk(key).file), ...workers])];
    const css = [...new Set(keys.flatMap((key) => chunk(key).css ?? []))];
    return {
      route,
      js,
      css,
      jsGzipBytes: js.reduce((sum, file) => sum + sizeOf(file), 0),
      cssGzipBytes: css.reduce((sum, file) => sum + sizeOf(file), 0),
    };
  });

  const entry = chunk(entryKey);
  const lazyModules = [...new Set(ROUTES.flatMap(({ lazy }) => lazy))];
  const notSeparate = lazyModules.filter((key) => {
    const found = chunk(key);
    return !found.isDynamicEntry || found.file === entry.file;
  });
  const listed = new Set([...lazyModules, ...ON_DEMAND]);
  const unlisted = (entry.dynamicImports ?? []).filter((key) => !listed.has(key));
  // Lazy modules of the dashboard chunk are routes too (the route table lives in the entry today).
  for (const key of chunk(DASHBOARD).dynamicImports ?? []) if (!listed.has(key)) unlisted.push(key);

  const chartFiles = Object.values(manifest).flatMap((found) => [
    ...(found.name === 'chart' ? [found.file] : []),
    ...(found.assets ?? []).filter((file) => isScript(file) && CHART_WORKER.test(file)),
  ]);
  const html = readFileSync(join(webDist, 'index.html'), 'utf8');
  const foreignUrlsInHtml = [...html.matchAll(/(?:src|href)="((?:https?:)?\/\/[^"]+)"/g)].map(
    (match) => match[1] ?? '',
  );

  return { routes, notSeparate, unlisted, chartFiles, foreignUrlsInHtml };
}
