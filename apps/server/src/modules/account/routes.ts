import {
  ACCOUNT_MESSAGES,
  accountSchema,
  accountSessionListSchema,
  changeEmailBodySchema,
  changePasswordBodySchema,
  confirmEmailParamsSchema,
  errorResponseSchema,
  idParamsSchema,
  messageResponseSchema,
  orderMailsBodySchema,
  updateAccountBodySchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
import type { AccountService } from './service';

export interface AccountRoutesOptions {
  accountService: AccountService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The Account page: the signed-in user's own name, email, password and sessions. */
export async function accountRoutes(app: FastifyInstance, options: AccountRoutesOptions) {
  const { accountService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['account'];
  const security = [{ session: [] }];

  routes.get(
    '/api/account',
    { schema: { tags, security, response: { 200: accountSchema, ...errors } } },
    async (request) => accountService.get(scopeOf(request).user),
  );

  routes.put(
    '/api/account',
    {
      schema: {
        tags,
        security,
        body: updateAccountBodySchema,
        response: { 200: z.object({ account: accountSchema, message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const account = await accountService.changeName(
        scopeOf(request).user,
        request.body.name,
        auditContextOf(request),
      );
      return { account, message: ACCOUNT_MESSAGES.nameChanged };
    },
  );

  routes.put(
    '/api/account/order-mails',
    {
      schema: {
        tags,
        security,
        summary: 'Turn order mails on or off',
        description:
          'A Customer gets a mail when an order is placed, goes In Transit, is Delivered or is Cancelled, unless turned off here.',
        body: orderMailsBodySchema,
        response: { 200: z.object({ account: accountSchema, message: z.string() }), ...errors },
      },
    },
    async (request) => {
      const { order_mails: orderMails } = request.body;
      const account = await accountService.changeOrderMails(
        scopeOf(request).user,
        orderMails,
        auditContextOf(request),
      );
      return {
        account,
        message: orderMails ? ACCOUNT_MESSAGES.orderMailsOn : ACCOUNT_MESSAGES.orderMailsOff,
      };
    },
  );

  routes.put(
    '/api/account/email',
    {
      schema: {
        tags,
        security,
        summary: 'Change the email',
        description:
          'Mails a single-use confirmation link (valid one hour) to the new address and a notice to the old one; the email changes when the link is opened (POST /auth/confirm-email/{emailToken}).',
        body: changeEmailBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accountService.requestEmailChange(scopeOf(request).user, request.body, auditContextOf(request));
      return { message: ACCOUNT_MESSAGES.emailChangeSent };
    },
  );

  routes.post(
    '/auth/confirm-email/:emailToken',
    {
      schema: {
        tags,
        summary: 'Confirm an email change',
        params: confirmEmailParamsSchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accountService.confirmEmailChange(request.params.emailToken, auditContextOf(request));
      return { message: ACCOUNT_MESSAGES.emailChanged };
    },
  );

  routes.put(
    '/api/account/password',
    {
      schema: {
        tags,
        security,
        summary: 'Change the password',
        description: 'Needs the current password; ends every other session of the user.',
        body: changePasswordBodySchema,
        response: { 200: messageResponseSchema, ...errors },
      },
    },
    async (request) => {
      await accountService.changePassword(
        scopeOf(request).user,
        request.sessionId,
        request.body,
        auditContextOf(request),
      );
      return { message: ACCOUNT_MESSAGES.passwordChanged };
    },
  );

  routes.get(
    '/api/account/sessions',
    { schema: { tags, security, response: { 200: accountSessionListSchema, ...errors } } },
    async (request) => accountService.listSessions(scopeOf(request).user, request.sessionId),
  );

  routes.delete(
    '/api/account/sessions/:id',
    {
      schema: { tags, security, params: idParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    },
    async (request) => {
      await accountService.endSession(scopeOf(request).user, request.params.id, auditContextOf(request));
      return { message: ACCOUNT_MESSAGES.sessionEnded };
    },
  );

  routes.post(
    '/api/account/sessions/end-others',
    { schema: { tags, security, response: { 200: messageResponseSchema, ...errors } } },
    async (request) => {
      await accountService.endOtherSessions(
        scopeOf(request).user,
        request.sessionId,
        auditContextOf(request),
      );
      return { message: ACCOUNT_MESSAGES.otherSessionsEnded };
    },
  );
}
