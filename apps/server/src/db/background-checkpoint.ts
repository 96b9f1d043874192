import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/**
 * SQLite in WAL mode copies its log back into the database file (a checkpoint) once the log passes
 * 1,000 pages, inside whichever commit crossed the line; that commit then also waits for two
 * fsyncs, and with it the whole event loop, better-sqlite3 being synchronous. Placing orders at
 * full speed, that was one commit in forty taking 5–15 ms: half of all commit time, and most of the
 * p99. So a worker thread with a connection of its own checkpoints instead, every few milliseconds,
 * in PASSIVE mode, which never waits for nor blocks a writer. The app's connection keeps a far
 * higher threshold, only as a backstop should the worker fall behind; if the worker fails, the
 * connection goes back to SQLite's own.
 */
export const CHECKPOINT_INTERVAL_MS = 50;
/** 64 MiB of 4 KiB pages: never reached while the worker runs. */
export const BACKSTOP_AUTOCHECKPOINT_PAGES = 16_384;
export const SQLITE_AUTOCHECKPOINT_PAGES = 1_000;

// Plain CommonJS, evaluated as the worker's script, so it needs no file of its own in the bundle.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file, { fileMustExist: true });
db.pragma('busy_timeout = 1000');
const checkpoint = db.prepare('pragma wal_checkpoint(PASSIVE)');
const timer = setInterval(() => checkpoint.get(), workerData.intervalMs);
parentPort.on('message', () => {
  clearInterval(timer);
  db.close();
  parentPort.close();
});
`;

export interface BackgroundCheckpoint {
  /** Stops the worker and closes its connection; the app's connection still checkpoints when it closes. */
  stop(): Promise<void>;
}

/**
 * Checkpoints the WAL of the database at `file` from a worker thread. `onFailure` runs if the worker
 * dies (its error passed), so the caller can give checkpoints back to its own connection.
 */
export function startBackgroundCheckpoint(
  file: string,
  onFailure: (error: Error) => void,
  intervalMs = CHECKPOINT_INTERVAL_MS,
): BackgroundCheckpoint {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, file, intervalMs },
    // It holds one prepared statement: a small heap keeps the process's memory near what it was.
    resourceLimits: { maxOldGenerationSizeMb: 16, maxYoungGenerationSizeMb: 2 },
  });
  let stopping = false;
  const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
  worker.once('error', (error) => {
    if (!stopping) onFailure(error);
  });
  // A running checkpointer must not keep a finished process alive.
  worker.unref();
  return {
    async stop() {
      stopping = true;
      // Held again while it stops: with nothing else keeping the loop alive, an unref'd worker
      // would let the process end mid-await (exit code 13 under a top-level await).
      worker.ref();
      worker.postMessage('stop');
      await exited;
    },
  };
}
