import {
  type DashboardPagePath,
  PAGE_ACCESS,
  ROLE_NAV,
  ROLES,
  type Role,
  sidebarLinks,
} from '@depot/contract';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTES } from './routes';

const pagesOpenTo = (role: Role) =>
  (Object.keys(PAGE_ACCESS) as DashboardPagePath[]).filter((path) =>
    (PAGE_ACCESS[path].roles as readonly Role[]).includes(role),
  );

describe('DASHBOARD_ROUTES', () => {
  it.each(ROLES)('registers exactly the pages the access map opens to %s', (role) => {
    expect(DASHBOARD_ROUTES[role].map((route) => route.path)).toEqual(pagesOpenTo(role));
  });

  it.each(ROLES)('has a screen for every sidebar link of %s', (role) => {
    const paths = DASHBOARD_ROUTES[role].map((route) => route.path);
    const sidebarPaths = sidebarLinks(role)
      .map((link) => link.path)
      .filter((path) => path.startsWith('/dashboard/'));
    expect(paths).toEqual(expect.arrayContaining(sidebarPaths));
  });

  it.each(ROLES)('registers no sidebar path of another role for %s', (role) => {
    const paths = new Set(DASHBOARD_ROUTES[role].map((route) => route.path));
    const othersPaths = ROLES.filter((other) => other !== role).flatMap((other) =>
      ROLE_NAV[other].map((link) => link.path),
    );
    expect(othersPaths.filter((path) => paths.has(path))).toEqual([]);
  });

  it('gives every role the sidebar the screens document lists', () => {
    expect(
      Object.fromEntries(ROLES.map((role) => [role, sidebarLinks(role).map((link) => link.label)])),
    ).toEqual({
      'Courier Service': ['Overview', 'Courier Service', 'Logout'],
      'Inventory Manager': [
        'Overview',
        'Suppliers Management',
        'Stock Management',
        'Reorder Suggestions',
        'Stock Replenishment',
        'My Orders',
        'Customer Orders',
        'Activity',
        'Team',
        'Logout',
      ],
      Supplier: ['Overview', 'Products', 'Supply Orders', 'Logout'],
      Customer: ['Overview', 'Products', 'My Orders', 'Notifications', 'Logout'],
    });
  });
});
