import {
  AUTH_MESSAGES,
  errorResponseSchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  loginResponseSchema,
  messageResponseSchema,
  profileSchema,
  registerBodySchema,
  registerResponseSchema,
  resetPasswordBodySchema,
  resetPasswordParamsSchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendWithJsonRows } from '../../lib/list';
import { auditContextOf } from '../audit/context';
import { scopeOf } from './authenticate';
import type { AuthService } from './service';
import { clearSessionCookie, readSessionToken, setSessionCookie } from './session-cookie';

export interface AuthRoutesOptions {
  authService: AuthService;
  secureCookies: boolean;
  sessionMaxMs: number;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export async function authRoutes(app: FastifyInstance, options: AuthRoutesOptions) {
  const { authService, secureCookies } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['auth'];

  routes.post(
    '/auth/register',
    {
      schema: { tags, body: registerBodySchema, response: { 201: registerResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { user, approvalStatus } = await authService.register(request.body, auditContextOf(request));
      return reply
        .status(201)
        .send({ message: AUTH_MESSAGES.registered, user, approval_status: approvalStatus });
    },
  );

  routes.post(
    '/auth/login',
    {
      schema: { tags, body: loginBodySchema, response: { 200: loginResponseSchema, ...errors } },
    },
    async (request, reply) => {
      const { user, token, mustChangePassword } = await authService.login(
        request.body,
        request.ip,
        auditContextOf(request),
        request.headers['user-agent']?.slice(0, 512) ?? null,
      );
      setSessionCookie(reply, token, {
        secure: secureCookies,
        maxAgeSeconds: Math.floor(options.sessionMaxMs / 1000),
      });
      return { message: AUTH_MESSAGES.loggedIn, user, must_change_password: mustChangePassword };
    },
  );

  routes.post(
    '/auth/logout',
    {
      schema: { tags, response: { 200: messageResponseSchema } },
    },
    async (request, reply) => {
      await authService.logout(readSessionToken(request, secureCookies), auditContextOf(request));
      clearSessionCookie(reply, secureCookies);
      return { message: AUTH_MESSAGES.loggedOut };
    },
  );

  routes.post(
    '/auth/logout-all',
    {
      schema: {
        tags,
        summary: 'Log out on every device',
        description: 'Ends every session of the logged-in user, this one included.',
        security: [{ session: [] }],
        response: { 200: messageResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      await authService.logoutEverywhere(scopeOf(request).user, auditContextOf(request));
      clearSessionCookie(reply, secureCookies);
      return { message: AUTH_MESSAGES.loggedOutEverywhere };
    },
  );

  routes.get(
    '/auth/profile',
    {
      config: { responseCache: true },
      schema: {
        tags,
        security: [{ session: [] }],
        response: { 200: profileSchema, 401: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { notifications, ...profile } = await authService.getProfile(
        scopeOf(request).user,
        request.mustChangePassword,
      );
      return sendWithJsonRows(reply, profile, 'notifications', notifications);
    },
  );

  routes.post(
    '/auth/forgot-password',
    {
      schema: { tags, body: forgotPasswordBodySchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await authService.requestPasswordReset(request.body.email, request.ip, auditContextOf(request));
      return { message: AUTH_MESSAGES.forgotPassword };
    },
  );

  routes.post(
    '/auth/reset-password/:resetToken',
    {
      schema: {
        tags,
        params: resetPasswordParamsSchema,
        body: resetPasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await authService.resetPassword(
        request.params.resetToken,
        request.body.password,
        auditContextOf(request),
      );
      return { message: AUTH_MESSAGES.passwordReset };
    },
  );
}
