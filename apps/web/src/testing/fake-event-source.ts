import { vi } from 'vitest';

/** Stands in for the browser's EventSource (jsdom has none): a test opens, fails and feeds it. */
export class FakeEventSource extends EventTarget {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static instances: FakeEventSource[] = [];

  readyState = FakeEventSource.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;

  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    super();
    FakeEventSource.instances.push(this);
  }

  /** The stream most recently opened. */
  static get latest(): FakeEventSource | undefined {
    return FakeEventSource.instances.at(-1);
  }

  open() {
    this.readyState = FakeEventSource.OPEN;
    this.onopen?.(new Event('open'));
  }

  emit(type: string, data: unknown) {
    this.dispatchEvent(new MessageEvent(type, { data: JSON.stringify(data) }));
  }

  /** A dropped stream: the browser retries by itself unless `closed` (it gave up). */
  fail({ closed }: { closed: boolean }) {
    this.readyState = closed ? FakeEventSource.CLOSED : FakeEventSource.CONNECTING;
    this.onerror?.(new Event('error'));
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

export function installFakeEventSource() {
  FakeEventSource.instances = [];
  vi.stubGlobal('EventSource', FakeEventSource);
  return FakeEventSource;
}

/** The live stream, once the app has opened it (it waits for the page's first paint). */
export async function openedLiveStream(): Promise<FakeEventSource> {
  return vi.waitFor(() => {
    const stream = FakeEventSource.latest;
    if (!stream) throw new Error('no live stream yet');
    return stream;
  });
}
