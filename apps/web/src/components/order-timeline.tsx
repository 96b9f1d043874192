import type { OrderStatusChange } from '@depot/contract';
import { Text, Timeline } from '@mantine/core';
import { formatDateTime } from '@/lib/format';

/** Before the device time of a change the courier made offline, under the time it reached Depot. */
export const DEVICE_TIME_LABEL = "Made offline on the courier's device at";

/** An order's status timeline, oldest first, each step with its time (dd/mm/yyyy hh:mm). */
export function OrderTimeline({ history }: { history: readonly OrderStatusChange[] }) {
  return (
    <Timeline active={history.length - 1} bulletSize={14} lineWidth={2} aria-label="Status timeline">
      {history.map((change) => (
        <Timeline.Item
          // A status may come back (a courier's correction), never at the same moment.
          key={`${change.at}-${change.status}`}
          title={change.status}
          color={change.status === 'Cancelled' ? 'gray' : undefined}
        >
          <Text size="sm" c="dimmed" component="time" dateTime={change.at}>
            {formatDateTime(change.at)}
          </Text>
          {/* A change made offline and sent later (docs/product/screens.md#order-page). */}
          {change.device_at && formatDateTime(change.device_at) !== formatDateTime(change.at) && (
            <Text size="xs" c="dimmed">
              {DEVICE_TIME_LABEL} <time dateTime={change.device_at}>{formatDateTime(change.device_at)}</time>
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}
