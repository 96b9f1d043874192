import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  IMPORT_MESSAGES,
  type ImportColumns,
  type ImportProblem,
  importMessages,
} from '@depot/contract';
import { parse } from 'csv-parse/sync';
import { AppError } from '../../lib/errors';

/** A file that cannot be imported at all: nothing in it is looked at further. */
export class InvalidImportFileError extends AppError {
  constructor(message: string) {
    super(400, 'invalid_import_file', message);
  }
}

/** One row of the file: its number as a spreadsheet shows it (the header is row 1) and its cells by column. */
export interface FileRow {
  row: number;
  cells: Record<string, string>;
}

export interface CsvFile {
  /** The file's columns, by their canonical names. */
  columns: string[];
  rows: FileRow[];
  /** Rows whose cells do not line up with the header. */
  problems: ImportProblem[];
}

/**
 * The export escapes a text cell a spreadsheet would run as a formula with a leading quote
 * (lib/list-export.ts); reading one back takes the quote off, so export → import changes nothing.
 */
const ESCAPED_FORMULA = /^'(?=[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20])/;

/** The bytes as UTF-8 text, or a clear refusal: another encoding would store other text than was meant. */
function utf8Of(bytes: Buffer): string {
  if (bytes.length > IMPORT_MAX_BYTES) throw new AppError(413, 'body_too_large', IMPORT_MESSAGES.tooLarge);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new InvalidImportFileError(IMPORT_MESSAGES.utf16);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new InvalidImportFileError(IMPORT_MESSAGES.notUtf8);
  }
}

/**
 * Reads an uploaded CSV file (UTF-8, a byte-order mark or none, comma-separated, a header row):
 * its columns checked against what the import takes, its rows as cells by column. Throws
 * InvalidImportFileError for a file that cannot be imported at all.
 */
export function readCsvFile(bytes: Buffer, expected: ImportColumns): CsvFile {
  const text = utf8Of(bytes);
  if (text.trim() === '') throw new InvalidImportFileError(IMPORT_MESSAGES.empty);
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      // One row more than allowed is enough to say the file is too long.
      to_line: IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; info: { lines: number } }[];
  } catch (error) {
    const reason = error instanceof Error ? error.message.replace(/^Invalid [^:]*: /, '') : '';
    throw new InvalidImportFileError(`${IMPORT_MESSAGES.unreadable}: ${reason}`);
  }
  const [first, ...body] = records;
  const header = first?.record;
  if (!header) throw new InvalidImportFileError(IMPORT_MESSAGES.empty);
  if (body.length === 0) throw new InvalidImportFileError(IMPORT_MESSAGES.noRows);
  if (body.length > IMPORT_MAX_ROWS) throw new InvalidImportFileError(IMPORT_MESSAGES.tooManyRows);

  const known = [...expected.required, ...expected.optional, ...expected.ignored];
  const columns = header.map((title) => {
    const name = title.trim().toLowerCase().replace(/\s+/g, '_');
    return expected.aliases[name] ?? name;
  });
  const unknown = columns.filter((column) => !known.includes(column));
  if (unknown.length > 0) {
    throw new InvalidImportFileError(
      importMessages.unknownColumns(
        unknown.map((column) => (column === '' ? '(blank)' : column)),
        [...expected.required, ...expected.optional],
      ),
    );
  }
  const repeated = columns.find((column, index) => columns.indexOf(column) !== index);
  if (repeated) throw new InvalidImportFileError(importMessages.repeatedColumn(repeated));
  const missing = expected.required.filter((column) => !columns.includes(column));
  if (missing.length > 0) throw new InvalidImportFileError(importMessages.missingColumns(missing));

  const problems: ImportProblem[] = [];
  const rows: FileRow[] = [];
  for (const { record: cells, info } of body) {
    const row = info.lines;
    if (cells.length !== columns.length) {
      problems.push({ row, column: null, reason: importMessages.cellCount(cells.length, columns.length) });
      continue;
    }
    const byColumn: Record<string, string> = {};
    columns.forEach((column, at) => {
      byColumn[column] = (cells[at] ?? '').replace(ESCAPED_FORMULA, '');
    });
    rows.push({ row, cells: byColumn });
  }
  return { columns, rows, problems };
}
