import { PASSWORD_MIN_LENGTH } from '@depot/contract';
import { z } from 'zod';

/** Shown under new-password fields; the contract's schema checks the rule and says why it refuses. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters`;

/**
 * The one form-only rule of the new-password forms (Register, Reset Password): Confirm Password
 * repeats Password. A form joins it to the contract's body schema with `z.intersection`, so each
 * side checks on its own and both sides' messages show at once, as with any other field.
 */
export function confirmedPasswordSchema(mismatch: string, required?: string) {
  return z
    .object({
      password: z.string(),
      confirmPassword: required === undefined ? z.string() : z.string().min(1, required),
    })
    .refine(({ password, confirmPassword }) => password === confirmPassword, {
      path: ['confirmPassword'],
      error: mismatch,
    });
}
