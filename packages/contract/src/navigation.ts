import type { Role } from './roles';

export interface NavLink {
  label: string;
  path: string;
}

/** Path registry for the dashboard (SPEC §2). */
export const PATHS = {
  home: '/',
  logout: '/logout',
  resetPassword: '/reset-password/:resetToken',
  dashboard: '/dashboard',
  overview: '/dashboard/overview',
  couriers: '/dashboard/couriers',
  suppliers: '/dashboard/suppliers',
  stockManagement: '/dashboard/stock-management',
  addStock: '/dashboard/stock-management/addStock',
  updateStock: '/dashboard/stock-management/updateStock/:id',
  stockReplenishment: '/dashboard/stock-replenishment',
  myOrders: '/dashboard/my-orders',
  supplyProducts: '/dashboard/supply-products',
  supplyOrders: '/dashboard/supply-orders',
  products: '/dashboard/products',
  orderPreview: '/dashboard/products/order-preview',
  confirmOrder: '/dashboard/products/confirm-order',
  notifications: '/dashboard/notifications',
  activity: '/dashboard/activity',
} as const;

/** The role-specific sidebar links of SPEC §2, between Overview and Logout. */
export const ROLE_NAV: Record<Role, readonly NavLink[]> = {
  'Courier Service': [{ label: 'Courier Service', path: PATHS.couriers }],
  'Inventory Manager': [
    { label: 'Suppliers Management', path: PATHS.suppliers },
    { label: 'Stock Management', path: PATHS.stockManagement },
    { label: 'Stock Replenishment', path: PATHS.stockReplenishment },
    { label: 'My Orders', path: PATHS.myOrders },
    { label: 'Activity', path: PATHS.activity },
  ],
  Supplier: [
    { label: 'Products', path: PATHS.supplyProducts },
    { label: 'Supply Orders', path: PATHS.supplyOrders },
  ],
  Customer: [
    { label: 'Products', path: PATHS.products },
    { label: 'Notifications', path: PATHS.notifications },
  ],
};

export const OVERVIEW_LINK: NavLink = { label: 'Overview', path: PATHS.overview };
export const LOGOUT_LINK: NavLink = { label: 'Logout', path: PATHS.logout };

/** Sidebar for a role: Overview, the role's links, Logout. */
export function sidebarLinks(role: Role): NavLink[] {
  return [OVERVIEW_LINK, ...ROLE_NAV[role], LOGOUT_LINK];
}
