import { AUTH_MESSAGES } from '@depot/contract';
import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { InvalidError } from '../../lib/errors';

// OWASP's argon2id settings: 19 MiB, 2 passes, 1 lane (algorithm 2 = Argon2id; the enum is const).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

const commonPasswords = new Set(dictionary['passwords-common'].map((password) => password.toLowerCase()));

export function assertNotCommonPassword(password: string): void {
  if (commonPasswords.has(password.toLowerCase())) {
    throw new InvalidError(AUTH_MESSAGES.commonPassword, [
      { path: 'body.password', message: AUTH_MESSAGES.commonPassword },
    ]);
  }
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

// Verified against when the email is unknown, so a login takes as long either way.
let dummyHash: Promise<string> | undefined;
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('depot-dummy-password-for-timing');
  return dummyHash.then((value) => verifyPassword(value, password)).then(() => false);
}
