import { useSyncExternalStore } from 'react';
import type { ToastContent, ToastOptions } from 'react-toastify/unstyled';

// react-toastify loads with the first toast rather than with the landing page. A toast raised
// before its container has mounted waits in the library's own queue and shows once it has.
// Every toast call must go through this module: the styled and unstyled builds keep separate queues.
const loadToastify = () => import('react-toastify/unstyled');

let toasterWanted = false;
const listeners = new Set<() => void>();

function show(kind: 'success' | 'error' | 'info', content: ToastContent, options?: ToastOptions) {
  if (!toasterWanted) {
    toasterWanted = true;
    for (const listener of listeners) listener();
  }
  void loadToastify().then(({ toast }) => toast[kind](content, options));
}

export const toast = {
  success: (content: ToastContent, options?: ToastOptions) => show('success', content, options),
  error: (content: ToastContent, options?: ToastOptions) => show('error', content, options),
  info: (content: ToastContent, options?: ToastOptions) => show('info', content, options),
};

/** True from the first toast on: the toast container is mounted (and its code loaded) only then. */
export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => toasterWanted,
    () => false,
  );
}
