import { vi } from 'vitest';

/** A canned answer, or a function to compute one (return a pending promise to simulate a slow server). */
type StubAnswer =
  | { status: number; body?: unknown; headers?: Record<string, string> }
  | ((request: RecordedRequest) => StubAnswer | Promise<StubAnswer>);

/**
 * Answers keyed by "METHOD /path", e.g. 'POST /auth/login'. A key with a query string answers that
 * query only; one without answers the path whatever its query. An array body is sent with
 * X-Total-Count of its length, as a list's only page, unless the answer names its own headers.
 */
export type FetchRoutes = Record<string, StubAnswer>;

export interface RecordedRequest {
  method: string;
  path: string;
  /** The query string's parameters; empty when there is none. */
  query: URLSearchParams;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** A JSON body parsed; another (a CSV file) as its text. */
function jsonOrText(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

/** Replaces fetch for one test; unknown calls get a 501 so a missing stub shows up as a failure. */
export function stubFetch(routes: FetchRoutes) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const [path = '', search = ''] = url.split('?');
    const request: RecordedRequest = {
      method,
      path,
      query: new URLSearchParams(search),
      credentials: init.credentials,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? jsonOrText(init.body) : init.body,
    };
    requests.push(request);
    const answer = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    const { status, body, headers } = answer
      ? await resolveAnswer(answer, request)
      : {
          status: 501,
          body: { error: `No stub for ${method} ${url}`, message: `No stub for ${method} ${url}` },
          headers: undefined,
        };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: {
        'Content-Type': 'application/json',
        ...(Array.isArray(body) && !headers ? { 'X-Total-Count': String(body.length) } : {}),
        ...headers,
      },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    requestsTo: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

async function resolveAnswer(
  answer: StubAnswer,
  request: RecordedRequest,
): Promise<{ status: number; body?: unknown; headers?: Record<string, string> | undefined }> {
  return typeof answer === 'function' ? resolveAnswer(await answer(request), request) : answer;
}
