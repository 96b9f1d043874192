import { PATHS, type Role } from '@depot/contract';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { NotFoundPage } from '@/components/not-found-page';
import { RouteErrorBoundary } from '@/components/route-error-boundary';
import { lazyWithTimeout } from '@/lib/lazy-with-timeout';
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
const StockReplenishmentPage = lazyWithTimeout(
  () => import('@/features/stock-replenishment/pages/stock-replenishment-page'),
);
const MyOrdersPage = lazyWithTimeout(() => import('@/features/supply-orders/pages/my-orders-page'));
const SupplyOrdersPage = lazyWithTimeout(() => import('@/features/supply-orders/pages/supply-orders-page'));
const SupplyProductsPage = lazyWithTimeout(
  () => import('@/features/supply-products/pages/supply-products-page'),
);
const ProductsPage = lazyWithTimeout(() => import('@/features/orders/pages/products-page'));
const OrderPreviewPage = lazyWithTimeout(() => import('@/features/orders/pages/order-preview-page'));
const ConfirmOrderPage = lazyWithTimeout(() => import('@/features/orders/pages/confirm-order-page'));
const NotificationsPage = lazyWithTimeout(() => import('@/features/notifications/pages/notifications-page'));

export interface DashboardPageRoute {
  /** An absolute path from PATHS, under /dashboard. */
  path: string;
  Page: ComponentType;
}

/**
 * The dashboard screens each role may open (SPEC §2, §6). A path missing from a role's list is
 * not registered for that role at all: it shows the dashboard's not-found page.
 */
export const DASHBOARD_ROUTES: Record<Role, readonly DashboardPageRoute[]> = {
  'Courier Service': [
    { path: PATHS.overview, Page: OverviewPage },
    { path: PATHS.couriers, Page: CourierOrdersPage },
  ],
  'Inventory Manager': [
    { path: PATHS.overview, Page: InventoryReportingPage },
    { path: PATHS.suppliers, Page: SuppliersPage },
    { path: PATHS.stockManagement, Page: StockManagementPage },
    { path: PATHS.addStock, Page: AddStockPage },
    { path: PATHS.updateStock, Page: UpdateStockPage },
    { path: PATHS.stockReplenishment, Page: StockReplenishmentPage },
    { path: PATHS.myOrders, Page: MyOrdersPage },
  ],
  Supplier: [
    { path: PATHS.overview, Page: OverviewPage },
    { path: PATHS.supplyProducts, Page: SupplyProductsPage },
    { path: PATHS.supplyOrders, Page: SupplyOrdersPage },
  ],
  Customer: [
    { path: PATHS.overview, Page: OverviewPage },
    { path: PATHS.products, Page: ProductsPage },
    { path: PATHS.orderPreview, Page: OrderPreviewPage },
    { path: PATHS.confirmOrder, Page: ConfirmOrderPage },
    { path: PATHS.notifications, Page: NotificationsPage },
  ],
};

export const appRoutes: RouteObject[] = [
  {
    element: <RouteErrorBoundary />,
    children: [
      { path: PATHS.home, element: <LandingRoute /> },
      { path: PATHS.resetPassword, element: <ResetPasswordPage /> },
      { path: PATHS.logout, element: <LogoutPage /> },
      { path: `${PATHS.dashboard}/*`, element: <DashboardRoute routesByRole={DASHBOARD_ROUTES} /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
