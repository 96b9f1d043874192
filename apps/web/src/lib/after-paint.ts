import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Runs `callback` once the browser has painted the next frame, for work that should not hold up
 * what is about to be drawn (fetching data below a page's title, loading a chart library).
 * Returns a function that cancels it.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  if (typeof requestAnimationFrame === 'undefined') {
    timer = setTimeout(callback, 0);
    return () => clearTimeout(timer);
  }
  // A frame's animation callbacks run just before it is painted; a task queued from one runs after.
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(callback, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/**
 * False until the component's first frame has been painted, then true. Each component redraws in a
 * task of its own (flushSync), with the effects that follow, such as starting its request: several
 * components waiting for the same frame then do not add up to one long task.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => (painted ? undefined : afterNextPaint(() => flushSync(() => setPainted(true)))), [painted]);
  return painted;
}
