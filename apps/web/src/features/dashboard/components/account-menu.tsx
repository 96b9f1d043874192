import { PATHS } from '@depot/contract';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { UserIcon } from '@/components/icons';

interface AccountMenuProps {
  /** Below the 'sm' breakpoint the button is an icon (named "Account"), so the header fits 375px. */
  iconOnly?: boolean;
  /** Open at once: the menu is first drawn when its stand-in button is clicked. */
  openAtOnce?: boolean;
}

/**
 * Account actions in the header: the Account page, and logging out everywhere (the sidebar's Logout
 * ends this browser's session only).
 */
export default function AccountMenu({ iconOnly = false, openAtOnce = false }: AccountMenuProps) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(openAtOnce);
  // Focus goes back to this button whenever the menu closes. Mantine's own return goes to what had
  // focus when the menu opened: the first time, that is the stand-in button, which is gone by then.
  const onChange = (next: boolean) => {
    setOpened(next);
    if (!next) target.current?.focus();
  };
  return (
    // No focus placeholder: its role="presentation" child is not allowed inside role="menu" (axe).
    <Menu
      position="bottom-end"
      withInitialFocusPlaceholder={false}
      opened={opened}
      onChange={onChange}
      returnFocus={false}
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
        <Menu.Item component={Link} to={PATHS.account}>
          Account settings
        </Menu.Item>
        <Menu.Item component={Link} to={PATHS.logoutEverywhere}>
          Log out on every device
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
