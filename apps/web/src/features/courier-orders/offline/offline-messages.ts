import { FAILED_ATTEMPT_LABEL } from './queue';

/** The courier's offline sentences (docs/product/validation-and-messages.md#changes-made-offline). */
export const OFFLINE_MESSAGES = {
  queued: 'Saved on this device. It will be sent when the connection returns.',
  offline: 'You are offline. Changes are kept on this device and sent when the connection returns.',
  waiting: (count: number) => `${count} waiting to sync`,
  synced: (orderId: number, status: string) => `Order ${orderId}: ${status} synced`,
  refused: (orderId: number, label: string, reason: string) =>
    label === FAILED_ATTEMPT_LABEL
      ? `Order ${orderId}: the failed attempt was not recorded: ${reason}`
      : `Order ${orderId} was not set to ${label}: ${reason}`,
  madeAt: (time: string) => `made ${time}`,
} as const;
