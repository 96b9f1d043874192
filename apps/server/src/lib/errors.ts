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
  constructor(message: string, code: ErrorCode = 'conflict') {
    super(409, code, message);
  }
}
/** Well-formed but unusable: an Idempotency-Key reused with a different request. */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, 'idempotency_key_reused', message);
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
