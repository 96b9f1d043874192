import { createHash, randomFillSync } from 'node:crypto';

// Random bytes are drawn from the system 4 KiB at a time and handed out in slices, each slice once,
// as Node.js does for randomUUID: a call to randomBytes for 16 bytes cost about 40 µs on this
// machine's kernel, 2.5% of placing an order (docs/decisions/037-group-commit-on-sqlite.md).
const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let taken = POOL_BYTES;

/** `size` cryptographically strong random bytes (at most 4 KiB), in a buffer of their own. */
export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_BYTES) throw new RangeError(`at most ${POOL_BYTES} random bytes at a time`);
  if (taken + size > POOL_BYTES) {
    randomFillSync(pool);
    taken = 0;
  }
  const bytes = Buffer.from(pool.subarray(taken, taken + size));
  // Zeroed once handed out, so no later slice, nor a look at the pool, can repeat them.
  pool.fill(0, taken, taken + size);
  taken += size;
  return bytes;
}

/** 32 random bytes, URL-safe: session tokens and reset tokens. */
export function createToken(): string {
  return randomBytesPooled(32).toString('base64url');
}

/** Only hashes of tokens are stored, so a leaked table does not open sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
