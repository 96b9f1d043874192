import { Stack, Switch, Text } from '@mantine/core';
import { useChangeOrderMails } from '../api/account';

/**
 * A Customer's mails about their orders on or off (docs/product/screens.md#account): saved as
 * soon as it is turned. While saving it shows the new choice; a refusal leaves the account's own.
 */
export function OrderMailsSwitch({ orderMails }: { orderMails: boolean }) {
  const change = useChangeOrderMails();
  const checked = change.isPending ? change.variables.order_mails : orderMails;
  return (
    <Stack gap={4}>
      <Switch
        label="Mail me when my orders change"
        checked={checked}
        disabled={change.isPending}
        onChange={(event) => change.mutate({ order_mails: event.currentTarget.checked })}
      />
      <Text size="sm" c="dimmed">
        A mail when an order is placed, is on its way, is delivered or is cancelled, with its tracking link.
      </Text>
    </Stack>
  );
}
