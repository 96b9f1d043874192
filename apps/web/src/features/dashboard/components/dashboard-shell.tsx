import { type Role, sidebarLinks } from '@depot/contract';
import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { Sidebar } from './sidebar';

const NAVBAR_ID = 'dashboard-navigation';
/** Below Mantine's 'sm' breakpoint (48em), where the AppShell navbar collapses behind the burger. */
const PHONE_QUERY = '(max-width: 47.99em)';

interface DashboardShellProps {
  role: Role;
  children: ReactNode;
}

export function DashboardShell({ role, children }: DashboardShellProps) {
  const [navbarOpened, { toggle: toggleNavbar, close: closeNavbar }] = useDisclosure(false);
  // Below the 'sm' breakpoint Mantine only slides a closed navbar off screen; hiding it also takes its
  // links out of the tab order and the accessibility tree.
  const isPhone = useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false });
  const navbarHidden = isPhone && !navbarOpened;

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 240, breakpoint: 'sm', collapsed: { mobile: !navbarOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            opened={navbarOpened}
            onClick={toggleNavbar}
            hiddenFrom="sm"
            size="sm"
            aria-label="Toggle navigation"
            aria-expanded={navbarOpened}
            aria-controls={NAVBAR_ID}
          />
          <Title order={1} fz={{ base: 'lg', sm: 'xl' }} lineClamp={1}>
            {role}'s Dashboard
          </Title>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar
        p="sm"
        id={NAVBAR_ID}
        aria-label="Dashboard"
        style={navbarHidden ? { visibility: 'hidden' } : undefined}
      >
        <Sidebar links={sidebarLinks(role)} onNavigate={closeNavbar} />
      </AppShell.Navbar>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
