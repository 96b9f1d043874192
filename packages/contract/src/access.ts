import { PATHS } from './paths';
import { ROLES, type Role } from './roles';

/**
 * Who may do what, as data (STYLE: authorization as data). The server's route guards, the web
 * app's route table and the sidebar all read these two maps, and the authorization matrix test
 * (apps/server/src/modules/access/access-matrix.test.ts) calls every endpoint as every kind of
 * caller to prove the server does what they say.
 */

/**
 * What a role reaches through an endpoint: `own` only the objects it owns (another's object is a
 * 404, a list holds only the caller's rows; creating makes the caller the owner), `all` every
 * object of the kind (still never a user's private data: reports cover the whole business).
 */
export type AccessScope = 'own' | 'all';

/** The kinds of objects ownership is about, and who owns each. */
export const OWNED_OBJECTS = {
  account: 'the signed-in user themself',
  stock: 'the Inventory Manager who created the stock item',
  supplier: 'no one: Supplier accounts are managed by every Inventory Manager together',
  order: 'the Customer who placed it and the Courier Service it is assigned to',
  supplierProduct: 'the Supplier whose catalogue it is in',
  supplyOrder: 'the Inventory Manager who placed it and the Supplier it was placed with',
  notification: 'the user it was written to',
  liveEvent: 'the user it is sent to',
  report: 'no one: reports cover the whole business',
  activity: 'the users an audit event concerns (its viewers): see apps/server/src/modules/audit',
  reference: 'no one: PIN codes, Courier Services and shipping prices are for every user',
} as const;
export type OwnedObject = keyof typeof OWNED_OBJECTS;

export type EndpointAccess =
  /** Anyone, with or without a session: signing up, in and out, and password resets. */
  | { public: true }
  | {
      public?: false;
      /** The roles that may call it; any other role is a 403, no session a 401. */
      roles: Partial<Record<Role, AccessScope>>;
      object: OwnedObject;
    };

const PUBLIC = { public: true } as const;
const everyRole = (scope: AccessScope) =>
  Object.fromEntries(ROLES.map((role) => [role, scope])) as Record<Role, AccessScope>;

/**
 * Every endpoint under /api and /auth, as 'METHOD path' with Fastify's `:param` syntax. A route the
 * server registers that is missing here fails the matrix test; a guard names its entry
 * (`preValidation: app.requireAccess('GET /api/stocks')`).
 */
export const API_ACCESS = {
  'POST /auth/register': PUBLIC,
  'POST /auth/login': PUBLIC,
  'POST /auth/logout': PUBLIC,
  'POST /auth/logout-all': { roles: everyRole('own'), object: 'account' },
  'POST /auth/forgot-password': PUBLIC,
  'POST /auth/reset-password/:resetToken': PUBLIC,
  'GET /auth/profile': { roles: everyRole('own'), object: 'account' },

  'GET /api/stocks': { roles: { 'Inventory Manager': 'own', Customer: 'all' }, object: 'stock' },
  'GET /api/stocks/:id': { roles: { 'Inventory Manager': 'own', Customer: 'all' }, object: 'stock' },
  'POST /api/stocks': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'PUT /api/stocks/:id': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },
  'DELETE /api/stocks/:id': { roles: { 'Inventory Manager': 'own' }, object: 'stock' },

  'GET /api/suppliers': { roles: { 'Inventory Manager': 'all' }, object: 'supplier' },
  'POST /api/suppliers': { roles: { 'Inventory Manager': 'all' }, object: 'supplier' },
  'PUT /api/suppliers/:id': { roles: { 'Inventory Manager': 'all' }, object: 'supplier' },
  'DELETE /api/suppliers/:id': { roles: { 'Inventory Manager': 'all' }, object: 'supplier' },

  'GET /api/pincodes/:pin': { roles: everyRole('all'), object: 'reference' },
  'GET /api/couriers-services': { roles: everyRole('all'), object: 'reference' },
  'GET /api/orders/get-shipping-cost': { roles: everyRole('all'), object: 'reference' },

  'GET /api/orders': {
    roles: { 'Courier Service': 'own', Customer: 'own', 'Inventory Manager': 'all' },
    object: 'order',
  },
  'POST /api/orders': { roles: { Customer: 'own' }, object: 'order' },
  'PUT /api/orders/:id': { roles: { 'Courier Service': 'own' }, object: 'order' },

  'GET /api/stock-replenishment/products': {
    roles: { Supplier: 'own', 'Inventory Manager': 'all' },
    object: 'supplierProduct',
  },
  'POST /api/stock-replenishment/products': { roles: { Supplier: 'own' }, object: 'supplierProduct' },
  'PUT /api/stock-replenishment/products/:id': { roles: { Supplier: 'own' }, object: 'supplierProduct' },

  'GET /api/replenishment-orders': {
    roles: { 'Inventory Manager': 'own', Supplier: 'own' },
    object: 'supplyOrder',
  },
  'POST /api/replenishment-orders': { roles: { 'Inventory Manager': 'own' }, object: 'supplyOrder' },
  'PUT /api/replenishment-orders/:id': { roles: { Supplier: 'own' }, object: 'supplyOrder' },

  'GET /api/inventory-reports': { roles: { 'Inventory Manager': 'all' }, object: 'report' },
  'GET /api/order-performance-and-demand-analysis': {
    roles: { 'Inventory Manager': 'all' },
    object: 'report',
  },
  'GET /api/sales-reports': { roles: { 'Inventory Manager': 'all' }, object: 'report' },

  'GET /api/notifications': { roles: everyRole('own'), object: 'notification' },
  'GET /api/events': { roles: everyRole('own'), object: 'liveEvent' },
  'GET /api/activity': { roles: { 'Inventory Manager': 'own' }, object: 'activity' },

  // New endpoints go here, e.g. 'GET /api/activity': { roles: { 'Inventory Manager': 'all' }, object: … }.
} as const satisfies Record<string, EndpointAccess>;

export type ApiEndpoint = keyof typeof API_ACCESS;

/** The access entry of an endpoint, widened so callers need not narrow each literal. */
export function endpointAccess(endpoint: ApiEndpoint): EndpointAccess {
  return API_ACCESS[endpoint];
}

/** The roles that may call an endpoint; empty for a public one, which needs no session. */
export function rolesAllowed(endpoint: ApiEndpoint): Role[] {
  const access = endpointAccess(endpoint);
  return access.public ? [] : ROLES.filter((role) => access.roles[role] !== undefined);
}

export interface DashboardPageAccess {
  roles: readonly Role[];
  /** The sidebar link's label when the page is one of a role's sidebar links (SPEC §2). */
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
  [PATHS.stockReplenishment]: { roles: ['Inventory Manager'], sidebarLabel: 'Stock Replenishment' },
  [PATHS.myOrders]: { roles: ['Inventory Manager'], sidebarLabel: 'My Orders' },
  [PATHS.activity]: { roles: ['Inventory Manager'], sidebarLabel: 'Activity' },
  // New pages go here, in sidebar order, e.g. the Inventory Manager's Activity page.
  [PATHS.supplierProducts]: { roles: ['Supplier'], sidebarLabel: 'Products' },
  [PATHS.supplyOrders]: { roles: ['Supplier'], sidebarLabel: 'Supply Orders' },
  [PATHS.products]: { roles: ['Customer'], sidebarLabel: 'Products' },
  [PATHS.orderPreview]: { roles: ['Customer'] },
  [PATHS.confirmOrder]: { roles: ['Customer'] },
  [PATHS.notifications]: { roles: ['Customer'], sidebarLabel: 'Notifications' },
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
