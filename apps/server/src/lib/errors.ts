import type { ErrorCode } from '@depot/contract';

export type ErrorDetails = { path: string; message: string }[];

/**
 * Domain errors thrown by services; one error handler turns them into HTTP answers with their
 * status and code (docs/decisions/013-errors-with-a-code.md). Each kind has a default code;
 * a service names a more precise one where a client may act on it.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends AppError {
  constructor(
    message: string,
    details?: ErrorDetails,
    code: 'invalid_input' | 'login_not_editable' = 'invalid_input',
  ) {
    super(400, code, message, details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string, code: 'not_logged_in' | 'invalid_credentials' = 'not_logged_in') {
    super(401, code, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(
    message: string,
    code:
      | 'forbidden'
      | 'wrong_role'
      | 'cross_site_request'
      | 'account_pending'
      | 'account_rejected'
      | 'password_change_required'
      | 'cannot_deactivate_self' = 'forbidden',
  ) {
    super(403, code, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, 'not_found', message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string, code: ErrorCode = 'conflict', details?: ErrorDetails) {
    super(409, code, message, details);
  }
}

/**
 * A SKU another of the owner's items has (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md):
 * 409 `sku_taken`, the message on the form's SKU field.
 */
export class SkuTakenError extends ConflictError {
  constructor(message: string) {
    super(message, 'sku_taken', [{ path: 'body.sku', message }]);
  }
}
/** Well-formed but unusable: an Idempotency-Key reused with a different request. */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, 'idempotency_key_reused', message);
  }
}

/** A body in another charset than UTF-8, the only one JSON has (RFC 8259). */
export class UnsupportedCharsetError extends AppError {
  constructor() {
    super(415, 'unsupported_charset', 'Send the request body as UTF-8 (charset=utf-8)');
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, 'too_many_requests', message);
  }
}

/**
 * The database could not do the work now (docs/RELIABILITY.md#database-trouble): 503 with
 * Retry-After; the work's transaction rolled back, so a retry (with the same Idempotency-Key)
 * may succeed later.
 */
export class ServiceUnavailableError extends AppError {
  constructor(
    code: 'database_busy' | 'database_unavailable',
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(503, code, message);
  }
}

export const DATABASE_BUSY_MESSAGE = 'Depot is busy right now. Please try again in a moment.';
export const DATABASE_UNAVAILABLE_MESSAGE =
  'Depot cannot reach its database right now. Please try again in a moment.';
/** Seconds a client should wait before trying again. */
export const RETRY_AFTER_BUSY_SECONDS = 2;
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

export class DatabaseBusyError extends ServiceUnavailableError {
  constructor() {
    super('database_busy', DATABASE_BUSY_MESSAGE, RETRY_AFTER_BUSY_SECONDS);
  }
}

export class DatabaseUnavailableError extends ServiceUnavailableError {
  constructor() {
    super('database_unavailable', DATABASE_UNAVAILABLE_MESSAGE, RETRY_AFTER_UNAVAILABLE_SECONDS);
  }
}

/**
 * Not a failure: the answer another request with the same Idempotency-Key stored while this one
 * worked. Thrown to roll this one's transaction back; the error handler sends it as a replay.
 */
export class StoredAnswer extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: unknown,
  ) {
    super('answered by an earlier request with the same Idempotency-Key');
    this.name = 'StoredAnswer';
  }
}
