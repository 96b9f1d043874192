import type { FastifyBaseLogger } from 'fastify';

/**
 * Work a request hands off and does not wait for, such as a reset mail: it starts after the
 * answer is on its way, so the answer's timing does not depend on it. A failure is logged. The app
 * waits for running tasks before it closes the database; tests wait with `settled()`.
 */
export function createBackgroundTasks(log: FastifyBaseLogger) {
  const running = new Set<Promise<void>>();
  return {
    run(name: string, work: () => Promise<void>): void {
      const task: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(work)
        .catch((error: unknown) => log.error({ err: error }, `${name} failed`))
        .finally(() => running.delete(task));
      running.add(task);
    },
    /** Resolves once every task started so far, and any they started, has finished. */
    async settled(): Promise<void> {
      while (running.size > 0) await Promise.all(running);
    },
  };
}

export type BackgroundTasks = ReturnType<typeof createBackgroundTasks>;
