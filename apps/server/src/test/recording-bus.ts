import type { LiveEvent } from '@depot/contract';
import { createInProcessEventBus, type EventBus } from '../lib/events';

/**
 * The in-process bus, recording what is published and how many listeners are attached; `interrupt`
 * plays a shared bus that lost its connection to the other instances.
 */
export function recordingBus() {
  const inner = createInProcessEventBus();
  const published: { userId: number; event: LiveEvent }[] = [];
  const interruptHandlers = new Set<() => void>();
  let listeners = 0;
  const bus: EventBus & { published: typeof published; listeners(): number; interrupt(): void } = {
    published,
    listeners: () => listeners,
    interrupt: () => {
      for (const onInterrupted of [...interruptHandlers]) onInterrupted();
    },
    publish(userId, event) {
      published.push({ userId, event });
      inner.publish(userId, event);
    },
    subscribe(userId, listener, onInterrupted) {
      listeners += 1;
      const off = inner.subscribe(userId, listener);
      const handler = () => onInterrupted?.();
      interruptHandlers.add(handler);
      return () => {
        listeners -= 1;
        interruptHandlers.delete(handler);
        off();
      };
    },
  };
  return bus;
}
