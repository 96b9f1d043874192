import {
  type ComponentType,
  createContext,
  lazy,
  Suspense,
  use,
  useState,
  useSyncExternalStore,
} from 'react';
import { LoadError } from '@/components/load-error';
import { PageLoader } from '@/components/page-loader';

/**
 * docs/product/screens.md#code-loading: a lazy chunk that has not arrived after 120 seconds counts
 * as failed.
 */
export const LAZY_IMPORT_TIMEOUT_MS = 120_000;

type ComponentModule<Props> = { default: ComponentType<Props> };

const RetryImportContext = createContext<() => void>(() => {});

function LoadFailed() {
  return <LoadError onRetry={use(RetryImportContext)} />;
}

export type LazyComponent<Props> = ComponentType<Props> & {
  /**
   * Starts loading the chunk now, before the component first renders; settles when it is there or
   * failed.
   */
  preload: () => Promise<void>;
};

/**
 * A code-split component that shows a loader while its chunk loads, and a load error with a
 * Retry button when the import fails or takes longer than `timeoutMs`. Once its chunk is there
 * (`preload`, or an earlier render) it renders at once, without suspending.
 */
export function lazyWithTimeout<Props extends object>(
  importModule: () => Promise<ComponentModule<Props>>,
  timeoutMs = LAZY_IMPORT_TIMEOUT_MS,
): LazyComponent<Props> {
  const listeners = new Set<() => void>();
  let loading: Promise<ComponentModule<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  let LazyComponent = createLazyComponent();

  function load() {
    loading ??= importModule().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  function createLazyComponent() {
    return lazy(() =>
      withTimeout(load(), timeoutMs).catch((error: unknown) => {
        // After a timeout as after a failure, Retry imports again.
        loading = undefined;
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
    const lazyComponent = useSyncExternalStore(subscribe, () => LazyComponent);
    // Chosen once per mount: switching from the lazy wrapper to the module's component would
    // remount it.
    const [ready] = useState(() => loaded);
    const Component = ready ?? lazyComponent;
    return (
      <RetryImportContext value={retry}>
        <Suspense fallback={<PageLoader />}>
          <Component {...props} />
        </Suspense>
      </RetryImportContext>
    );
  }

  return Object.assign(LazyWithTimeout, {
    preload: () =>
      load().then(
        () => {},
        () => {},
      ),
  });
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
