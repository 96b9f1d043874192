/**
 * The V8 flags the server runs with, wherever it is started: `npm start`, the container, the
 * systemd unit, the browser tests and both benches (node-flags.test.ts keeps the copies in step).
 *
 * On a machine with gigabytes free, V8 lets the heap grow to four times what is live before a
 * full collection, and gives the young generation 3 × 16 MB: under load the server's resident
 * memory climbed past 200 MB though about 40 MB was live. A 512 MB ceiling (far above what the
 * server needs) makes V8 grow the heap by about 1.4 instead of 4, and 8 MB semi-spaces halve the
 * young generation; bench/api measures both the memory and the throughput this costs. Once orders
 * committed together (docs/decisions/037-group-commit-on-sqlite.md) the faster load took the peak
 * back to 197 MiB under the mixed load: `--heap-growing-percent=20` sets the growth to 1.2, for
 * 184 MiB at the cost of more frequent full collections (about 3% of the order rate).
 */
export const SERVER_NODE_FLAGS = [
  '--max-old-space-size=512',
  '--max-semi-space-size=8',
  '--heap-growing-percent=20',
] as const;
