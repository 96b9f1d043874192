import { PASSWORD_MIN_LENGTH } from '@depot/contract';

/** Shown under new-password fields; the server enforces the rule and explains a refusal itself. */
export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters`;
