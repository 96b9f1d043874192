import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { courierOrderKeys } from '../api/list-courier-orders';
import { replaceCourierOrder } from '../api/update-order-status';
import { onQueueChange, type QueuedChange, queuedChangesOf } from './queue';
import { keepBoardCacheFor, registerCourierWorker } from './register-worker';
import { type SyncOutcome, syncQueue } from './sync';

/** While changes wait and the browser believes it is online, another round this often (a flaky connection). */
const RETRY_INTERVAL_MS = 30_000;

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine;

/**
 * The courier's board without signal (docs/decisions/029-offline-courier-changes.md): installs the
 * service worker, keeps the board's cache to this user, and sends the queued changes at start, when
 * the connection returns, and every 30 s while some wait. Returns what waits, what became of what
 * was sent, and whether the browser is online.
 */
export function useOfflineSync(userId: number) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState<QueuedChange[]>([]);
  const [outcomes, setOutcomes] = useState<SyncOutcome[]>([]);
  const [online, setOnline] = useState(isOnline);
  const [syncing, setSyncing] = useState(false);

  const sync = useCallback(async () => {
    if (!isOnline()) return;
    setSyncing(true);
    try {
      const done = await syncQueue(userId, (_change, response) =>
        replaceCourierOrder(queryClient, response.order),
      );
      if (done.length > 0) {
        // A second call during a round joins it and gets the same outcomes: each change shows once.
        setOutcomes((earlier) => [
          ...done.filter((outcome) => !earlier.some((shown) => shown.key === outcome.key)),
          ...earlier,
        ]);
        await queryClient.invalidateQueries({ queryKey: courierOrderKeys.all });
      }
    } finally {
      setSyncing(false);
    }
  }, [queryClient, userId]);

  useEffect(() => {
    registerCourierWorker();
    void keepBoardCacheFor(userId);
  }, [userId]);

  useEffect(() => {
    let live = true;
    const refresh = () => {
      void queuedChangesOf(userId).then((changes) => {
        if (live) setWaiting(changes);
      });
    };
    refresh();
    const stopListening = onQueueChange(refresh);
    return () => {
      live = false;
      stopListening();
    };
  }, [userId]);

  useEffect(() => {
    const goOnline = () => {
      setOnline(true);
      void sync();
    };
    const goOffline = () => setOnline(false);
    window.addEventListener('online', goOnline);
    window.addEventListener('offline', goOffline);
    // App start: whatever an earlier visit left in the queue goes now.
    void sync();
    return () => {
      window.removeEventListener('online', goOnline);
      window.removeEventListener('offline', goOffline);
    };
  }, [sync]);

  const hasWaiting = waiting.length > 0;
  useEffect(() => {
    if (!hasWaiting) return;
    const timer = window.setInterval(() => void sync(), RETRY_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [hasWaiting, sync]);

  return { waiting, outcomes, online, syncing, sync, dismiss: () => setOutcomes([]) };
}
