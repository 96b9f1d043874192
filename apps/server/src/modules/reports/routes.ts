import {
  errorResponseSchema,
  inventoryReportSchema,
  moneyReportSchema,
  orderPerformanceReportSchema,
  REPORT_PATHS,
  reportQuerySchema,
  salesReportSchema,
} from '@depot/contract';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { formErrorFormatter } from '../../plugins/error-handler';
import { scopeOf } from '../auth/authenticate';
import type { ReportService } from './service';

export interface ReportRoutesOptions {
  reportService: ReportService;
}

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
};

/**
 * The analytics reports of docs/product/api.md#reports, for Inventory Managers
 * (docs/product/business-rules.md#analytics-reports).
 */
export async function reportRoutes(app: FastifyInstance, options: ReportRoutesOptions) {
  const { reportService } = options;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The contract's sentences ('endDate is required (YYYY-MM-DD)') read well as they are.
  const common = { schemaErrorFormatter: formErrorFormatter };
  const schema = { tags: ['reports'], security: [{ session: [] }], querystring: reportQuerySchema };

  routes.get(
    REPORT_PATHS.inventory,
    {
      ...common,
      config: { responseCache: true },
      schema: { ...schema, response: { 200: inventoryReportSchema, ...errors } },
    },
    async (request) => reportService.inventory(request.query),
  );

  routes.get(
    REPORT_PATHS.orderPerformance,
    {
      ...common,
      config: { responseCache: true },
      schema: { ...schema, response: { 200: orderPerformanceReportSchema, ...errors } },
    },
    async (request) => reportService.orderPerformance(request.query),
  );

  routes.get(
    REPORT_PATHS.sales,
    {
      ...common,
      config: { responseCache: true },
      schema: { ...schema, response: { 200: salesReportSchema, ...errors } },
    },
    async (request) => reportService.sales(request.query),
  );

  // Its stock value is the caller's own: the response cache keeps answers per user.
  routes.get(
    REPORT_PATHS.money,
    {
      ...common,
      config: { responseCache: true },
      schema: { ...schema, response: { 200: moneyReportSchema, ...errors } },
    },
    async (request) => reportService.money(request.query, scopeOf(request).reach),
  );
}
