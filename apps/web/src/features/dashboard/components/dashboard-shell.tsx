import { type Role, sidebarLinks } from '@depot/contract';
import { AppShell, Burger, Group, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ComponentType, memo, type ReactNode, Suspense, useState } from 'react';
import { ColorSchemeToggle } from '@/components/color-scheme-toggle';
import { useIsPhone } from '@/hooks/use-is-phone';
import { AccountButton } from './account-button';
import { useLiveNotificationToasts } from './live-notification-toasts';
import { Sidebar } from './sidebar';

const NAVBAR_ID = 'dashboard-navigation';

/**
 * The Account menu's lazily loaded component and the call that starts loading it. The app's entry
 * declares both (app/routes.tsx: where the lazy import must live for the chunks to stay lean) and
 * hands them down, so this feature never imports the app.
 */
export interface AccountMenuLoader {
  Menu: ComponentType<{ iconOnly: boolean; openAtOnce?: boolean }>;
  preload: () => void;
}

interface DashboardShellProps {
  role: Role;
  accountMenu: AccountMenuLoader;
  children: ReactNode;
}

/** Memoized: the layout redraws when the profile answers, and the screen inside need not. */
export const DashboardShell = memo(function DashboardShell({
  role,
  accountMenu,
  children,
}: DashboardShellProps) {
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
          <DeferredAccountMenu loader={accountMenu} iconOnly={isPhone} />
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
});

/**
 * The Account menu, loaded when its button is first pointed at or focused and opened by the first
 * click. Loaded with the page, it cost a phone's main thread a long task of rendering a menu nobody
 * had asked for yet.
 */
function DeferredAccountMenu({ loader, iconOnly }: { loader: AccountMenuLoader; iconOnly: boolean }) {
  const [opened, setOpened] = useState(false);
  if (!opened) {
    return <AccountButton iconOnly={iconOnly} onIntent={loader.preload} onOpen={() => setOpened(true)} />;
  }
  return (
    <Suspense fallback={<AccountButton iconOnly={iconOnly} />}>
      <loader.Menu iconOnly={iconOnly} openAtOnce />
    </Suspense>
  );
}
