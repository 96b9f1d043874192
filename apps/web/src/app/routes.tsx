import { type DashboardPagePath, PATHS, pagesFor, type Role } from '@depot/contract';
import { lazy } from 'react';
import { matchPath, type RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { RouteErrorBoundary } from '@/components/route-error-boundary';
import { AccountButton } from '@/features/dashboard/components/account-button';
import { type LazyComponent, lazyWithTimeout } from '@/lib/lazy-with-timeout';
import type { DashboardPageRoute } from './dashboard-route';
import { LandingRoute } from './landing-route';

const ResetPasswordPage = lazyWithTimeout(() => import('@/features/auth/pages/reset-password-page'));
const LogoutPage = lazyWithTimeout(() => import('@/features/auth/pages/logout-page'));
const DashboardRoute = lazyWithTimeout(() => import('./dashboard-route'));

const OverviewPage = lazyWithTimeout(() => import('@/features/dashboard/pages/overview-page'));
const InventoryReportingPage = lazyWithTimeout(
  () => import('@/features/analytics/pages/inventory-reporting-page'),
);
const CourierOrdersPage = lazyWithTimeout(
  () => import('@/features/courier-orders/pages/courier-orders-page'),
);
const SuppliersPage = lazyWithTimeout(() => import('@/features/suppliers/pages/suppliers-page'));
const StockManagementPage = lazyWithTimeout(() => import('@/features/stock/pages/stock-management-page'));
const AddStockPage = lazyWithTimeout(() => import('@/features/stock/pages/add-stock-page'));
const UpdateStockPage = lazyWithTimeout(() => import('@/features/stock/pages/update-stock-page'));
const StockHistoryPage = lazyWithTimeout(() => import('@/features/stock/pages/stock-history-page'));
const StockCountPage = lazyWithTimeout(() => import('@/features/stock/pages/stock-count-page'));
const ReorderSuggestionsPage = lazyWithTimeout(
  () => import('@/features/stock/pages/reorder-suggestions-page'),
);
const StockReplenishmentPage = lazyWithTimeout(
  () => import('@/features/supply-orders/pages/stock-replenishment-page'),
);
const MyOrdersPage = lazyWithTimeout(() => import('@/features/supply-orders/pages/my-orders-page'));
const SupplyOrdersPage = lazyWithTimeout(() => import('@/features/supply-orders/pages/supply-orders-page'));
const SupplierProductsPage = lazyWithTimeout(
  () => import('@/features/supplier-products/pages/supplier-products-page'),
);
const ProductsPage = lazyWithTimeout(() => import('@/features/orders/pages/products-page'));
const OrderPreviewPage = lazyWithTimeout(() => import('@/features/orders/pages/order-preview-page'));
const ConfirmOrderPage = lazyWithTimeout(() => import('@/features/orders/pages/confirm-order-page'));
const CustomerOrdersPage = lazyWithTimeout(() => import('@/features/orders/pages/customer-orders-page'));
// One chunk for My Orders and an order's page: each is a step from the other, and one lazy import
// fewer keeps the landing page's entry within its budget (bench/web/budgets.json).
const OrderPage = lazyWithTimeout(() =>
  import('@/features/orders/pages/customer-orders-page').then((module) => ({ default: module.OrderPage })),
);
const OrderDeskPage = lazyWithTimeout(() => import('@/features/order-desk/pages/order-desk-page'));
const TrackingPage = lazyWithTimeout(() => import('@/features/tracking/pages/tracking-page'));
const PrintPage = lazyWithTimeout(() => import('@/features/print/pages/print-page'));
const NotificationsPage = lazyWithTimeout(() => import('@/features/notifications/pages/notifications-page'));
const ActivityPage = lazyWithTimeout(() => import('@/features/activity/pages/activity-page'));
const TeamPage = lazyWithTimeout(() => import('@/features/team/pages/team-page'));
const AccountPage = lazyWithTimeout(() => import('@/features/account/pages/account-page'));
const ConfirmEmailPage = lazyWithTimeout(() => import('@/features/account/pages/confirm-email-page'));
const ChoosePasswordPage = lazyWithTimeout(() => import('@/features/account/pages/choose-password-page'));

/**
 * The dashboard header's Account menu brings Mantine's Menu and floating-ui (about 25 kB gzip); the
 * shell loads it when its button is first pointed at, focused or clicked (dashboard-shell.tsx). It
 * is declared here in the entry, as the screens are: a lazy import made from inside another lazy
 * chunk makes Rolldown move modules the entry already has into extra chunks (rolldown#10731), which
 * costs the landing page requests.
 */
const importAccountMenu = () => import('@/features/dashboard/components/account-menu');
const AccountMenu = lazy(() => importAccountMenu().catch(() => ({ default: AccountButton })));
/**
 * Starts loading the Account menu (a pointer or focus on its button), so a click finds it ready.
 */
const preloadAccountMenu = () => {
  importAccountMenu().catch(() => {});
};
const ACCOUNT_MENU = { Menu: AccountMenu, preload: preloadAccountMenu };

/** The screen of every dashboard page of the contract's PAGE_ACCESS, which says who may open it. */
const PAGE_SCREENS: Record<DashboardPagePath, LazyComponent<object>> = {
  [PATHS.overview]: OverviewPage,
  [PATHS.couriers]: CourierOrdersPage,
  [PATHS.suppliers]: SuppliersPage,
  [PATHS.stockManagement]: StockManagementPage,
  [PATHS.addStock]: AddStockPage,
  [PATHS.updateStock]: UpdateStockPage,
  [PATHS.stockHistory]: StockHistoryPage,
  [PATHS.stockCount]: StockCountPage,
  [PATHS.reorderSuggestions]: ReorderSuggestionsPage,
  [PATHS.stockReplenishment]: StockReplenishmentPage,
  [PATHS.myOrders]: MyOrdersPage,
  [PATHS.orderDesk]: OrderDeskPage,
  [PATHS.supplierProducts]: SupplierProductsPage,
  [PATHS.supplyOrders]: SupplyOrdersPage,
  [PATHS.products]: ProductsPage,
  [PATHS.orderPreview]: OrderPreviewPage,
  [PATHS.confirmOrder]: ConfirmOrderPage,
  [PATHS.customerOrders]: CustomerOrdersPage,
  [PATHS.customerOrder]: OrderPage,
  [PATHS.notifications]: NotificationsPage,
  [PATHS.activity]: ActivityPage,
  [PATHS.team]: TeamPage,
  [PATHS.account]: AccountPage,
};

/**
 * Where a role sees its own screen at a shared path: a manager's Overview is Inventory Reporting
 * (docs/product/roles-and-access.md).
 */
const ROLE_SCREENS: Partial<Record<Role, Partial<Record<DashboardPagePath, LazyComponent<object>>>>> = {
  'Inventory Manager': { [PATHS.overview]: InventoryReportingPage },
};

/**
 * The dashboard screens each role may open (docs/product/screens.md#sidebar,
 * docs/product/roles-and-access.md), from PAGE_ACCESS. A path missing from a role's list is not
 * registered for that role at all: it shows the dashboard's not-found page.
 */
export const DASHBOARD_ROUTES: Record<Role, readonly DashboardPageRoute[]> = {
  'Courier Service': dashboardRoutesOf('Courier Service'),
  'Inventory Manager': dashboardRoutesOf('Inventory Manager'),
  Supplier: dashboardRoutesOf('Supplier'),
  Customer: dashboardRoutesOf('Customer'),
};

function dashboardRoutesOf(role: Role): DashboardPageRoute[] {
  return pagesFor(role).map((path) => ({ path, Page: ROLE_SCREENS[role]?.[path] ?? PAGE_SCREENS[path] }));
}

/**
 * Starts loading what a dashboard path shows before React first renders, all at once rather than
 * one after another: the shell and, when the stored user says which role it is for, the screen.
 */
export function preloadDashboard(pathname: string, role: Role | undefined): Promise<void> {
  const loads = [DashboardRoute.preload()];
  if (role) {
    // /dashboard itself goes on to the overview.
    const target = /^\/dashboard\/?$/.test(pathname) ? PATHS.overview : pathname;
    const screen = DASHBOARD_ROUTES[role].find(({ path }) => matchPath(path, target));
    if (screen) loads.push(screen.Page.preload());
  }
  return Promise.all(loads).then(() => {});
}

export const appRoutes: RouteObject[] = [
  {
    element: <RouteErrorBoundary />,
    children: [
      { path: PATHS.home, element: <LandingRoute /> },
      { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: PATHS.confirmEmail, element: <ConfirmEmailPage /> },
      { path: PATHS.track, element: <TrackingPage /> },
      { path: PATHS.print, element: <PrintPage /> },
      { path: PATHS.logout, element: <LogoutPage /> },
      { path: PATHS.logoutEverywhere, element: <LogoutPage everywhere /> },
      {
        path: `${PATHS.dashboard}/*`,
        element: (
          <DashboardRoute
            routesByRole={DASHBOARD_ROUTES}
            accountMenu={ACCOUNT_MENU}
            choosePassword={<ChoosePasswordPage />}
          />
        ),
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
