/**
 * A fresh Idempotency-Key: a retried request with it acts once
 * (docs/product/business-rules.md#idempotency).
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID exists only on secure origins; a plain-http LAN address still gets a random key.
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
    byte.toString(16).padStart(2, '0'),
  ).join('');
}
