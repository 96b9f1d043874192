import { type IncomingHttpHeaders, request } from 'node:http';
import type { Role, SessionUser } from '@depot/contract';
import { STRONG_PASSWORD, uniqueEmail } from './test-app';

/** Calls to a server running as its own process (test-app's helpers go through inject instead). */

export interface Reply<Body> {
  status: number;
  headers: IncomingHttpHeaders;
  /** Parsed JSON when the answer is JSON, else the text; typed by the caller, unchecked. */
  body: Body;
}

/** One HTTP call; `from` picks the loopback address it comes from, as distinct clients would. */
export function call<Body = unknown>(
  baseUrl: string,
  method: string,
  path: string,
  options: { cookie?: string; body?: unknown; headers?: Record<string, string>; from?: string } = {},
): Promise<Reply<Body>> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = request(
      `${baseUrl}${path}`,
      {
        method,
        localAddress: options.from,
        headers: {
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...options.headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => {
          text += chunk;
        });
        res.on('end', () => {
          const json = res.headers['content-type']?.includes('application/json');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: json ? JSON.parse(text) : text,
          });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Registers a user of the role on a running server and logs in; returns the user and the Cookie header. */
export async function registerAndLoginAt(baseUrl: string, role: Role) {
  const email = uniqueEmail(role.split(' ')[0]?.toLowerCase());
  const registered = await call(baseUrl, 'POST', '/auth/register', {
    body: { role, name: `${role} at scale`, email, password: STRONG_PASSWORD },
  });
  if (registered.status !== 201) throw new Error(`register failed: ${JSON.stringify(registered.body)}`);
  const login = await call<{ user: SessionUser }>(baseUrl, 'POST', '/auth/login', {
    body: { email, password: STRONG_PASSWORD },
  });
  const cookie = ([] as string[]).concat(login.headers['set-cookie'] ?? [])[0]?.split(';')[0];
  if (login.status !== 200 || !cookie) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return { user: login.body.user, email, cookie };
}
