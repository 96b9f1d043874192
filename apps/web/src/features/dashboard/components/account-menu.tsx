import { PATHS } from '@depot/contract';
import { ActionIcon, Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { UserIcon } from '@/components/icons';

interface AccountMenuProps {
  /** Below the 'sm' breakpoint the button is an icon (named "Account"), so the header fits 375px. */
  iconOnly?: boolean;
}

/** Account actions in the header: the sidebar's Logout ends this browser's session, this one every session. */
export default function AccountMenu({ iconOnly = false }: AccountMenuProps) {
  return (
    // No focus placeholder: its role="presentation" child is not allowed inside role="menu" (axe).
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        {iconOnly ? (
          <ActionIcon variant="default" size="lg" aria-label="Account" title="Account">
            <UserIcon size={18} />
          </ActionIcon>
        ) : (
          <Button variant="subtle" size="compact-sm">
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
