import type { ErrorResponse } from '@depot/contract';
import { connectionState } from './connection-state';

export const NETWORK_ERROR_MESSAGE = 'Could not reach Depot. Check your connection and try again.';

/** A failed call: the HTTP status (0 when the server could not be reached) and the server's sentence. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    message: string,
    readonly details?: ErrorResponse['details'],
    /** For answers that ask to be tried again: how long to wait, and whether repeating is safe. */
    readonly retry?: { afterMs: number; safe: boolean },
  ) {
    super(message);
  }
}

/** Answers that mean "not now, try again": the database down or busy (503), no instance behind the proxy. */
const TRY_AGAIN_STATUSES = new Set([502, 503, 504]);
const DEFAULT_RETRY_AFTER_MS = 2000;
const MAX_RETRY_AFTER_MS = 10_000;

/** A failure that retrying later may cure (docs/RELIABILITY.md#database-trouble). */
export function isTryAgainLater(
  error: unknown,
): error is ApiError & { retry: { afterMs: number; safe: boolean } } {
  return error instanceof ApiError && error.retry !== undefined;
}

function retryAfterMs(response: Response): number {
  const seconds = Number(response.headers.get('retry-after'));
  return Number.isFinite(seconds) && seconds > 0
    ? Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
    : DEFAULT_RETRY_AFTER_MS;
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

export function errorMessageOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.';
}

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  body?: unknown;
  credentials?: RequestCredentials;
  signal?: AbortSignal;
  /** Extra request headers, such as Idempotency-Key. */
  headers?: Record<string, string>;
}

export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  options: RequestOptions = {},
): Promise<T> {
  return (await apiExchange<T>(method, path, options)).payload;
}

/** A request's answer with its headers, for the callers that read them (a list's total). */
async function apiExchange<T>(
  method: HttpMethod,
  path: string,
  { body, credentials = 'include', signal, headers }: RequestOptions = {},
): Promise<{ payload: T; headers: Headers }> {
  const hasBody = body !== undefined;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials,
      signal,
      headers: {
        Accept: 'application/json',
        ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
        ...headers,
      },
      body: hasBody ? JSON.stringify(body) : undefined,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const payload = await readJson(response);
  if (TRY_AGAIN_STATUSES.has(response.status)) {
    connectionState.reportUnavailable();
    // Safe to repeat: reads, PUT and DELETE, and a POST whose Idempotency-Key makes a repeat a replay.
    const safe =
      method !== 'POST' ||
      Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'idempotency-key');
    throw new ApiError(response.status, serverMessageOf(payload, response), undefined, {
      afterMs: retryAfterMs(response),
      safe,
    });
  }
  connectionState.reportAnswered();
  if (!response.ok) {
    throw new ApiError(response.status, serverMessageOf(payload, response), detailsOf(payload));
  }
  return { payload: payload as T, headers: response.headers };
}

/**
 * The list protocol's total (docs/decisions/011-one-list-protocol.md), the contract's
 * TOTAL_COUNT_HEADER written out: importing a value from the contract would bring zod into the
 * landing page's bundle, which loads this client.
 */
const TOTAL_COUNT_HEADER = 'x-total-count';

/** A list endpoint's query: repeated values (status=a&status=b) as arrays; blanks are left out. */
export type ListParams = Record<string, string | number | readonly string[] | undefined>;

/** One page of a list and how many rows match in all (the X-Total-Count header). */
export interface ListPage<Row> {
  rows: Row[];
  total: number;
}

/** The path with the list's query string, parameters in the order given. */
export function listPath(path: string, params: ListParams): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    if (value === undefined || value === '') continue;
    if (typeof value === 'string' || typeof value === 'number') query.append(name, String(value));
    else for (const item of value) query.append(name, item);
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

/** GET of a list endpoint (docs/decisions/011-one-list-protocol.md): the page and the total. */
async function getList<Row>(
  path: string,
  params: ListParams = {},
  options?: Omit<RequestOptions, 'body'>,
): Promise<ListPage<Row>> {
  const { payload, headers } = await apiExchange<Row[]>('GET', listPath(path, params), options);
  const rows = Array.isArray(payload) ? payload : [];
  // A server without the header sent the whole list.
  const total = Number(headers.get(TOTAL_COUNT_HEADER) ?? Number.NaN);
  return { rows, total: Number.isFinite(total) ? total : rows.length };
}

/** The file name a Content-Disposition header gives, e.g. attachment; filename="stocks.csv". */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * Every row of a list as CSV (the list protocol's export: the same path and parameters, asked
 * with Accept: text/csv), saved by the browser as a download. Errors are thrown as for any call.
 */
async function downloadList(path: string, params: ListParams = {}): Promise<void> {
  let response: Response;
  try {
    response = await fetch(listPath(path, params), {
      credentials: 'include',
      headers: { Accept: 'text/csv' },
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  connectionState.reportAnswered();
  if (!response.ok) {
    const payload = await readJson(response);
    throw new ApiError(response.status, serverMessageOf(payload, response), detailsOf(payload));
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileNameOf(response, 'export.csv');
  document.body.append(link);
  link.click();
  link.remove();
  // The click hands the file to the browser's download, which may still read the URL for a moment.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** POSTs a CSV file (or pasted text) as it is, `Content-Type: text/csv`; the answer is JSON. */
async function uploadCsv<T>(path: string, file: Blob | string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'text/csv' },
      body: file,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  connectionState.reportAnswered();
  const payload = await readJson(response);
  if (!response.ok)
    throw new ApiError(response.status, serverMessageOf(payload, response), detailsOf(payload));
  return payload as T;
}

export const apiClient = {
  list: getList,
  downloadList,
  uploadCsv,
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, options),
};

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function serverMessageOf(payload: unknown, response: Response): string {
  if (isRecord(payload)) {
    if (typeof payload.message === 'string' && payload.message) return payload.message;
    if (typeof payload.error === 'string' && payload.error) return payload.error;
  }
  return `Request failed (${response.status}${response.statusText ? ` ${response.statusText}` : ''})`;
}

function detailsOf(payload: unknown): ErrorResponse['details'] {
  return isRecord(payload) && Array.isArray(payload.details)
    ? (payload.details as ErrorResponse['details'])
    : undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
