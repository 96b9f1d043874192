import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeEventSource, installFakeEventSource, openedLiveStream } from '@/testing/fake-event-source';
import { type LiveSignal, subscribeToLiveEvents } from './live-events';

const NOTIFICATION = {
  id: 3,
  title: 'In Transit',
  message: 'Order #7 is now In Transit',
  created_at: '2026-11-22T10:00:00.000Z',
};
const settle = () => new Promise<void>((resolve) => queueMicrotask(resolve));

afterEach(() => {
  vi.useRealTimers();
});

describe('live events', () => {
  it('opens no stream when the only listener leaves before the first paint', async () => {
    installFakeEventSource();
    const leave = subscribeToLiveEvents(() => {});
    leave();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(FakeEventSource.instances).toHaveLength(0);
  });

  it('shares one credentialed stream between listeners and closes it when the last leaves', async () => {
    installFakeEventSource();
    const first: LiveSignal[] = [];
    const second: LiveSignal[] = [];
    const leaveFirst = subscribeToLiveEvents((signal) => first.push(signal));
    const leaveSecond = subscribeToLiveEvents((signal) => second.push(signal));

    // The stream waits for the next frame to be painted, then one opens for both.
    expect(FakeEventSource.instances).toHaveLength(0);
    const stream = await openedLiveStream();
    expect(FakeEventSource.instances).toHaveLength(1);
    expect(stream.url).toBe('/api/events');
    expect(stream.init).toEqual({ withCredentials: true });
    stream.open();
    stream.emit('notification', NOTIFICATION);
    expect(first).toEqual([{ type: 'notification', data: NOTIFICATION }]);
    expect(second).toEqual(first);

    leaveFirst();
    await settle();
    expect(stream.readyState).toBe(FakeEventSource.OPEN);
    leaveSecond();
    await settle();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('opens a new stream after the browser gives up, and says so once it is back', async () => {
    vi.useFakeTimers();
    installFakeEventSource();
    const heard: LiveSignal[] = [];
    const leave = subscribeToLiveEvents((signal) => heard.push(signal));
    await vi.advanceTimersByTimeAsync(50);
    const stream = FakeEventSource.latest as FakeEventSource;
    stream.open();

    stream.fail({ closed: false });
    expect(FakeEventSource.instances).toHaveLength(1);
    stream.open();
    expect(heard).toEqual([{ type: 'reconnected' }]);

    stream.fail({ closed: true });
    await vi.advanceTimersByTimeAsync(999);
    expect(FakeEventSource.instances).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeEventSource.instances).toHaveLength(2);
    (FakeEventSource.latest as FakeEventSource).open();
    expect(heard).toEqual([{ type: 'reconnected' }, { type: 'reconnected' }]);

    leave();
    await settle();
  });

  it('drops a message that is not JSON', async () => {
    installFakeEventSource();
    const heard: LiveSignal[] = [];
    const leave = subscribeToLiveEvents((signal) => heard.push(signal));
    const stream = await openedLiveStream();
    stream.dispatchEvent(new MessageEvent('notification', { data: '{not json' }));
    stream.emit('order-updated', { order: { id: 1 } });
    expect(heard).toEqual([{ type: 'order-updated', data: { order: { id: 1 } } }]);
    leave();
    await settle();
  });
});
