import type { LiveEvent } from '@depot/contract';
import { createInProcessEventBus, type EventBus } from '../lib/events';

/** The in-process bus, recording what is published and how many listeners are attached. */
export function recordingBus() {
  const inner = createInProcessEventBus();
  const published: { userId: number; event: LiveEvent }[] = [];
  let listeners = 0;
  const bus: EventBus & { published: typeof published; listeners(): number } = {
    published,
    listeners: () => listeners,
    publish(userId, event) {
      published.push({ userId, event });
      inner.publish(userId, event);
    },
    subscribe(userId, listener) {
      listeners += 1;
      const off = inner.subscribe(userId, listener);
      return () => {
        listeners -= 1;
        off();
      };
    },
  };
  return bus;
}
