import type { LiveEvent } from '@depot/contract';

export type LiveEventListener = (event: LiveEvent) => void;

/**
 * Live updates addressed to one user (docs/product/business-rules.md#live-updates). Services
 * publish only after their transaction commits. One process uses the in-process bus; on PostgreSQL
 * the LISTEN/NOTIFY bus (postgres-event-bus.ts) takes its place, so events reach browsers connected
 * to any instance.
 */
export interface EventBus {
  /** Fire and forget: an implementation deals with (and logs) its own delivery failures. */
  publish(userId: number, event: LiveEvent): void;
  /**
   * Calls the listener for every event of the user until the returned function is called.
   * `onInterrupted` is called when events for the user may have been lost (a bus shared between
   * instances lost its connection for a while): the subscriber should make its client catch up.
   */
  subscribe(userId: number, listener: LiveEventListener, onInterrupted?: () => void): () => void;
}

/** One process's bus: nothing travels, so nothing is ever lost and `onInterrupted` is never called. */
export function createInProcessEventBus(onListenerError: (error: unknown) => void = () => {}): EventBus {
  const listeners = new Map<number, Set<LiveEventListener>>();
  return {
    publish(userId, event) {
      for (const listener of listeners.get(userId) ?? []) {
        // One broken connection must not keep the event from the user's other pages.
        try {
          listener(event);
        } catch (error) {
          onListenerError(error);
        }
      }
    },
    subscribe(userId, listener) {
      let own = listeners.get(userId);
      if (!own) {
        own = new Set();
        listeners.set(userId, own);
      }
      own.add(listener);
      return () => {
        own.delete(listener);
        if (own.size === 0 && listeners.get(userId) === own) listeners.delete(userId);
      };
    },
  };
}
