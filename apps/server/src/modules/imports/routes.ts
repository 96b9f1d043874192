import { errorResponseSchema, IMPORT_MAX_BYTES, importReportSchema } from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { scopeOf } from '../auth/authenticate';
import type { ImportKindName, ImportService } from './service';

export interface ImportRoutesOptions {
  importService: ImportService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};

const IMPORTS: { path: string; kind: ImportKindName; tags: string[]; what: string }[] = [
  { path: '/api/stocks/import', kind: 'stocks', tags: ['stocks'], what: "the caller's stock items" },
  {
    path: '/api/stock-replenishment/products/import',
    kind: 'products',
    tags: ['supplier-products'],
    what: "the caller's catalogue",
  },
];

/**
 * CSV imports (docs/decisions/019-data-in-and-out.md): the body is the file, `Content-Type:
 * text/csv`, UTF-8. `…/import/dry-run` reports; `…/import` commits all of it or nothing.
 */
export async function importRoutes(app: FastifyInstance, options: ImportRoutesOptions) {
  const { importService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The file as bytes: its encoding is checked before it is read as text. A little room over the
  // limit, so a file just over it gets the import's own sentence rather than the generic 413.
  app.addContentTypeParser(
    'text/csv',
    { parseAs: 'buffer', bodyLimit: IMPORT_MAX_BYTES + 1024 },
    (_request, body, done) => done(null, body),
  );
  for (const { path, kind, tags, what } of IMPORTS) {
    const schema = (description: string) => ({
      tags,
      security: [{ session: [] }],
      description,
      consumes: ['text/csv'],
      response: { 200: importReportSchema, ...errors },
    });
    const fileOf = (body: unknown) => (Buffer.isBuffer(body) ? body : Buffer.alloc(0));
    routes.post(
      `${path}/dry-run`,
      {
        bodyLimit: IMPORT_MAX_BYTES + 1024,
        schema: schema(`What importing the CSV file into ${what} would do, row by row; changes nothing.`),
      },
      async (request) => importService.dryRun(scopeOf(request), kind, fileOf(request.body)),
    );
    routes.post(
      path,
      {
        bodyLimit: IMPORT_MAX_BYTES + 1024,
        schema: schema(`Imports the CSV file into ${what}: every row, or with any problem none.`),
      },
      async (request) => importService.commit(scopeOf(request), kind, fileOf(request.body)),
    );
  }
}
