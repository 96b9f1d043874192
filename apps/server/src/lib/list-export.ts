import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { ZodArray, type ZodType } from 'zod';
import { toResponseJsonSchema } from '../plugins/response-serializer';

/**
 * A list as CSV (docs/decisions/019-data-in-and-out.md): every row the list's search, filters and
 * sort match, read in batches of EXPORT_BATCH_ROWS so the server's memory stays flat, one column
 * per field of the list's answer. UTF-8 with a byte-order mark (so Excel reads it as UTF-8), a
 * header row, numbers as plain decimals, dates as the API writes them (ISO 8601), and text cells
 * that a spreadsheet would run as a formula (= + - @, a tab or a CR first) escaped with a quote.
 */

export const CSV_MEDIA_TYPE = 'text/csv';

/** Rows of the first query: few, so the file starts at once (its sort costs the same whatever the count). */
export const EXPORT_BATCH_ROWS = 250;
/**
 * Rows of each later query: large enough that skipping to each batch (offset paging) and the
 * queries' own cost stay small beside writing the rows, small enough that memory stays flat.
 */
export const EXPORT_LATER_BATCH_ROWS = 10_000;

/** The quality a media range of the Accept header gives `type` (0 when none matches). */
function qualityOf(accept: string, type: string): number {
  const [group] = type.split('/');
  let best = 0;
  let bestSpecificity = -1;
  for (const range of accept.split(',')) {
    const [mediaRange = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const specificity =
      mediaRange === type ? 2 : mediaRange === `${group}/*` ? 1 : mediaRange === '*/*' ? 0 : -1;
    if (specificity < 0 || specificity < bestSpecificity) continue;
    const q = params.find((param) => param.startsWith('q='));
    const quality = q ? Number(q.slice(2)) : 1;
    bestSpecificity = specificity;
    best = Number.isFinite(quality) ? quality : 0;
  }
  return best;
}

/** The caller asks for CSV: Accept names text/csv, and prefers it to JSON. */
export function wantsCsv(request: FastifyRequest): boolean {
  const accept = request.headers.accept;
  if (!accept?.toLowerCase().includes(CSV_MEDIA_TYPE)) return false;
  const csv = qualityOf(accept, CSV_MEDIA_TYPE);
  return csv > 0 && csv >= qualityOf(accept, 'application/json');
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  additionalProperties?: unknown;
}

/** A column of the CSV: its header and how its cell is read from an answer's row. */
export interface CsvColumn {
  header: string;
  cell(row: Record<string, unknown>): unknown;
}

/** The schema without its null alternative: `{anyOf: [object, null]}` is the object. */
function nonNull(schema: JsonSchema): JsonSchema {
  const options = schema.anyOf?.filter((option) => option.type !== 'null');
  return options?.length === 1 && options[0] ? options[0] : schema;
}

/** A line of an order as one readable phrase: "2 × Basmati rice 5 kg". */
function lineText(line: unknown): string {
  if (line && typeof line === 'object') {
    const { quantity, product_name: name } = line as Record<string, unknown>;
    if (typeof quantity === 'number' && typeof name === 'string') return `${quantity} × ${name}`;
  }
  return JSON.stringify(line);
}

/**
 * The columns of a list's CSV, from the JSON Schema of one row of its answer: each field in the
 * order the answer declares it; an object (an order's actor) as one column per field of it
 * (`actor_name`); a list (an order's lines) as one cell of "2 × Rice; 1 × Oil"; a free-form record
 * (an audit snapshot) as its JSON.
 */
export function csvColumnsOf(rowSchema: JsonSchema): CsvColumn[] {
  const columns: CsvColumn[] = [];
  for (const [name, property] of Object.entries(rowSchema.properties ?? {})) {
    const schema = nonNull(property);
    if (schema.type === 'object' && schema.properties) {
      for (const inner of Object.keys(schema.properties)) {
        columns.push({
          header: `${name}_${inner}`,
          cell: (row) => (row[name] as Record<string, unknown> | null | undefined)?.[inner],
        });
      }
    } else if (schema.type === 'array') {
      columns.push({
        header: name,
        cell: (row) => ((row[name] as unknown[] | null | undefined) ?? []).map(lineText).join('; '),
      });
    } else if (schema.type === 'object') {
      columns.push({ header: name, cell: (row) => (row[name] == null ? null : JSON.stringify(row[name])) });
    } else {
      columns.push({ header: name, cell: (row) => row[name] });
    }
  }
  return columns;
}

const columnsByRoute = new WeakMap<ZodType, CsvColumn[]>();

/** The CSV columns of a list route's 200 answer (an array of rows), worked out once per route. */
function routeColumns(answer: ZodType): CsvColumn[] {
  let columns = columnsByRoute.get(answer);
  if (!columns) {
    const rowSchema = answer instanceof ZodArray ? (answer.element as ZodType) : answer;
    columns = csvColumnsOf(toResponseJsonSchema(rowSchema) as JsonSchema);
    columnsByRoute.set(answer, columns);
  }
  return columns;
}

/** A number as a plain decimal, never in exponent form (1e-7 → 0.0000001), no grouping or symbol. */
export function plainDecimal(value: number): string {
  const text = String(value);
  if (!/e/i.test(text)) return text;
  return value.toFixed(20).replace(/\.?0+$/, '');
}

/** The list's file name: its path after /api, e.g. stock-replenishment-products.csv. */
function fileNameOf(request: FastifyRequest): string {
  const path = new URL(request.url, 'http://depot.invalid').pathname.replace(/^\/api\//, '');
  return `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'list'}.csv`;
}

const BOM = '\uFEFF';

/** A number as it goes into a cell: as it is, unless JavaScript would write it in exponent form. */
const cellOf = (value: unknown) =>
  typeof value === 'number' && /e/i.test(String(value)) ? plainDecimal(value) : value;

/**
 * Rows as CSV text (RFC 4180, CRLF line ends), the header first when asked. A text cell starting
 * with = + - @ (or a tab or CR) gets a leading quote, so a spreadsheet shows it rather than runs
 * it; numbers (a negative change) are left as they are.
 */
export function csvText(columns: readonly CsvColumn[], rows: readonly unknown[][], header: boolean): string {
  const text = Papa.unparse(
    { fields: columns.map((column) => column.header), data: rows.map((row) => row.map(cellOf)) },
    { header, escapeFormulae: true, newline: '\r\n' },
  );
  return text === '' ? '' : `${text}\r\n`;
}

/**
 * Streams every row of a list as CSV: `first` (the first batch, already read) then batches from
 * `read` until one comes back short. The next batch is read only when the client has taken the
 * last, so memory holds one batch whatever the list's size.
 */
export function sendCsv<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  first: readonly T[],
  read: ((page: { limit: number; offset: number }) => Promise<T[]>) | undefined,
  batchRows: number,
) {
  const answer = (request.routeOptions.schema?.response as Record<number, ZodType> | undefined)?.[200];
  if (!answer) throw new Error(`${request.routeOptions.url} has no 200 answer to write as CSV`);
  const columns = routeColumns(answer);
  const cells = (batch: readonly T[]) =>
    batch.map((row) => columns.map((column) => column.cell(row as Record<string, unknown>)));
  // One chunk per batch: the next batch is read when the client has taken this one.
  async function* chunks() {
    yield BOM + csvText(columns, cells(first), true);
    let batch = first;
    let asked = batchRows;
    let offset = 0;
    while (read && batch.length === asked) {
      offset += batch.length;
      asked = EXPORT_LATER_BATCH_ROWS;
      // Let what is written leave first: the HTTP response corks its socket until the next tick,
      // and SQLite's driver reads a batch synchronously, so without this turn of the event loop
      // the first rows waited for the second batch's query (docs/decisions/034-skus-in-the-screens-and-exports-at-scale.md).
      await new Promise<void>((resolve) => setImmediate(resolve));
      batch = await read({ limit: asked, offset });
      if (batch.length > 0) yield csvText(columns, cells(batch), false);
    }
  }
  const csv = Readable.from(chunks(), { objectMode: false, highWaterMark: 1 });
  // The status and the first rows are already sent: the client sees a cut-off download.
  csv.on('error', (error) => request.log.error({ err: error }, 'list export failed part-way'));
  reply.header('vary', 'accept');
  reply.header('content-disposition', `attachment; filename="${fileNameOf(request)}"`);
  return reply.type(`${CSV_MEDIA_TYPE}; charset=utf-8`).send(csv);
}
