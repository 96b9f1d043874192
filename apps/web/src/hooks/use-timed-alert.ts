import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * success: green; error and danger: red (danger is the low-stock warning,
 * docs/product/screens.md#low-stock-warning).
 */
export type AlertTone = 'success' | 'error' | 'danger';

export interface AlertMessage {
  tone: AlertTone;
  message: string;
  title?: string;
  /** A page to go on to from the alert (the low-stock warning links to Reorder Suggestions). */
  link?: { label: string; to: string };
}

export interface TimedAlert extends AlertMessage {
  /** Changes on every show, so the same sentence shown twice is a new alert for screen readers. */
  id: number;
}

let nextAlertId = 1;

/**
 * One alert slot whose message disappears `durationMs` after it was last shown
 * (docs/product/screens.md#toasts-and-alerts).
 */
export function useTimedAlert(durationMs: number) {
  const [alert, setAlert] = useState<TimedAlert | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const dismiss = useCallback(() => {
    clearTimeout(timer.current);
    setAlert(null);
  }, []);

  const show = useCallback(
    (message: AlertMessage) => {
      clearTimeout(timer.current);
      setAlert({ ...message, id: nextAlertId++ });
      timer.current = setTimeout(() => setAlert(null), durationMs);
    },
    [durationMs],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  return { alert, show, dismiss };
}
