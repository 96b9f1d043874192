import { ATTEMPT_REASON_LABELS, type OrderAttempt, type OrderStatusChange } from '@depot/contract';
import { Text, Timeline } from '@mantine/core';
import { formatDateTime, formatDay } from '@/lib/format';

/** Before the device time of a change the courier made offline, under the time it reached Depot. */
export const DEVICE_TIME_LABEL = "Made offline on the courier's device at";
/** The title of a failed attempt's step (docs/product/screens.md#order-page). */
export const FAILED_ATTEMPT_TITLE = 'Delivery attempt failed';

type Step =
  | { kind: 'status'; at: string; change: OrderStatusChange }
  | { kind: 'attempt'; at: string; attempt: OrderAttempt };

/** The device time under a step made offline and sent later, when it differs from the time received. */
function DeviceTime({ at, deviceAt }: { at: string; deviceAt: string | null | undefined }) {
  if (!deviceAt || formatDateTime(deviceAt) === formatDateTime(at)) return null;
  return (
    <Text size="xs" c="dimmed">
      {DEVICE_TIME_LABEL} <time dateTime={deviceAt}>{formatDateTime(deviceAt)}</time>
    </Text>
  );
}

/**
 * An order's timeline, oldest first: its statuses and its failed delivery attempts (reason, note,
 * next date), each with its time (dd/mm/yyyy hh:mm); a manager's reason under a reopening.
 */
export function OrderTimeline({
  history,
  attempts = [],
}: {
  history: readonly OrderStatusChange[];
  attempts?: readonly OrderAttempt[];
}) {
  const steps: Step[] = [
    ...history.map((change) => ({ kind: 'status' as const, at: change.at, change })),
    ...attempts.map((attempt) => ({ kind: 'attempt' as const, at: attempt.at, attempt })),
  ];
  // Stable: a status and an attempt of the same moment keep their order (statuses first).
  steps.sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
  let lastStatus = -1;
  steps.forEach((step, index) => {
    if (step.kind === 'status') lastStatus = index;
  });
  return (
    <Timeline active={lastStatus} bulletSize={14} lineWidth={2} aria-label="Status timeline">
      {steps.map((step) =>
        step.kind === 'status' ? (
          <Timeline.Item
            // A status may come back (a courier's correction, a reopening), never at the same moment.
            key={`${step.at}-${step.change.status}`}
            title={step.change.status}
            color={
              step.change.status === 'Cancelled' || step.change.status === 'Returned' ? 'gray' : undefined
            }
          >
            <Text size="sm" c="dimmed" component="time" dateTime={step.at}>
              {formatDateTime(step.at)}
            </Text>
            {step.change.reopen_reason && (
              <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                Reopened: {step.change.reopen_reason}
              </Text>
            )}
            {/* A change made offline and sent later (docs/product/screens.md#order-page). */}
            <DeviceTime at={step.at} deviceAt={step.change.device_at} />
          </Timeline.Item>
        ) : (
          <Timeline.Item
            // Two attempts are never recorded at the same moment.
            key={`${step.at}-attempt`}
            title={FAILED_ATTEMPT_TITLE}
            color="orange"
            lineVariant="dashed"
          >
            <Text size="sm" c="dimmed" component="time" dateTime={step.at}>
              {formatDateTime(step.at)}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {ATTEMPT_REASON_LABELS[step.attempt.reason]}
              {step.attempt.note ? `: ${step.attempt.note}` : ''}
            </Text>
            <Text size="sm">Next attempt {formatDay(step.attempt.next_attempt_date)}</Text>
            <DeviceTime at={step.at} deviceAt={step.attempt.device_at} />
          </Timeline.Item>
        ),
      )}
    </Timeline>
  );
}
