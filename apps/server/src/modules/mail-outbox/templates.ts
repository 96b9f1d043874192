import { ATTEMPT_REASON_LABELS, type AttemptReason } from '@depot/contract';
import { fromCents } from '../../lib/amounts';

/**
 * The mails the outbox sends, one template per kind (docs/product/business-rules.md#mail-to-customers).
 * A new kind of mail is a name here, its texts in MAIL_TEXT and a template in TEMPLATES.
 */
export const MAIL_KINDS = [
  'order_placed',
  'order_in_transit',
  'order_delivered',
  'order_cancelled',
  'order_attempt_failed',
  'order_returned',
] as const;
export type MailKind = (typeof MAIL_KINDS)[number];

/** Every fixed string of the mails, in one place. */
export const MAIL_TEXT = {
  subject: {
    order_placed: (orderId: number) => `Order #${orderId} placed`,
    order_in_transit: (orderId: number) => `Order #${orderId} is on its way`,
    order_delivered: (orderId: number) => `Order #${orderId} delivered`,
    order_cancelled: (orderId: number) => `Order #${orderId} cancelled`,
    order_attempt_failed: (orderId: number) => `Order #${orderId}: we could not deliver it`,
    order_returned: (orderId: number) => `Order #${orderId} returned`,
  },
  status: {
    order_placed: 'Processing',
    order_in_transit: 'In Transit',
    order_delivered: 'Delivered',
    order_cancelled: 'Cancelled',
    order_attempt_failed: 'In Transit',
    order_returned: 'Returned',
  },
  greeting: (name: string) => `Hello ${name},`,
  lead: {
    order_placed: (orderId: number) => `Thank you: your order #${orderId} has been placed.`,
    order_in_transit: (orderId: number) => `Your order #${orderId} is on its way.`,
    order_delivered: (orderId: number) => `Your order #${orderId} has been delivered.`,
    order_cancelled: (orderId: number) => `Your order #${orderId} has been cancelled.`,
    order_attempt_failed: (orderId: number) => `We tried to deliver your order #${orderId} but could not.`,
    order_returned: (orderId: number) =>
      `Your order #${orderId} has been returned to us and will not be delivered.`,
  },
  attemptReason: (reason: AttemptReason, note: string) =>
    `Reason: ${ATTEMPT_REASON_LABELS[reason]}${note ? ` (${note})` : ''}`,
  nextAttempt: (day: string) => `Next attempt: ${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`,
  statusLine: (status: string) => `Status: ${status}`,
  itemsHeading: 'Items:',
  item: (name: string, quantity: number) => `${quantity} × ${name}`,
  total: (dollars: string) => `Total with shipping: $${dollars}`,
  follow: (url: string) => `Follow your order: ${url}`,
  turnOff: (accountUrl: string) =>
    `You get these mails for your orders. Turn them off on your Account page: ${accountUrl}`,
  signature: 'Depot',
} as const;

/** What an order mail tells: read when it is sent, its status from the kind (the change it tells of). */
export interface OrderMailFacts {
  customerName: string;
  orderId: number;
  items: { product_name: string; quantity: number }[];
  totalCents: number;
  trackingUrl: string;
  accountUrl: string;
  /** For a failed attempt's mail: the order's last attempt when the mail is sent. */
  attempt?: { reason: AttemptReason; note: string; next_attempt_date: string } | undefined;
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);

/** An order mail: the order number, its status, what it holds and its tracking link; text and simple HTML. */
export function renderOrderMail(kind: MailKind, facts: OrderMailFacts): RenderedMail {
  const status = MAIL_TEXT.status[kind];
  const attempt = kind === 'order_attempt_failed' ? facts.attempt : undefined;
  const attemptLines = attempt
    ? [
        MAIL_TEXT.attemptReason(attempt.reason, attempt.note),
        MAIL_TEXT.nextAttempt(attempt.next_attempt_date),
      ]
    : [];
  const lead = MAIL_TEXT.lead[kind](facts.orderId);
  const items = facts.items.map((item) => MAIL_TEXT.item(item.product_name, item.quantity));
  const total = MAIL_TEXT.total(fromCents(facts.totalCents).toFixed(2));
  const text = [
    MAIL_TEXT.greeting(facts.customerName),
    '',
    lead,
    ...attemptLines,
    MAIL_TEXT.statusLine(status),
    '',
    MAIL_TEXT.itemsHeading,
    ...items.map((item) => `- ${item}`),
    total,
    '',
    MAIL_TEXT.follow(facts.trackingUrl),
    '',
    MAIL_TEXT.turnOff(facts.accountUrl),
    MAIL_TEXT.signature,
    '',
  ].join('\n');
  const link = (url: string) => `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
  const html = [
    `<p>${escapeHtml(MAIL_TEXT.greeting(facts.customerName))}</p>`,
    `<p>${[lead, ...attemptLines].map(escapeHtml).join('<br>')}<br><strong>${escapeHtml(MAIL_TEXT.statusLine(status))}</strong></p>`,
    `<p>${escapeHtml(MAIL_TEXT.itemsHeading)}</p>`,
    `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`,
    `<p>${escapeHtml(total)}</p>`,
    `<p>${escapeHtml(MAIL_TEXT.follow('')).trim()} ${link(facts.trackingUrl)}</p>`,
    `<p><small>${escapeHtml(MAIL_TEXT.turnOff('')).trim()} ${link(facts.accountUrl)}</small></p>`,
  ].join('\n');
  return { subject: MAIL_TEXT.subject[kind](facts.orderId), text, html };
}
