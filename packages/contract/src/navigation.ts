import { pageAccess, pagesFor } from './access';
import { PATHS } from './paths';
import type { Role } from './roles';

export interface NavLink {
  label: string;
  path: string;
}

/** A role's sidebar links: its pages that PAGE_ACCESS gives a sidebar label, in that order. */
function roleNav(role: Role): NavLink[] {
  return pagesFor(role).flatMap((path) => {
    const label = pageAccess(path).sidebarLabel;
    return label ? [{ label, path }] : [];
  });
}

/**
 * The role-specific sidebar links of docs/product/screens.md#sidebar, between Overview and Logout.
 */
export const ROLE_NAV: Record<Role, readonly NavLink[]> = {
  'Courier Service': roleNav('Courier Service'),
  'Inventory Manager': roleNav('Inventory Manager'),
  Supplier: roleNav('Supplier'),
  Customer: roleNav('Customer'),
};

export const OVERVIEW_LINK: NavLink = { label: 'Overview', path: PATHS.overview };
export const LOGOUT_LINK: NavLink = { label: 'Logout', path: PATHS.logout };

/** Sidebar for a role: Overview, the role's links, Logout. */
export function sidebarLinks(role: Role): NavLink[] {
  return [OVERVIEW_LINK, ...ROLE_NAV[role], LOGOUT_LINK];
}
