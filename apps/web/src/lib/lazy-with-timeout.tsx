import { type ComponentType, createContext, lazy, Suspense, use, useSyncExternalStore } from 'react';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';

/** SPEC §9: a lazy chunk that has not arrived after 120 seconds counts as failed. */
export const LAZY_IMPORT_TIMEOUT_MS = 120_000;

type ComponentModule<Props> = { default: ComponentType<Props> };

const RetryImportContext = createContext<() => void>(() => {});

function LoadFailed() {
  return <LoadError onRetry={use(RetryImportContext)} />;
}

/**
 * A code-split component that shows a loader while its chunk loads, and a load error with a
 * Retry button when the import fails or takes longer than `timeoutMs`.
 */
export function lazyWithTimeout<Props extends object>(
  importModule: () => Promise<ComponentModule<Props>>,
  timeoutMs = LAZY_IMPORT_TIMEOUT_MS,
): ComponentType<Props> {
  const listeners = new Set<() => void>();
  let LazyComponent = createLazyComponent();

  function createLazyComponent() {
    return lazy(() =>
      withTimeout(importModule(), timeoutMs).catch((error: unknown) => {
        console.warn('A part of Depot failed to load', error);
        return { default: LoadFailed as ComponentType<Props> };
      }),
    );
  }

  // React.lazy remembers a failed import, so a retry needs a fresh lazy component.
  function retry() {
    LazyComponent = createLazyComponent();
    for (const listener of listeners) listener();
  }

  function subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  }

  function LazyWithTimeout(props: Props) {
    const Component = useSyncExternalStore(subscribe, () => LazyComponent);
    return (
      <RetryImportContext value={retry}>
        <Suspense fallback={<PageLoader />}>
          <Component {...props} />
        </Suspense>
      </RetryImportContext>
    );
  }

  return LazyWithTimeout;
}

function withTimeout<T>(promise: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out after ${timeoutMs} ms`)), timeoutMs);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
