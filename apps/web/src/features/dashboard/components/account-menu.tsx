import { PATHS } from '@depot/contract';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { useRef } from 'react';
import { Link } from 'react-router';
import { UserIcon } from '@/components/icons';

interface AccountMenuProps {
  /** Below the 'sm' breakpoint the button is an icon (named "Account"), so the header fits 375px. */
  iconOnly?: boolean;
  /** Open from the start: the menu is first drawn when its stand-in button is clicked. */
  defaultOpened?: boolean;
}

/** Account actions in the header: the sidebar's Logout ends this browser's session, this one every session. */
export default function AccountMenu({ iconOnly = false, defaultOpened = false }: AccountMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  // Mantine gives focus back to what had it before the menu opened; the first time, that was the
  // stand-in button, gone since. Focus left on nothing goes back to the menu's button instead.
  const keepFocus = () =>
    setTimeout(() => {
      if (document.activeElement === document.body || document.activeElement === null)
        target.current?.focus();
    }, 0);
  return (
    // No focus placeholder: its role="presentation" child is not allowed inside role="menu" (axe).
    <Menu
      position="bottom-end"
      withInitialFocusPlaceholder={false}
      defaultOpened={defaultOpened}
      onClose={keepFocus}
    >
      <Menu.Target>
        {iconOnly ? (
          <ActionIcon ref={target} variant="default" size="lg" aria-label="Account" title="Account">
            <UserIcon size={18} />
          </ActionIcon>
        ) : (
          <Button ref={target} variant="subtle" size="compact-sm">
            Account
          </Button>
        )}
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={PATHS.logoutEverywhere}>
          Log out on every device
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
