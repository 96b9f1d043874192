import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes, URL-safe: session tokens and reset tokens. */
export function createToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only hashes of tokens are stored, so a leaked table does not open sessions. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
