import type { FastifyReply, FastifyRequest } from 'fastify';

export interface SessionCookieOptions {
  secure: boolean;
  maxAgeSeconds: number;
}

/** `__Host-` binds the cookie to this exact origin, which browsers allow only over HTTPS. */
export function sessionCookieName(secure: boolean) {
  return secure ? '__Host-depot_session' : 'depot_session';
}

export function readSessionToken(request: FastifyRequest, secure: boolean): string | undefined {
  return request.cookies[sessionCookieName(secure)];
}

export function setSessionCookie(reply: FastifyReply, token: string, options: SessionCookieOptions) {
  reply.setCookie(sessionCookieName(options.secure), token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: options.secure,
    maxAge: options.maxAgeSeconds,
  });
}

export function clearSessionCookie(reply: FastifyReply, secure: boolean) {
  reply.clearCookie(sessionCookieName(secure), { path: '/', httpOnly: true, sameSite: 'lax', secure });
}
