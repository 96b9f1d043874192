import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fileURLToPath } from 'node:url';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import Fastify, {
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import type { Config } from './config';
import { createDatabase, type DatabaseHandle, type Dialect } from './db/database';
import { createGroupCommit } from './db/group-commit';
import { migrateToLatest } from './db/migrate';
import type { Database } from './db/schema';
import { type BackgroundTasks, createBackgroundTasks } from './lib/background-tasks';
import { type Clock, systemClock } from './lib/clock';
import { TooManyRequestsError } from './lib/errors';
import { createInProcessEventBus, type EventBus } from './lib/events';
import { createMailer, type Mailer } from './lib/mailer';
import { type PostgresEventBus, startPostgresEventBus } from './lib/postgres-event-bus';
import { accountRoutes } from './modules/account/routes';
import { createAccountService } from './modules/account/service';
import { addressRoutes } from './modules/addresses/routes';
import { createAddressService } from './modules/addresses/service';
import { activityRoutes } from './modules/audit/routes';
import { createActivityService } from './modules/audit/service';
import { authentication } from './modules/auth/authenticate';
import type { PasswordHasher } from './modules/auth/passwords';
import { touchSessionSql } from './modules/auth/repository';
import { authRoutes } from './modules/auth/routes';
import { createAuthService, type SessionRow } from './modules/auth/service';
import { createSessionCache, type SessionCache } from './modules/auth/session-cache';
import { courierRoutes } from './modules/couriers/routes';
import { createCourierService } from './modules/couriers/service';
import { eventRoutes } from './modules/events/routes';
import { healthRoutes } from './modules/health/routes';
import { registerIdempotency } from './modules/idempotency/service';
import { importRoutes } from './modules/imports/routes';
import { createImportService } from './modules/imports/service';
import { createMailOutbox, type MailOutbox, type OUTBOX_DEFAULTS } from './modules/mail-outbox/service';
import { notificationRoutes } from './modules/notifications/routes';
import { createNotificationService } from './modules/notifications/service';
import { createRowTurns, SQLITE_ROW_TURNS } from './modules/order-engine/row-turns';
import { orderRoutes } from './modules/orders/routes';
import { createOrderService } from './modules/orders/service';
import { overviewRoutes } from './modules/overview/routes';
import { createOverviewService } from './modules/overview/service';
import { pincodeRoutes } from './modules/pincodes/routes';
import { createPincodeService } from './modules/pincodes/service';
import { type ReorderJob, startReorderJob } from './modules/reorder/job';
import { reorderRoutes } from './modules/reorder/routes';
import { createReorderService } from './modules/reorder/service';
import { reportRoutes } from './modules/reports/routes';
import { createReportService } from './modules/reports/service';
import { stockRoutes } from './modules/stocks/routes';
import { createStockService } from './modules/stocks/service';
import { supplierProductRoutes } from './modules/supplier-products/routes';
import { createSupplierProductService } from './modules/supplier-products/service';
import { supplierRoutes } from './modules/suppliers/routes';
import { createSupplierService } from './modules/suppliers/service';
import { supplyOrderRoutes } from './modules/supply-orders/routes';
import { createSupplyOrderService } from './modules/supply-orders/service';
import { teamRoutes } from './modules/team/routes';
import { createTeamService } from './modules/team/service';
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerRequestCharset } from './plugins/request-charset';
import { registerResponseCache } from './plugins/response-cache';
import { serializerCompiler } from './plugins/response-serializer';
import { registerSecurity } from './plugins/security';
import { registerWebApp } from './plugins/web-app';

declare module 'fastify' {
  interface FastifyInstance {
    db: Kysely<Database>;
    dialect: Dialect;
    /** Work requests hand off (reset mails); the app waits for it before closing. */
    backgroundTasks: BackgroundTasks;
    /** The sender of the mail outbox (docs/decisions/023-mail-outbox.md). */
    mailOutbox: MailOutbox;
    /** Automatic drafting (docs/product/business-rules.md#automatic-drafting); tests run it by hand. */
    reorderJob: ReorderJob;
    /** Orders placed and the batches they were written in (docs/decisions/040); tests and benches read it. */
    placingStatistics: () => { items: number; batches: number };
  }
}

export interface BuildAppOptions {
  config: Config;
  /** An open database to use (tests); otherwise one is opened from config.databaseUrl and closed with the app. */
  database?: DatabaseHandle;
  clock?: Clock;
  mailer?: Mailer;
  logger?: FastifyServerOptions['logger'];
  /** Where the default logger writes (tests read it); stdout unless given. */
  logStream?: { write(line: string): void };
  /** Live updates: the bus (chosen by dialect unless given) and the SSE heartbeat interval (tests shorten it). */
  events?: EventBus;
  sseHeartbeatMs?: number;
  /** Argon2id unless given (tests count verifications). */
  passwords?: PasswordHasher;
  /**
   * The mail outbox's pacing, and whether its sender runs (it does unless `send: false`: tests
   * that do not read order mails leave their rows unsent).
   */
  mailOutbox?: Partial<typeof OUTBOX_DEFAULTS> & { send?: boolean };
}

/**
 * Migrations on PostgreSQL run over a connection of their own without the request bounds: their
 * advisory lock waits while another instance migrates, and a migration may rewrite a large table.
 */
async function migrate(url: string, database: DatabaseHandle) {
  if (database.dialect === 'sqlite') return migrateToLatest(database.db as Kysely<unknown>, database.dialect);
  const migrator = createDatabase(url, { poolSize: 1, unbounded: true });
  try {
    await migrateToLatest(migrator.db as Kysely<unknown>, migrator.dialect);
  } finally {
    await migrator.destroy();
  }
}

/** Default place of the built web app: apps/web/dist, from src/ or from dist/ alike. */
export const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../web/dist', import.meta.url));

// Reset and email confirmation tokens travel in the path; keep them out of the request log.
const redactUrl = (url: string) =>
  url.replace(/(\/(?:reset-password|confirm-email)\/)[^/?]+/, '$1[redacted]');

const REQUEST_ID_HEADER = 'x-request-id';
const SANE_REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * A proxy's X-Request-Id when it looks like one (so a request can be followed from nginx to the
 * audit trail), otherwise a fresh UUID: ids stay unique across instances, unlike Fastify's counter.
 */
function requestIdOf(request: IncomingMessage): string {
  const incoming = request.headers[REQUEST_ID_HEADER];
  return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * One SQLite process: the in-process bus. PostgreSQL, where several instances may share the
 * database: LISTEN/NOTIFY, so an event reaches browsers connected to any of them
 * (docs/architecture.md#live-updates).
 */
async function openEventBus(
  app: FastifyInstance,
  database: DatabaseHandle,
  clock: Clock,
  sessions?: SessionCacheWiring,
): Promise<EventBus> {
  if (database.dialect === 'sqlite') {
    return createInProcessEventBus((err) => app.log.error({ err }, 'live event listener failed'));
  }
  const bus = await startPostgresEventBus({
    db: database.db,
    connectionConfig: database.connectionConfig,
    log: app.log,
    clock,
    ...(sessions ? { onSessionChange: sessions.cache.forgetAll } : {}),
  });
  sessions?.hearFrom(bus);
  // Registered after the database's hook, so it runs before it: queued events go out first.
  app.addHook('onClose', () => bus.close());
  return bus;
}

/**
 * The sessions kept on PostgreSQL (modules/auth/session-cache.ts): forgotten when this instance
 * writes a session or user, when the database tells of another's change, and never used while
 * that notice could not arrive. SQLite reads a session in this process: nothing to save there.
 */
function sessionCacheOf(database: DatabaseHandle, lifetimeMs: number): SessionCacheWiring | undefined {
  if (database.dialect !== 'postgres' || lifetimeMs === 0) return undefined;
  let bus: PostgresEventBus | undefined;
  const cache = createSessionCache<SessionRow>({
    lifetimeMs,
    hearsChanges: () => bus?.isListening() ?? false,
  });
  // A session's last-seen write (once a minute at most) is no change: it is read afresh before a
  // session can end, as the database's trigger also has it.
  const touch = touchSessionSql(database.db);
  database.watchWrites(['sessions', 'users'], cache.forgetAll, (text) => text === touch);
  return {
    cache,
    hearFrom(listener) {
      bus = listener;
    },
  };
}

interface SessionCacheWiring {
  cache: SessionCache<SessionRow>;
  /** The bus that hands on the database's notices of changes; until it listens, nothing kept is used. */
  hearFrom(bus: PostgresEventBus): void;
}

/**
 * One access-log line per request, when it ends, with the request, the status and the time taken:
 * Fastify's default writes two (incoming, completed), and log lines were a large share of a small
 * request's cost.
 */
class AccessLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const line = { req: request, res: reply, responseTime: Math.round(reply.elapsedTime * 10) / 10 };
    if (error) request.log.error({ ...line, err: error }, 'request errored');
    else request.log.info(line, 'request completed');
  }
}

export async function buildApp(options: BuildAppOptions) {
  const { config } = options;
  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      // Requests and replies are logged through these only, and neither carries headers, so
      // cookies and Set-Cookie never reach the log. (pino's redact did the same by copying
      // every logged object: a quarter of a small request's CPU time, and most of its garbage.)
      serializers: {
        req: (request) => ({
          method: request.method,
          url: redactUrl(request.url),
          remoteAddress: request.ip,
        }),
        res: (reply) => ({ statusCode: reply.statusCode }),
      },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    logController: new AccessLog(),
    genReqId: requestIdOf,
    bodyLimit: 1_048_576,
    frameworkErrors,
    clientErrorHandler,
    // request.ip, .protocol and .host read X-Forwarded-* only when the peer is a listed proxy.
    trustProxy: config.trustedProxies.length > 0 ? config.trustedProxies : false,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !options.database;
  const database =
    options.database ??
    createDatabase(config.databaseUrl, {
      poolSize: config.databasePoolSize,
      timeouts: config.databaseTimeouts,
    });
  app.decorate('db', database.db);
  app.decorate('dialect', database.dialect);
  app.addHook('onClose', async () => {
    if (ownsDatabase) await database.destroy();
  });
  if (ownsDatabase) await migrate(config.databaseUrl, database);

  const mailer = options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }, app.log);
  app.addHook('onClose', async () => mailer.close());
  const backgroundTasks = createBackgroundTasks(app.log);
  app.decorate('backgroundTasks', backgroundTasks);
  // Registered after the mailer's and the database's hooks, so it runs before them.
  app.addHook('onClose', () => backgroundTasks.settled());
  const { send: sendMail = true, ...outboxOptions } = options.mailOutbox ?? {};
  const mailOutbox = createMailOutbox({
    db: database.db,
    clock: options.clock ?? systemClock,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    options: outboxOptions,
  });
  app.decorate('mailOutbox', mailOutbox);
  // Sends only once the app is ready; stops (waiting for sends under way) before the mailer and the database close.
  if (sendMail) app.addHook('onReady', async () => mailOutbox.start());
  app.addHook('onClose', () => mailOutbox.stop());

  app.addHook('onRequest', async (request, reply) => {
    reply.header(REQUEST_ID_HEADER, request.id);
  });
  registerErrorHandler(app);
  registerRequestCharset(app);
  await registerSecurity(app, config.publicUrl);
  await app.register(cookie);
  // Only routes that ask for it (config.rateLimit) are limited: the public tracking endpoint.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new TooManyRequestsError(
        'Too many requests: try again in a minute',
        Math.max(1, Math.ceil(context.ttl / 1000)),
      ),
  });
  await registerOpenApi(app);

  const secureCookies = config.publicUrl.startsWith('https://');
  const clock = options.clock ?? systemClock;
  // A bus passed in was opened elsewhere and would not tell this cache of changes: none is kept then.
  const sessions = options.events ? undefined : sessionCacheOf(database, config.sessionCacheMs);
  const events = options.events ?? (await openEventBus(app, database, clock, sessions));
  const passwords = options.passwords;
  const authService = createAuthService({
    db: database.db,
    dialect: database.dialect,
    events,
    registration: config.registration,
    clock,
    mailer,
    log: app.log,
    publicUrl: config.publicUrl,
    sessionIdleMs: config.sessionIdleMs,
    sessionMaxMs: config.sessionMaxMs,
    ...(sessions ? { sessionCache: sessions.cache } : {}),
    background: backgroundTasks,
    ...(options.passwords ? { passwords: options.passwords } : {}),
  });
  await app.register(authentication, { authService, secureCookies });
  if (database.dialect === 'sqlite' && config.responseCacheBytes > 0) {
    registerResponseCache(app, { changeStamp: database.changeStamp, maxBytes: config.responseCacheBytes });
  }

  await app.register(healthRoutes, { probe: database.probe });
  await app.register(authRoutes, { authService, secureCookies, sessionMaxMs: config.sessionMaxMs });
  await app.register(stockRoutes, { stockService: createStockService({ db: database.db, clock }) });
  await app.register(supplierRoutes, { supplierService: createSupplierService({ db: database.db, clock }) });
  await app.register(accountRoutes, {
    accountService: createAccountService({
      db: database.db,
      clock,
      mailer,
      log: app.log,
      publicUrl: config.publicUrl,
      sessionIdleMs: config.sessionIdleMs,
      ...(passwords ? { passwords } : {}),
    }),
  });
  await app.register(teamRoutes, {
    teamService: createTeamService({
      db: database.db,
      clock,
      mailer,
      log: app.log,
      publicUrl: config.publicUrl,
    }),
  });
  const pincodeService = createPincodeService({ upstreamUrl: config.pincodeApiUrl, log: app.log });
  await app.register(pincodeRoutes, { pincodeService });
  await app.register(courierRoutes, { courierService: createCourierService({ db: database.db }) });
  registerIdempotency(app, { db: database.db, clock });
  // One set of turns for both kinds of order: stock items and products are told apart by table.
  const rowTurns =
    database.dialect === 'sqlite' ? SQLITE_ROW_TURNS : createRowTurns(database.timeouts.rowWaitMs);
  const orderService = createOrderService({
    db: database.db,
    dialect: database.dialect,
    clock,
    events,
    pincodes: pincodeService,
    rowTurns,
    groupCommit: createGroupCommit(database.db, database.dialect, database.timeouts.rowWaitMs),
    publicUrl: config.publicUrl,
    mailOutbox,
  });
  await app.register(orderRoutes, { orderService });
  app.decorate('placingStatistics', orderService.placingStatistics);
  await app.register(supplierProductRoutes, {
    supplierProductService: createSupplierProductService({ db: database.db, clock }),
  });
  const supplyOrderService = createSupplyOrderService({
    db: database.db,
    dialect: database.dialect,
    clock,
    events,
    rowTurns,
  });
  await app.register(supplyOrderRoutes, { supplyOrderService });
  await app.register(reorderRoutes, {
    reorderService: createReorderService({ db: database.db, clock, supplyOrders: supplyOrderService }),
  });
  const reorderJob = startReorderJob({
    db: database.db,
    dialect: database.dialect,
    clock,
    log: app.log,
    intervalMs: config.reorderJobMs,
  });
  app.decorate('reorderJob', reorderJob);
  // Registered after the database's hook, so it runs before it: a run under way ends first.
  app.addHook('onClose', () => reorderJob.close());
  await app.register(importRoutes, { importService: createImportService({ db: database.db, clock }) });
  await app.register(addressRoutes, {
    addressService: createAddressService({ db: database.db, clock, pincodes: pincodeService }),
  });
  await app.register(overviewRoutes, { overviewService: createOverviewService({ db: database.db, clock }) });
  await app.register(reportRoutes, { reportService: createReportService({ db: database.db }) });
  await app.register(activityRoutes, { activityService: createActivityService({ db: database.db }) });
  await app.register(notificationRoutes, {
    notificationService: createNotificationService({ db: database.db }),
  });
  await app.register(eventRoutes, {
    events,
    authService,
    secureCookies,
    ...(options.sseHeartbeatMs === undefined ? {} : { heartbeatMs: options.sseHeartbeatMs }),
  });

  await registerWebApp(app, config.webDist ?? DEFAULT_WEB_DIST, config.business);
  return app;
}
