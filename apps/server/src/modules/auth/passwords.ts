import { AUTH_MESSAGES } from '@depot/contract';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { InvalidError } from '../../lib/errors';

// OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane (algorithm 2 = Argon2id; the enum is const).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const commonPasswords = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));
// Digits and symbols tacked onto a common password ('iloveyou2024!') are the first thing guessers try.
const TRAILING_DIGITS_AND_SYMBOLS = /[\d\W_]+$/;

/** Whether the password, ignoring case and digits or symbols added at its end, is a common one. */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  return commonPasswords.has(lower) || commonPasswords.has(lower.replace(TRAILING_DIGITS_AND_SYMBOLS, ''));
}

export function assertNotCommonPassword(password: string): void {
  if (isCommonPassword(password)) {
    throw new InvalidError(AUTH_MESSAGES.commonPassword, [
      { path: 'body.password', message: AUTH_MESSAGES.commonPassword },
    ]);
  }
}

/** How passwords are hashed and checked; swappable so tests can count verifications. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** False for a wrong password and for a hash it cannot read, never a throw. */
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export const argon2PasswordHasher: PasswordHasher = {
  hash: (password) => hash(password, ARGON2_OPTIONS),
  verify: (passwordHash, password) => verify(passwordHash, password).catch(() => false),
};

export function hashPassword(password: string): Promise<string> {
  return argon2PasswordHasher.hash(password);
}
