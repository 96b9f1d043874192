import { Text } from '@mantine/core';
import { useLiveEvents } from '@/lib/live-events';
import { toast } from '@/lib/toast';

/** Shows each new notification of the signed-in user as a toast, on whichever screen is open. */
export function useLiveNotificationToasts() {
  useLiveEvents((signal) => {
    if (signal.type !== 'notification') return;
    const { id, title, message } = signal.data;
    toast.info(
      <div>
        <Text fw={700} size="sm">
          {title}
        </Text>
        <Text size="sm">{message}</Text>
      </div>,
      { toastId: `notification-${id}` },
    );
  });
}
