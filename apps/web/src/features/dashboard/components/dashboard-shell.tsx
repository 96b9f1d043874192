import { type Role, sidebarLinks } from '@depot/contract';
import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { useIsPhone } from '@/hooks/use-is-phone';
import { AccountMenu } from './account-menu';
import { useLiveNotificationToasts } from './live-notification-toasts';
import { Sidebar } from './sidebar';

const NAVBAR_ID = 'dashboard-navigation';

interface DashboardShellProps {
  role: Role;
  children: ReactNode;
}

export function DashboardShell({ role, children }: DashboardShellProps) {
  const [navbarOpened, { toggle: toggleNavbar, close: closeNavbar }] = useDisclosure(false);
  // Below the 'sm' breakpoint Mantine only slides a closed navbar off screen; hiding it also takes its
  // links out of the tab order and the accessibility tree.
  const isPhone = useIsPhone();
  const navbarHidden = isPhone && !navbarOpened;
  useLiveNotificationToasts();

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
          {/* On a phone the title may take two lines rather than push the buttons off screen. */}
          <Title
            order={1}
            fz={{ base: 'lg', sm: 'xl' }}
            lh={1.25}
            lineClamp={isPhone ? 2 : 1}
            flex={1}
            miw={0}
            style={{ overflowWrap: 'anywhere' }}
          >
            {role}'s Dashboard
          </Title>
          <ColorSchemeToggle />
          <AccountMenu iconOnly={isPhone} />
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
