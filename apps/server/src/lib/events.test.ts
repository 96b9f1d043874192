import type { LiveEvent } from '@depot/contract';
import { describe, expect, it } from 'vitest';
import { createInProcessEventBus } from './events';

const event: LiveEvent = {
  type: 'notification',
  data: { id: 1, title: 'Processing', message: 'Order #1', created_at: '2026-06-15T10:00:00.000Z' },
};

describe('in-process event bus', () => {
  it('delivers an event to every listener of that user only, until they unsubscribe', () => {
    const bus = createInProcessEventBus();
    const seen: string[] = [];
    const offA = bus.subscribe(1, () => seen.push('a'));
    bus.subscribe(1, () => seen.push('b'));
    bus.subscribe(2, () => seen.push('other user'));
    bus.publish(1, event);
    offA();
    offA();
    bus.publish(1, event);
    bus.publish(3, event);
    expect(seen).toEqual(['a', 'b', 'b']);
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const failures: unknown[] = [];
    const bus = createInProcessEventBus((error) => failures.push(error));
    const seen: LiveEvent[] = [];
    bus.subscribe(1, () => {
      throw new Error('socket gone');
    });
    bus.subscribe(1, (received) => seen.push(received));
    bus.publish(1, event);
    expect(seen).toEqual([event]);
    expect(failures).toHaveLength(1);
  });
});
