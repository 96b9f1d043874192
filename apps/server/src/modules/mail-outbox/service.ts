import { PATHS, trackingPath } from '@depot/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database, Executor } from '../../db/schema';
import type { Clock } from '../../lib/clock';
import type { Mailer } from '../../lib/mailer';
import { randomBytesPooled } from '../../lib/tokens';
import * as repo from './repository';
import { MAIL_KINDS, type MailKind, renderOrderMail } from './templates';

/** How the sender paces itself (docs/decisions/023-mail-outbox.md); tests shorten some. */
export const OUTBOX_DEFAULTS = {
  /** Rows one claim takes, sent side by side. */
  batchSize: 10,
  /** How often an idle sender looks for due rows: mails another instance left, retries come due. */
  pollMs: 5_000,
  /**
   * How long a wake-up after a change waits before the sender claims: the mails of a busy moment
   * then go out in a few claims instead of one claim, read and mark per mail.
   */
  wakeDelayMs: 100,
  /** The longest one send may take, SMTP steps and all, before it counts as failed. */
  sendTimeoutMs: 30_000,
  /** How long a claim holds a row; well beyond a batch's send timeout, so a live sender never loses its rows. */
  leaseMs: 120_000,
  /** Retries wait 30 s, 1 min, 2 min … up to an hour; after the last attempt the row is given up. */
  retryBaseMs: 30_000,
  retryMaxMs: 3_600_000,
  maxAttempts: 10,
};

export interface MailOutboxDeps {
  db: Kysely<Database>;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  /** The site's address, which tracking and Account links start with; its host ends each Message-ID. */
  publicUrl: string;
  options?: Partial<typeof OUTBOX_DEFAULTS>;
}

const isMailKind = (kind: string): kind is MailKind => (MAIL_KINDS as readonly string[]).includes(kind);

/**
 * Writes the mail telling an order's customer of a change, in the transaction making the change
 * (docs/product/business-rules.md#mail-to-customers): committed with it or not at all. Nothing is
 * written for a customer who turned order mails off.
 */
export function enqueueOrderMail(trx: Executor, mail: { orderId: number; kind: MailKind; now: string }) {
  return repo.insertOrderMails(trx, { orderIds: [mail.orderId], kind: mail.kind, now: mail.now });
}

/** The same mail for several orders' customers, in one statement (a courier's bulk status change). */
export function enqueueOrderMails(
  trx: Executor,
  mail: { orderIds: readonly number[]; kind: MailKind; now: string },
) {
  return repo.insertOrderMails(trx, mail);
}

/** The wait before the next attempt after `attempts` failed ones: doubling from the base, capped. */
export function retryDelayMs(
  attempts: number,
  options: Pick<typeof OUTBOX_DEFAULTS, 'retryBaseMs' | 'retryMaxMs'>,
) {
  return Math.min(options.retryMaxMs, options.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * A Message-ID that is the outbox row's own: a mail sent twice (the window between the SMTP
 * server's acceptance and the row marked sent) carries the same one both times.
 */
export const messageIdOf = (rowId: number, publicUrl: string) =>
  `<depot-mail-${rowId}@${new URL(publicUrl).hostname || 'depot.invalid'}>`;

/**
 * The sender: claims due rows, sends them after commit and outside any transaction, marks each
 * sent or failed. Woken after a change commits on this instance, and every pollMs for the rest.
 */
export function createMailOutbox(deps: MailOutboxDeps) {
  const { db, clock, mailer, log } = deps;
  const options = { ...OUTBOX_DEFAULTS, ...deps.options };
  const accountUrl = `${deps.publicUrl}${PATHS.account}`;
  let timer: NodeJS.Timeout | undefined;
  let wakeTimer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = true;

  const later = (ms: number) => new Date(clock.now().getTime() + ms).toISOString();

  async function withDeadline<T>(work: Promise<T>): Promise<T> {
    let deadline: NodeJS.Timeout | undefined;
    const expired = new Promise<never>((_, reject) => {
      deadline = setTimeout(
        () => reject(new Error(`send took over ${options.sendTimeoutMs} ms`)),
        options.sendTimeoutMs,
      );
    });
    try {
      return await Promise.race([work, expired]);
    } finally {
      clearTimeout(deadline);
    }
  }

  // The sends of a batch go side by side (an SMTP server's answer is the slow part), but their
  // statements take turns: a batch of ten never holds ten of the pool's connections that requests
  // are waiting for (a courier's bulk of fifty changes waited 350 ms behind the mails of the last).
  let databaseTurn: Promise<unknown> = Promise.resolve();
  function inTurn<T>(work: () => Promise<T>): Promise<T> {
    const turn = databaseTurn.then(work);
    databaseTurn = turn.catch(() => undefined);
    return turn;
  }

  // Rows accepted by the mail server wait here to be marked sent, all those of the moment in one
  // statement: each is marked in the sender's next database turn after its acceptance.
  interface AcceptedRow {
    id: number;
    token: string;
    marked(stillClaimed: boolean): void;
    failed(error: unknown): void;
  }
  let acceptedRows: AcceptedRow[] = [];
  async function markAccepted(): Promise<void> {
    const accepted = acceptedRows;
    acceptedRows = [];
    const now = clock.now().toISOString();
    for (const token of new Set(accepted.map((row) => row.token))) {
      const ofToken = accepted.filter((row) => row.token === token);
      try {
        const marked = await repo.markSent(
          db,
          ofToken.map((row) => row.id),
          token,
          now,
        );
        for (const row of ofToken) row.marked(marked.has(row.id));
      } catch (error) {
        for (const row of ofToken) row.failed(error);
      }
    }
  }
  /** Whether the row was still this sender's claim when marked. */
  function markSent(id: number, token: string): Promise<boolean> {
    return new Promise<boolean>((marked, failed) => {
      if (acceptedRows.length === 0) void inTurn(markAccepted);
      acceptedRows.push({ id, token, marked, failed });
    });
  }

  async function sendOne(
    row: repo.ClaimedMail,
    token: string,
    factsOf: Map<number, repo.OrderMailFacts>,
  ): Promise<void> {
    if (!isMailKind(row.kind) || row.order_id === null) {
      await inTurn(() =>
        repo.markDropped(db, row.id, token, clock.now().toISOString(), `unknown kind ${row.kind}`),
      );
      return;
    }
    const facts = factsOf.get(row.order_id);
    if (facts?.customer_id !== row.user_id || facts.order_mails !== 1 || facts.deactivated_at !== null) {
      // The latest choice wins: turned off after the change but before the send, nothing goes.
      await inTurn(() =>
        repo.markDropped(db, row.id, token, clock.now().toISOString(), 'order mails off or account gone'),
      );
      return;
    }
    const mail = renderOrderMail(row.kind, {
      customerName: facts.name,
      orderId: facts.id,
      items: facts.items,
      totalCents: facts.items_total_cents + facts.shipping_cost_cents,
      trackingUrl: `${deps.publicUrl}${trackingPath(facts.tracking_token)}`,
      accountUrl,
      attempt:
        row.kind === 'order_attempt_failed'
          ? await inTurn(() => repo.getLastAttempt(db, facts.id))
          : undefined,
    });
    try {
      await withDeadline(
        mailer.send({ to: facts.email, ...mail, messageId: messageIdOf(row.id, deps.publicUrl) }),
      );
    } catch (error) {
      const givenUp = row.attempts >= options.maxAttempts;
      const message = error instanceof Error ? error.message : String(error);
      log.warn({ mailId: row.id, attempts: row.attempts, givenUp, err: error }, 'order mail not sent');
      await inTurn(() =>
        repo.markFailed(db, row.id, token, {
          now: clock.now().toISOString(),
          nextAttemptAt: later(retryDelayMs(row.attempts, options)),
          givenUp,
          error: message,
        }),
      );
      return;
    }
    // At once after the server's acceptance: the shorter this window, the rarer a resend.
    if (!(await markSent(row.id, token))) {
      log.warn(
        { mailId: row.id },
        'order mail sent after its claim ran out; another sender may send it again',
      );
    }
  }

  /** Claims one batch and sends it; answers how many rows it claimed. */
  async function sendBatch(): Promise<number> {
    const token = randomBytesPooled(12).toString('base64url');
    const claimed = await repo.claimDue(db, {
      now: clock.now().toISOString(),
      leaseUntil: later(options.leaseMs),
      token,
      limit: options.batchSize,
    });
    const orderIds = claimed.flatMap((row) => (row.order_id === null ? [] : [row.order_id]));
    const factsOf = await inTurn(() => repo.getOrderMailFacts(db, orderIds));
    await Promise.all(
      claimed.map((row) =>
        sendOne(row, token, factsOf).catch((error: unknown) =>
          log.error({ err: error, mailId: row.id }, 'order mail failed'),
        ),
      ),
    );
    return claimed.length;
  }

  async function drain(): Promise<void> {
    do {
      again = false;
      while (!stopped && (await sendBatch()) === options.batchSize);
    } while (again && !stopped);
  }

  function run(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = drain()
      .catch((error: unknown) => log.error({ err: error }, 'mail outbox run failed'))
      .finally(() => {
        running = undefined;
      });
    return running;
  }

  function schedule() {
    if (stopped) return;
    timer = setTimeout(() => {
      void run().finally(schedule);
    }, options.pollMs);
    timer.unref();
  }

  return {
    /** Starts polling (and sends what is due now). */
    start(): void {
      if (!stopped) return;
      stopped = false;
      void run();
      schedule();
    },
    /** After a change committed: send its mail now rather than at the next poll. */
    wake(): void {
      if (stopped || wakeTimer) return;
      wakeTimer = setTimeout(() => {
        wakeTimer = undefined;
        if (!stopped) void run();
      }, options.wakeDelayMs);
      wakeTimer.unref();
    },
    /** Sends whatever is due now and waits for it (tests, and a final pass). */
    async flush(): Promise<void> {
      const wasStopped = stopped;
      stopped = false;
      try {
        await run();
        if (running) await running;
      } finally {
        stopped = wasStopped;
      }
    },
    /** Stops polling and waits for sends under way, whose rows are then marked (app close). */
    async stop(): Promise<void> {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(wakeTimer);
      timer = undefined;
      wakeTimer = undefined;
      if (running) await running;
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
