import { vi } from 'vitest';

/** A canned answer, or a function to compute one (return a pending promise to simulate a slow server). */
type StubAnswer = { status: number; body?: unknown } | (() => StubAnswer | Promise<StubAnswer>);

/** Answers keyed by "METHOD /path", e.g. 'POST /auth/login'. */
export type FetchRoutes = Record<string, StubAnswer>;

export interface RecordedRequest {
  method: string;
  path: string;
  credentials: RequestCredentials | undefined;
  headers: Record<string, string>;
  body: unknown;
}

/** Replaces fetch for one test; unknown calls get a 501 so a missing stub shows up as a failure. */
export function stubFetch(routes: FetchRoutes) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    requests.push({
      method,
      path,
      credentials: init.credentials,
      headers: Object.fromEntries(new Headers(init.headers).entries()),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : init.body,
    });
    const answer = routes[`${method} ${path}`];
    const { status, body } = answer
      ? await resolveAnswer(answer)
      : {
          status: 501,
          body: { error: `No stub for ${method} ${path}`, message: `No stub for ${method} ${path}` },
        };
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);

  return {
    requests,
    requestsTo: (key: string) => requests.filter((request) => `${request.method} ${request.path}` === key),
  };
}

async function resolveAnswer(answer: StubAnswer): Promise<{ status: number; body?: unknown }> {
  return typeof answer === 'function' ? resolveAnswer(await answer()) : answer;
}
