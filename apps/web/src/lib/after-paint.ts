/** Resolves once the page's first contentful paint is on screen (at once where that is not reported). */
let firstContentfulPaint: Promise<void> | undefined;
function whenFirstContentfulPaint(): Promise<void> {
  firstContentfulPaint ??= new Promise<void>((resolve) => {
    const painted = () => performance.getEntriesByName('first-contentful-paint').length > 0;
    if (
      typeof PerformanceObserver === 'undefined' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint') ||
      painted()
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver(() => {
      if (!painted()) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page with nothing contentful on it reports no such paint: do not wait for it for ever.
    setTimeout(resolve, FIRST_PAINT_WAIT_MS);
  });
  return firstContentfulPaint;
}
const FIRST_PAINT_WAIT_MS = 5000;

/**
 * Runs `callback` once the browser has painted the next frame, and the page's first contentful
 * paint is on screen: for work that should not hold up what is about to be drawn (fetching data
 * below a page's title, loading a chart library). Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Each callback in a task of its own, also when several were waiting for the same paint.
  const run = () => {
    void whenFirstContentfulPaint().then(() => {
      if (!cancelled) timer = setTimeout(callback, 0);
    });
  };
  if (typeof requestAnimationFrame === 'undefined') {
    timer = setTimeout(run, 0);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }
  // A frame's animation callbacks run just before it is painted; a task queued from one runs after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(run, 0);
  });
  return () => {
    cancelled = true;
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * Resolves once the browser has painted the next frame and the page's first contentful paint is on
 * screen (afterNextPaint as a promise); rejects with the signal's reason when it is aborted first.
 */
export function nextPaint(signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      cancel();
      reject(signal?.reason);
    };
    const cancel = afterNextPaint(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    });
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
