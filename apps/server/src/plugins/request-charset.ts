import type { FastifyInstance } from 'fastify';
import { UnsupportedCharsetError } from '../lib/errors';

const CHARSET_PARAMETER = /;\s*charset\s*=\s*"?([^";\s]*)"?/i;
const UTF_8 = new Set(['utf-8', 'utf8']);

/**
 * A body that says it is in another charset (`application/json; charset=latin1`) is a 415: JSON
 * is UTF-8 (RFC 8259), and reading such a body as UTF-8 would store other text than was sent.
 * No charset at all means UTF-8.
 */
export function registerRequestCharset(app: FastifyInstance) {
  app.addHook('onRequest', async (request) => {
    const type = request.headers['content-type'];
    if (type === undefined) return;
    const charset = CHARSET_PARAMETER.exec(type)?.[1];
    if (charset !== undefined && !UTF_8.has(charset.toLowerCase())) throw new UnsupportedCharsetError();
  });
}
