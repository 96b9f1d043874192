import {
  ACCOUNT_MESSAGES,
  errorResponseSchema,
  idParamsSchema,
  teamListQuerySchema,
  teamMemberListSchema,
  teamMemberResponseSchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listRouteOptions, sendListPage } from '../../lib/list';
import { auditContextOf } from '../audit/context';
import { scopeOf } from '../auth/authenticate';
import type { TeamService } from './service';

export interface TeamRoutesOptions {
  teamService: TeamService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** The Team screen's endpoints: the staff accounts and a manager's decisions on them. */
export async function teamRoutes(app: FastifyInstance, options: TeamRoutesOptions) {
  const { teamService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['team'];
  const security = [{ session: [] }];
  const decision = {
    schema: {
      tags,
      security,
      params: idParamsSchema,
      response: { 200: teamMemberResponseSchema, ...errors },
    },
  };

  routes.get(
    '/api/team',
    listRouteOptions({ tags, querystring: teamListQuerySchema, response: teamMemberListSchema }),
    async (request, reply) => sendListPage(request, reply, await teamService.list(request.query)),
  );

  routes.post('/api/team/:id/approve', decision, async (request) => ({
    member: await teamService.approve(request.params.id, auditContextOf(request)),
    message: ACCOUNT_MESSAGES.approved,
  }));

  routes.post('/api/team/:id/reject', decision, async (request) => ({
    member: await teamService.reject(request.params.id, auditContextOf(request)),
    message: ACCOUNT_MESSAGES.rejectedDone,
  }));

  routes.post('/api/team/:id/deactivate', decision, async (request) => ({
    member: await teamService.deactivate(scopeOf(request), request.params.id, auditContextOf(request)),
    message: ACCOUNT_MESSAGES.deactivated,
  }));

  routes.post('/api/team/:id/reactivate', decision, async (request) => ({
    member: await teamService.reactivate(request.params.id, auditContextOf(request)),
    message: ACCOUNT_MESSAGES.reactivated,
  }));
}
