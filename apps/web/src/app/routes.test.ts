import { ROLE_NAV, ROLES, sidebarLinks } from '@depot/contract';
import { describe, expect, it } from 'vitest';
import { DASHBOARD_ROUTES } from './routes';

describe('DASHBOARD_ROUTES', () => {
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
});
