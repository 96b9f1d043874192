import { IDEMPOTENT_REPLAYED_HEADER } from '@depot/contract';
import type { FastifyError, FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, InvalidError, StoredAnswer, TooManyRequestsError } from '../lib/errors';

function send(
  reply: import('fastify').FastifyReply,
  status: number,
  message: string,
  details?: { path: string; message: string }[],
) {
  return reply.status(status).send({ error: message, message, ...(details ? { details } : {}) });
}

function validationDetails(issues: FastifySchemaValidationError[], context: string) {
  return issues.map((issue) => ({
    path: [context, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
    message: issue.message ?? 'is invalid',
  }));
}

/**
 * Route option `schemaErrorFormatter` for forms whose messages are whole sentences the screen
 * shows as they are (SPEC §5): the first problem's message, without the "Invalid input:" prefix.
 */
export function formErrorFormatter(issues: FastifySchemaValidationError[], context: string): Error {
  const details = validationDetails(issues, context);
  return new InvalidError(details[0]?.message ?? 'Invalid input', details);
}

/** One error shape for the whole API: {error, message, details?}; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StoredAnswer) {
      return reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true').status(error.statusCode).send(error.body);
    }
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.message, error.details);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = validationDetails(error.validation, error.validationContext ?? 'body');
      const first = details[0];
      return send(reply, 400, first ? `Invalid input: ${first.message}` : 'Invalid input', details);
    }
    switch (error.code) {
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return send(reply, 413, 'Request body is too large (1 MB at most)');
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return send(reply, 415, 'Send the request body as application/json');
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
        return send(reply, 400, 'The request body is not valid JSON');
    }
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, error.statusCode, error.message);
    }
    request.log.error({ err: error }, 'request failed');
    return send(reply, 500, 'Something went wrong on our side. Please try again.');
  });
}
