import { PATHS } from './paths';
import { ROLES, type Role } from './roles';

/**
 * Who may call what, and over which objects, as data: the one authority on access
 * (docs/decisions/010-access-as-one-authority.md). The server attaches each endpoint's guard from
 * API_ACCESS when the route is registered and hands the service the resolved scope; the web app's
 * route table and sidebar read PAGE_ACCESS. The authorization matrix test
 * (apps/server/src/modules/access/access-matrix.test.ts) calls every endpoint as every kind of
 * caller to prove the server does what these maps say.
 */

/**
 * Which objects of its kind a role reaches through an endpoint: `own` those it owns, `assigned`
 * those assigned to it (another's object is a 404, a list holds only these; creating makes the
 * caller the owner), `stocked` those that hold the caller's stock (an Inventory Manager's share of
 * the customer orders, read from a table of readers written with the order,
 * docs/decisions/025-a-manager-reaches-the-orders-of-their-stock.md), `all` every object of the
 * kind (reports cover the whole business).
 */
export type AccessScope = 'own' | 'assigned' | 'stocked' | 'all';

/**
 * A table naming, per object, the users who reach it: one row per object and reader, written in the
 * transaction that writes the object. `object` is the column holding the object's id, `reader`
 * the one holding the user's.
 */
export interface ReaderTable {
  table: string;
  object: string;
  reader: string;
}

/**
 * The kinds of objects access is about, and the field of each that names its owner and, where a
 * kind has one, its assignee: an `own` caller reaches the objects whose owner field is their id.
 */
export const ACCESS_OBJECTS = {
  account: { about: 'the signed-in user themself', owner: 'id' },
  stock: { about: 'a stock item of an Inventory Manager', owner: 'inventory_manager_id' },
  supplier: { about: 'a Supplier account; Inventory Managers manage them together' },
  order: {
    about: 'a customer order: placed by a Customer, assigned to a Courier Service',
    owner: 'customer_id',
    assignee: 'courier_service_id',
    /** The Inventory Managers whose stock an order holds: one row each, written when it is placed. */
    stockedBy: { table: 'order_managers', object: 'order_id', reader: 'manager_id' },
  },
  supplierProduct: { about: "a product of a Supplier's catalogue", owner: 'supplier_id' },
  supplyOrder: {
    about: 'a supply order: placed by an Inventory Manager, assigned to the Supplier it is placed with',
    owner: 'inventory_manager_id',
    assignee: 'supplier_id',
  },
  notification: { about: 'a notification written to a user', owner: 'user_id' },
  session: { about: 'a login session of a user (the Account page)', owner: 'user_id' },
  teamMember: { about: 'a staff account; Inventory Managers approve and deactivate them together' },
  liveEvent: { about: 'a live update sent to a user', owner: 'user_id' },
  report: { about: 'an analytics report of the whole business' },
  activity: {
    about: 'an audit event; its viewers are the users it concerns (apps/server/src/modules/audit)',
    owner: 'viewer_id',
  },
  address: { about: 'a delivery address a Customer keeps for their orders', owner: 'customer_id' },
  reference: { about: 'PIN codes, Courier Services and shipping prices, the same for every user' },
} as const satisfies Record<
  string,
  { about: string; owner?: string; assignee?: string; stockedBy?: ReaderTable }
>;
export type AccessObject = keyof typeof ACCESS_OBJECTS;

/** The fields that name an object's owner or assignee. */
export type OwnerField =
  | {
      [Kind in AccessObject]: (typeof ACCESS_OBJECTS)[Kind] extends { owner: infer F } ? F : never;
    }[AccessObject]
  | {
      [Kind in AccessObject]: (typeof ACCESS_OBJECTS)[Kind] extends { assignee: infer F } ? F : never;
    }[AccessObject];

/**
 * The field an `own` or `assigned` scope reads on an object of this kind, the table of readers a
 * `stocked` scope reads, or 'all'. A scope the kind has no field or table for is a mistake in the
 * map, thrown at once (the server checks every entry when its routes are registered).
 */
export function ownerFieldOf(object: AccessObject, scope: AccessScope): OwnerField | ReaderTable | 'all' {
  if (scope === 'all') return 'all';
  const kind: { about: string; owner?: OwnerField; assignee?: OwnerField; stockedBy?: ReaderTable } =
    ACCESS_OBJECTS[object];
  if (scope === 'stocked') {
    if (!kind.stockedBy) throw new Error(`${object} objects hold no stock`);
    return kind.stockedBy;
  }
  const field = scope === 'own' ? kind.owner : kind.assignee;
  if (!field) throw new Error(`${object} objects have no ${scope === 'own' ? 'owner' : 'assignee'}`);
  return field;
}

export type EndpointAccess =
  /** Anyone, with or without a session: signing up, in and out, and password resets. */
  | { public: true }
  | {
      public?: false;
      /** The roles that may call it; any other role is a 403, no session a 401. */
      roles: Partial<Record<Role, AccessScope>>;
      object: AccessObject;
      /**
       * Callable while the account still has the one-time password a manager gave it (choosing
       * one's own, reading one's profile, logging out); every other endpoint is a 403
       * `password_change_required` until then.
       */
      beforePasswordChange?: true;
    };

const PUBLIC = { public: true } as const;
const everyRole = (scope: AccessScope) =>
  Object.fromEntries(ROLES.map((role) => [role, scope])) as Record<Role, AccessScope>;

/**
 * Every endpoint under /api and /auth, as 'METHOD path' with Fastify's `:param` syntax. The server
 * refuses to start with an API route that is missing here, and guards each route by its entry.
 */
export const API_ACCESS = {
  'POST /auth/register': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'POST /auth/logout-all': { roles: everyRole('own'), object: 'account', beforePasswordChange: true },
  'POST /auth/forgot-password': PUBLIC,
  'POST /auth/reset-password/:resetToken': PUBLIC,
  'POST /auth/confirm-email/:emailToken': PUBLIC,
  'GET /auth/profile': { roles: everyRole('own'), object: 'account', beforePasswordChange: true },

  'GET /api/account': { roles: everyRole('own'), object: 'account', beforePasswordChange: true },
  'PUT /api/account': { roles: everyRole('own'), object: 'account' },
  'PUT /api/account/email': { roles: everyRole('own'), object: 'account' },
  'PUT /api/account/order-mails': { roles: { Customer: 'own' }, object: 'account' },
  'PUT /api/account/password': { roles: everyRole('own'), object: 'account', beforePasswordChange: true },
  'GET /api/account/sessions': { roles: everyRole('own'), object: 'session' },
  'DELETE /api/account/sessions/:id': { roles: everyRole('own'), object: 'session' },
  'POST /api/account/sessions/end-others': { roles: everyRole('own'), object: 'session' },

  'GET /api/team': { roles: { 'Inventory Manager': 'all' }, object: 'teamMember' },
  'POST /api/team/:id/approve': { roles: { 'Inventory Manager': 'all' }, object: 'teamMember' },
  'POST /api/team/:id/reject': { roles: { 'Inventory Manager': 'all' }, object: 'teamMember' },
  'POST /api/team/:id/deactivate': { roles: { 'Inventory Manager': 'all' }, object: 'teamMember' },
  'POST /api/team/:id/reactivate': { roles: { 'Inventory Manager': 'all' }, object: 'teamMember' },

  'GET /api/stocks': { roles: { 'Inventory Manager': 'own', Customer: 'all' }, object: 'stock' },
  'GET /api/stocks/:id': { roles: { 'Inventory Manager': 'own', Customer: 'all' }, object: 'stock' },
  'GET /api/stocks/:id/movements': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'POST /api/stocks': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'PUT /api/stocks/:id': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'DELETE /api/stocks/:id': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'GET /api/stocks/:id/reorder-rule': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'PUT /api/stocks/:id/reorder-rule': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'DELETE /api/stocks/:id/reorder-rule': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'GET /api/reorder-suggestions': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'PUT /api/reorder-settings': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'POST /api/stock-counts': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'POST /api/stocks/import/dry-run': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'POST /api/stocks/import': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },

  'GET /api/suppliers': { roles: { 'Inventory Manager': 'all' }, object: 'supplier' },
  'POST /api/suppliers': { roles: { 'Inventory Manager': 'all' }, object: 'supplier' },
  'PUT /api/suppliers/:id': { roles: { 'Inventory Manager': 'all' }, object: 'supplier' },
  'DELETE /api/suppliers/:id': { roles: { 'Inventory Manager': 'all' }, object: 'supplier' },

  'GET /api/pincodes/:pin': { roles: everyRole('all'), object: 'reference' },
  'GET /api/couriers-services': { roles: everyRole('all'), object: 'reference' },
  'GET /api/orders/get-shipping-cost': { roles: everyRole('all'), object: 'reference' },

  'GET /api/orders': {
    roles: { 'Courier Service': 'assigned', Customer: 'own', 'Inventory Manager': 'stocked' },
    object: 'order',
  },
  'POST /api/orders': { roles: { Customer: 'own' }, object: 'order' },
  'GET /api/orders/:id': {
    roles: { Customer: 'own', 'Courier Service': 'assigned', 'Inventory Manager': 'stocked' },
    object: 'order',
  },
  'PUT /api/orders/:id': { roles: { 'Courier Service': 'assigned' }, object: 'order' },
  /** The proof photo of a delivered order: its customer, its courier, the managers of its stock. */
  'GET /api/orders/:id/proof/photo': {
    roles: { Customer: 'own', 'Courier Service': 'assigned', 'Inventory Manager': 'stocked' },
    object: 'order',
  },
  /** The courier's board: counts per status, one status for several orders. */
  'GET /api/orders/status-counts': {
    roles: { 'Courier Service': 'assigned', Customer: 'own', 'Inventory Manager': 'stocked' },
    object: 'order',
  },
  'POST /api/orders/status': { roles: { 'Courier Service': 'assigned' }, object: 'order' },
  'POST /api/orders/:id/cancel': {
    roles: { Customer: 'own', 'Inventory Manager': 'stocked' },
    object: 'order',
  },
  'PUT /api/orders/:id/courier': { roles: { 'Inventory Manager': 'stocked' }, object: 'order' },
  /** A failed delivery attempt: the order's courier only (docs/decisions/031-failed-attempts-and-returns.md). */
  'POST /api/orders/:id/attempts': { roles: { 'Courier Service': 'assigned' }, object: 'order' },
  /** A Delivered or Returned order reopened, with a reason: a manager whose stock it holds. */
  'POST /api/orders/:id/reopen': { roles: { 'Inventory Manager': 'stocked' }, object: 'order' },
  /** The public tracking link: anyone holding the token; rate-limited per address. */
  'GET /api/track/:token': PUBLIC,

  'GET /api/stock-replenishment/products': {
    roles: { Supplier: 'own', 'Inventory Manager': 'all' },
    object: 'supplierProduct',
  },
  'POST /api/stock-replenishment/products': { roles: { Supplier: 'own' }, object: 'supplierProduct' },
  'PUT /api/stock-replenishment/products/:id': { roles: { Supplier: 'own' }, object: 'supplierProduct' },
  'DELETE /api/stock-replenishment/products/:id': { roles: { Supplier: 'own' }, object: 'supplierProduct' },
  'POST /api/stock-replenishment/products/:id/discontinue': {
    roles: { Supplier: 'own' },
    object: 'supplierProduct',
  },
  'POST /api/stock-replenishment/products/:id/resume': {
    roles: { Supplier: 'own' },
    object: 'supplierProduct',
  },
  'POST /api/stock-replenishment/products/import/dry-run': {
    roles: { Supplier: 'own' },
    object: 'supplierProduct',
  },
  'POST /api/stock-replenishment/products/import': { roles: { Supplier: 'own' }, object: 'supplierProduct' },

  'GET /api/replenishment-orders': {
    roles: { 'Inventory Manager': 'own', Supplier: 'assigned' },
    object: 'supplyOrder',
  },
  'POST /api/replenishment-orders': { roles: { 'Inventory Manager': 'own' }, object: 'supplyOrder' },
  /** One supply order with both parties' contact: its purchase order document. */
  'GET /api/replenishment-orders/:id': {
    roles: { 'Inventory Manager': 'own', Supplier: 'assigned' },
    object: 'supplyOrder',
  },
  'PUT /api/replenishment-orders/:id': { roles: { Supplier: 'assigned' }, object: 'supplyOrder' },
  /** Drafts are the manager's only: a supplier reaches none (docs/decisions/026). */
  'POST /api/reorder-suggestions/drafts': { roles: { 'Inventory Manager': 'own' }, object: 'supplyOrder' },
  'GET /api/supply-order-drafts': { roles: { 'Inventory Manager': 'own' }, object: 'supplyOrder' },
  'PUT /api/supply-order-drafts/:id': { roles: { 'Inventory Manager': 'own' }, object: 'supplyOrder' },
  'DELETE /api/supply-order-drafts/:id': { roles: { 'Inventory Manager': 'own' }, object: 'supplyOrder' },
  'POST /api/supply-order-drafts/:id/place': { roles: { 'Inventory Manager': 'own' }, object: 'supplyOrder' },
  'GET /api/supplier-scorecards': {
    roles: { 'Inventory Manager': 'all', Supplier: 'assigned' },
    object: 'supplyOrder',
  },
  'POST /api/replenishment-orders/:id/deliveries': { roles: { Supplier: 'assigned' }, object: 'supplyOrder' },

  /** Each role's day on the Overview (docs/product/screens.md#overview), over the caller's own orders. */
  'GET /api/overview/customer': { roles: { Customer: 'own' }, object: 'order' },
  'GET /api/overview/courier': { roles: { 'Courier Service': 'assigned' }, object: 'order' },
  'GET /api/overview/supplier': { roles: { Supplier: 'assigned' }, object: 'supplyOrder' },

  /** A customer's remembered delivery addresses (docs/product/api.md#addresses). */
  'GET /api/addresses': { roles: { Customer: 'own' }, object: 'address' },
  'POST /api/addresses': { roles: { Customer: 'own' }, object: 'address' },
  'PUT /api/addresses/:id': { roles: { Customer: 'own' }, object: 'address' },
  'DELETE /api/addresses/:id': { roles: { Customer: 'own' }, object: 'address' },

  'GET /api/inventory-reports': { roles: { 'Inventory Manager': 'all' }, object: 'report' },
  'GET /api/order-performance-and-demand-analysis': {
    roles: { 'Inventory Manager': 'all' },
    object: 'report',
  },
  'GET /api/sales-reports': { roles: { 'Inventory Manager': 'all' }, object: 'report' },
  /** Revenue of the whole business; stock value of the caller's own items, so scoped as a stock read. */
  'GET /api/money-reports': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },

  'GET /api/notifications': { roles: everyRole('own'), object: 'notification' },
  'GET /api/events': { roles: everyRole('own'), object: 'liveEvent' },
  'GET /api/activity': { roles: { 'Inventory Manager': 'own' }, object: 'activity' },
} as const satisfies Record<string, EndpointAccess>;

export type ApiEndpoint = keyof typeof API_ACCESS;

/** The access entry of an endpoint, widened so callers need not narrow each literal. */
export function endpointAccess(endpoint: ApiEndpoint): EndpointAccess {
  return API_ACCESS[endpoint];
}

export interface DashboardPageAccess {
  roles: readonly Role[];
  /**
   * The sidebar link's label when the page is one of a role's sidebar links
   * (docs/product/screens.md#sidebar).
   */
  sidebarLabel?: string;
}

/**
 * Every dashboard page and the roles that may open it; for any other role the path does not exist
 * (the dashboard's not-found page). Sidebar links follow this order, between Overview and Logout.
 */
export const PAGE_ACCESS = {
  [PATHS.overview]: { roles: ROLES },
  [PATHS.couriers]: { roles: ['Courier Service'], sidebarLabel: 'Courier Service' },
  [PATHS.suppliers]: { roles: ['Inventory Manager'], sidebarLabel: 'Suppliers Management' },
  [PATHS.stockManagement]: { roles: ['Inventory Manager'], sidebarLabel: 'Stock Management' },
  [PATHS.addStock]: { roles: ['Inventory Manager'] },
  [PATHS.updateStock]: { roles: ['Inventory Manager'] },
  [PATHS.stockHistory]: { roles: ['Inventory Manager'] },
  [PATHS.stockCount]: { roles: ['Inventory Manager'] },
  [PATHS.reorderSuggestions]: { roles: ['Inventory Manager'], sidebarLabel: 'Reorder Suggestions' },
  [PATHS.stockReplenishment]: { roles: ['Inventory Manager'], sidebarLabel: 'Stock Replenishment' },
  [PATHS.myOrders]: { roles: ['Inventory Manager'], sidebarLabel: 'My Orders' },
  [PATHS.orderDesk]: { roles: ['Inventory Manager'], sidebarLabel: 'Customer Orders' },
  [PATHS.activity]: { roles: ['Inventory Manager'], sidebarLabel: 'Activity' },
  [PATHS.team]: { roles: ['Inventory Manager'], sidebarLabel: 'Team' },
  [PATHS.supplierProducts]: { roles: ['Supplier'], sidebarLabel: 'Products' },
  [PATHS.supplyOrders]: { roles: ['Supplier'], sidebarLabel: 'Supply Orders' },
  [PATHS.products]: { roles: ['Customer'], sidebarLabel: 'Products' },
  [PATHS.orderPreview]: { roles: ['Customer'] },
  [PATHS.confirmOrder]: { roles: ['Customer'] },
  [PATHS.customerOrders]: { roles: ['Customer'], sidebarLabel: 'My Orders' },
  [PATHS.customerOrder]: { roles: ['Customer'] },
  [PATHS.notifications]: { roles: ['Customer'], sidebarLabel: 'Notifications' },
  [PATHS.account]: { roles: ROLES },
} as const satisfies Record<string, DashboardPageAccess>;

export type DashboardPagePath = keyof typeof PAGE_ACCESS;

/** The access entry of a dashboard page, widened so callers need not narrow each literal. */
export function pageAccess(path: DashboardPagePath): DashboardPageAccess {
  return PAGE_ACCESS[path];
}

/** The dashboard pages a role may open, in PAGE_ACCESS order. */
export function pagesFor(role: Role): DashboardPagePath[] {
  return (Object.keys(PAGE_ACCESS) as DashboardPagePath[]).filter((path) =>
    pageAccess(path).roles.includes(role),
  );
}
