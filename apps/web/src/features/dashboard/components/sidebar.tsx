import type { NavLink as NavLinkData } from '@depot/contract';
import { NavLink, Stack } from '@mantine/core';
import { Link, useLocation } from 'react-router';

interface SidebarProps {
  links: readonly NavLinkData[];
  onNavigate: () => void;
}

export function Sidebar({ links, onNavigate }: SidebarProps) {
  const { pathname } = useLocation();
  return (
    <Stack gap={4}>
      {links.map((link) => {
        const active = isActivePath(pathname, link.path);
        return (
          <NavLink
            key={link.path}
            component={Link}
            to={link.path}
            label={link.label}
            active={active}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          />
        );
      })}
    </Stack>
  );
}

/** A link stays active on its sub-pages, e.g. Stock Management on /dashboard/stock-management/addStock. */
function isActivePath(pathname: string, linkPath: string): boolean {
  return pathname === linkPath || pathname.startsWith(`${linkPath}/`);
}
