import type { Socket } from 'node:net';
import { type ErrorCode, type ErrorResponse, IDEMPOTENT_REPLAYED_HEADER } from '@depot/contract';
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifySchemaValidationError,
  FastifyServerOptions,
} from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseTroubleOf } from '../db/errors';
import {
  AppError,
  DatabaseBusyError,
  DatabaseUnavailableError,
  type ErrorDetails,
  InvalidError,
  ServiceUnavailableError,
  StoredAnswer,
  TooManyRequestsError,
} from '../lib/errors';

/**
 * One error shape for the whole API (docs/decisions/013-errors-with-a-code.md): {error, message,
 * code, details?}, the same sentence in error and message, a code from the contract's ERROR_CODES.
 * 5xx answers never show internals.
 */
export function errorBody(code: ErrorCode, message: string, details?: ErrorDetails): ErrorResponse {
  return { error: message, message, code, ...(details ? { details } : {}) };
}

function send(reply: FastifyReply, status: number, code: ErrorCode, message: string, details?: ErrorDetails) {
  return reply.status(status).send(errorBody(code, message, details));
}

const INTERNAL_ERROR = 'Something went wrong on our side. Please try again.';

function validationDetails(issues: FastifySchemaValidationError[], context: string) {
  return issues.map((issue) => ({
    path: [context, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
    message: issue.message ?? 'is invalid',
  }));
}

/**
 * Route option `schemaErrorFormatter` for forms whose messages are whole sentences the screen shows
 * as they are (docs/product/validation-and-messages.md#how-messages-reach-the-user): the first
 * problem's message, without the "Invalid input:" prefix.
 */
export function formErrorFormatter(issues: FastifySchemaValidationError[], context: string): Error {
  const details = validationDetails(issues, context);
  return new InvalidError(details[0]?.message ?? 'Invalid input', details);
}

/** Fastify's own 4xx errors, by its code: the status, our code and our sentence. */
const FRAMEWORK_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large', 'Request body is too large (1 MB at most)'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'unsupported_media_type',
    'Send the request body as application/json',
  ],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', 'The request body is not valid JSON'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', 'The request body is not valid JSON'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long', 'A part of the path is too long'],
  FST_ERR_BAD_URL: [400, 'bad_request', 'The path is not a valid URL'],
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError, request, reply) => {
    if (thrown instanceof StoredAnswer) {
      return reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').status(thrown.statusCode).send(thrown.body);
    }
    // A database that is down, full or past a bound is no fault of the request: 503 with
    // Retry-After, and one line in the log saying why (docs/RELIABILITY.md#database-trouble).
    const trouble = databaseTroubleOf(thrown);
    const error = trouble
      ? trouble.kind === 'busy'
        ? new DatabaseBusyError()
        : new DatabaseUnavailableError()
      : thrown;
    if (trouble) {
      const level = trouble.kind === 'busy' ? 'warn' : 'error';
      request.log[level](`database ${trouble.kind}: ${trouble.cause}; answered 503`);
    }
    if (error instanceof TooManyRequestsError || error instanceof ServiceUnavailableError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.code, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error.validation, error.validationContext ?? 'body');
      const first = details[0];
      return send(
        reply,
        400,
        'invalid_input',
        first ? `Invalid input: ${first.message}` : 'Invalid input',
        details,
      );
    }
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    if (known) return send(reply, ...known);
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, 'bad_request', error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'internal_error', INTERNAL_ERROR);
  });
}

/**
 * Errors Fastify answers before a route runs (a path parameter over its length, a URL that cannot
 * be decoded): the same shape as every other error (Fastify's `frameworkErrors` option).
 */
export const frameworkErrors: NonNullable<FastifyServerOptions['frameworkErrors']> = (
  error,
  _request,
  reply,
) => {
  const [status, code, message] = FRAMEWORK_ERRORS[error.code] ?? [400, 'bad_request', 'Bad request'];
  void send(reply as unknown as FastifyReply, status, code, message);
};

/**
 * A request Node's HTTP parser cannot read (a bad header, a method that is not one) never
 * reaches Fastify: the socket gets the same JSON shape, then closes (Fastify's `clientErrorHandler`).
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket) {
  if (!socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify(
    errorBody(
      'bad_request',
      status === 431 ? 'The request headers are too large' : 'The request is malformed',
    ),
  );
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      `Connection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}
