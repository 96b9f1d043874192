import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, TooManyRequestsError } from '../lib/errors';

function send(
  reply: import('fastify').FastifyReply,
  status: number,
  message: string,
  details?: { path: string; message: string }[],
) {
  return reply.status(status).send({ error: message, message, ...(details ? { details } : {}) });
}

/** One error shape for the whole API: {error, message, details?}; 5xx never shows internals. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const details = error.validation.map((issue) => ({
        path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
        message: issue.message ?? 'is invalid',
      }));
      const first = details[0];
      return send(reply, 400, first ? `Invalid input: ${first.message}` : 'Invalid input', details);
    }
    if (error instanceof TooManyRequestsError) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof AppError) {
      return send(reply, error.statusCode, error.message, error.details);
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
