import { EVENTS_PATH, LIVE_EVENT_TYPES, type LiveEvent } from '@depot/contract';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import { afterNextPaint } from './after-paint';

/**
 * What a listener hears: the server's events, and 'reconnected' after a dropped stream came back,
 * when anything missed in between should be fetched again.
 */
export type LiveSignal = LiveEvent | { type: 'reconnected' };
export type LiveListener = (signal: LiveSignal) => void;

/** Longest wait between attempts when the browser has given up on the stream itself. */
const MAX_RETRY_DELAY_MS = 30_000;
const FIRST_RETRY_DELAY_MS = 1_000;

const listeners = new Set<LiveListener>();
let source: EventSource | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = FIRST_RETRY_DELAY_MS;
let hasOpened = false;
let cancelFirstConnect: (() => void) | undefined;

function emit(signal: LiveSignal) {
  for (const listener of [...listeners]) listener(signal);
}

function connect() {
  retryTimer = undefined;
  const stream = new EventSource(EVENTS_PATH, { withCredentials: true });
  source = stream;
  stream.onopen = () => {
    retryDelay = FIRST_RETRY_DELAY_MS;
    if (hasOpened) emit({ type: 'reconnected' });
    hasOpened = true;
  };
  for (const type of LIVE_EVENT_TYPES) {
    stream.addEventListener(type, (message) => {
      try {
        emit({ type, data: JSON.parse((message as MessageEvent<string>).data) } as LiveEvent);
      } catch {
        // A malformed message is dropped; the next one or a reconnect brings the page up to date.
      }
    });
  }
  stream.onerror = () => {
    // While CONNECTING the browser retries by itself (the server sends `retry:`); it gives up only
    // on an answer that is not a stream (a proxy's 502 during a restart), so try again here.
    if (stream.readyState !== EventSource.CLOSED) return;
    stream.close();
    if (source === stream) source = null;
    if (listeners.size > 0) {
      retryTimer = setTimeout(connect, retryDelay);
      retryDelay = Math.min(retryDelay * 2, MAX_RETRY_DELAY_MS);
    }
  };
}

function disconnect() {
  cancelFirstConnect?.();
  cancelFirstConnect = undefined;
  clearTimeout(retryTimer);
  retryTimer = undefined;
  source?.close();
  source = null;
  hasOpened = false;
  retryDelay = FIRST_RETRY_DELAY_MS;
}

/**
 * Listens to the signed-in user's live events (GET /api/events). All listeners share one stream,
 * opened with the first and closed when the last leaves. The stream opens once the next frame is
 * painted: a page does not need it to draw itself, and on a slow connection it would compete with
 * what the page does need.
 */
export function subscribeToLiveEvents(listener: LiveListener): () => void {
  if (typeof EventSource === 'undefined') return () => {};
  listeners.add(listener);
  if (!source && retryTimer === undefined && cancelFirstConnect === undefined) {
    cancelFirstConnect = afterNextPaint(() => {
      cancelFirstConnect = undefined;
      if (listeners.size > 0 && !source) connect();
    });
  }
  return () => {
    listeners.delete(listener);
    // StrictMode unsubscribes and subscribes again at once: close only if nobody came back.
    if (listeners.size === 0) queueMicrotask(() => listeners.size === 0 && disconnect());
  };
}

/** Calls `onSignal` with every live event while the component is mounted. */
export function useLiveEvents(onSignal: LiveListener): void {
  const handle = useEffectEvent(onSignal);
  useEffect(() => subscribeToLiveEvents((signal) => handle(signal)), []);
}

/**
 * Refetches `queryKey` when a live event that `concerns` it arrives, and after every reconnect
 * (events sent while the stream was down are not replayed).
 */
export function useRefetchOnLiveEvent(queryKey: QueryKey, concerns: (event: LiveEvent) => boolean): void {
  const queryClient = useQueryClient();
  useLiveEvents((signal) => {
    if (signal.type === 'reconnected' || concerns(signal)) void queryClient.invalidateQueries({ queryKey });
  });
}
