/** Domain errors thrown by services; one error handler turns them into HTTP answers. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly details?: { path: string; message: string }[],
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class InvalidError extends AppError {
  constructor(message: string, details?: { path: string; message: string }[]) {
    super(400, message, details);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string) {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string) {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
/** Well-formed but unusable: an Idempotency-Key reused with a different request. */
export class UnprocessableError extends AppError {
  constructor(message: string) {
    super(422, message);
  }
}

export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
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
