/** Path registry for the dashboard (docs/product/screens.md#routes). */
export const PATHS = {
  home: '/',
  logout: '/logout',
  /** Ends every session of the user (POST /auth/logout-all), then goes home as /logout does. */
  logoutEverywhere: '/logout-everywhere',
  resetPassword: '/reset-password/:resetToken',
  /** The link mailed to a new email address; opening it makes the change. */
  confirmEmail: '/confirm-email/:emailToken',
  dashboard: '/dashboard',
  overview: '/dashboard/overview',
  couriers: '/dashboard/couriers',
  suppliers: '/dashboard/suppliers',
  stockManagement: '/dashboard/stock-management',
  addStock: '/dashboard/stock-management/addStock',
  updateStock: '/dashboard/stock-management/updateStock/:id',
  /** A stock item's history: every change of its quantity, newest first. */
  stockHistory: '/dashboard/stock-management/history/:id',
  /** Count a set of items and confirm their variances. */
  stockCount: '/dashboard/stock-management/count',
  /** Items at or under their reorder level, by supplier, and the drafted supply orders. */
  reorderSuggestions: '/dashboard/reorder-suggestions',
  stockReplenishment: '/dashboard/stock-replenishment',
  myOrders: '/dashboard/my-orders',
  supplierProducts: '/dashboard/supply-products',
  supplyOrders: '/dashboard/supply-orders',
  products: '/dashboard/products',
  orderPreview: '/dashboard/products/order-preview',
  confirmOrder: '/dashboard/products/confirm-order',
  /** The customer's own orders, and one of them (docs/product/screens.md#my-orders-customer). */
  customerOrders: '/dashboard/orders',
  customerOrder: '/dashboard/orders/:id',
  /** The Inventory Manager's order desk over the customer orders that hold their stock. */
  orderDesk: '/dashboard/customer-orders',
  /** The public tracking page: no login (docs/product/business-rules.md#following-an-order). */
  track: '/track/:token',
  /**
   * Printable documents of the orders named by `?ids=` (docs/product/screens.md#printed-documents):
   * `packing-slips` of customer orders, `purchase-orders` of supply orders; outside the dashboard's
   * frame, so a page is the document alone.
   */
  print: '/print/:document',
  notifications: '/dashboard/notifications',
  activity: '/dashboard/activity',
  team: '/dashboard/team',
  /** The signed-in user's own account (from the header's Account menu). */
  account: '/dashboard/account',
} as const;

/** The customer's page of one order. */
export const customerOrderPath = (id: number) => `/dashboard/orders/${id}`;

/** Whether a URL path (no query) is the dashboard or one of its pages. */
export const isDashboardPath = (pathname: string) =>
  pathname === PATHS.dashboard || pathname.startsWith(`${PATHS.dashboard}/`);

/** Whether a URL path (a query after it is ignored) is the API: under /api or /auth. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? url;
  return path.startsWith('/api/') || path.startsWith('/auth/') || path === '/api' || path === '/auth';
}
