import { PATHS } from '@depot/contract';
import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';

/** Account actions in the header: the sidebar's Logout ends this browser's session, this one every session. */
export default function AccountMenu() {
  return (
    // No focus placeholder: its role="presentation" child is not allowed inside role="menu" (axe).
    <Menu position="bottom-end" withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="subtle" size="compact-sm" ml="auto">
          Account
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={PATHS.logoutEverywhere}>
          Log out on every device
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
