import { z } from 'zod';
import { text } from './common';
import { DAY_RANGE_RULE, dayRangeFilters, defineList, isDayRangeInOrder, listQuerySchema } from './lists';
import { ROLES } from './roles';

/** Every kind of state change the audit trail records, as `<entity>.<what happened>`. */
export const AUDIT_ACTIONS = [
  'stock.created',
  'stock.updated',
  'stock.deleted',
  'order.placed',
  'order.status_changed',
  'order.cancelled',
  'order.courier_changed',
  'order.attempt_failed',
  'order.reopened',
  'supply_order.placed',
  'supply_order.updated',
  'supply_order_draft.saved',
  'supply_order_draft.deleted',
  'reorder.automatic_changed',
  'supplier.created',
  'supplier.updated',
  'supplier.deactivated',
  'supplier_product.created',
  'supplier_product.updated',
  'supplier_product.discontinued',
  'supplier_product.resumed',
  'supplier_product.deleted',
  'auth.registered',
  'auth.login',
  'auth.login_failed',
  'auth.logout',
  'auth.logout_everywhere',
  'auth.password_reset_requested',
  'auth.password_reset',
  'account.approved',
  'account.rejected',
  'account.deactivated',
  'account.reactivated',
  'account.name_changed',
  'account.order_mails_changed',
  'account.email_change_requested',
  'account.email_changed',
  'account.password_changed',
  'account.session_ended',
  'account.other_sessions_ended',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ENTITY_TYPES = [
  'stock',
  'order',
  'supply_order',
  'supply_order_draft',
  'supplier',
  'supplier_product',
  'user',
] as const;
export type AuditEntityType = (typeof AUDIT_ENTITY_TYPES)[number];

/** How the Activity page names each action. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'stock.created': 'Stock added',
  'stock.updated': 'Stock updated',
  'stock.deleted': 'Stock deleted',
  'order.placed': 'Order placed',
  'order.status_changed': 'Order status changed',
  'order.cancelled': 'Order cancelled',
  'order.courier_changed': 'Order courier changed',
  'order.attempt_failed': 'Delivery attempt failed',
  'order.reopened': 'Order reopened',
  'supply_order.placed': 'Supply order placed',
  'supply_order.updated': 'Supply order updated',
  'supply_order_draft.saved': 'Draft supply order saved',
  'supply_order_draft.deleted': 'Draft supply order deleted',
  'reorder.automatic_changed': 'Automatic drafting changed',
  'supplier.created': 'Supplier added',
  'supplier.updated': 'Supplier updated',
  'supplier.deactivated': 'Supplier deleted',
  'supplier_product.created': 'Supplier product added',
  'supplier_product.updated': 'Supplier product updated',
  'supplier_product.discontinued': 'Supplier product discontinued',
  'supplier_product.resumed': 'Supplier product resumed',
  'supplier_product.deleted': 'Supplier product deleted',
  'auth.registered': 'Registered',
  'auth.login': 'Logged in',
  'auth.login_failed': 'Login failed',
  'auth.logout': 'Logged out',
  'auth.logout_everywhere': 'Logged out on every device',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.password_reset': 'Password reset',
  'account.approved': 'Account approved',
  'account.rejected': 'Account request rejected',
  'account.deactivated': 'Account deactivated',
  'account.reactivated': 'Account reactivated',
  'account.name_changed': 'Name changed',
  'account.order_mails_changed': 'Order mails changed',
  'account.email_change_requested': 'Email change requested',
  'account.email_changed': 'Email changed',
  'account.password_changed': 'Password changed',
  'account.session_ended': 'Session logged out',
  'account.other_sessions_ended': 'Other sessions logged out',
};

export const ACTIVITY_MESSAGES = {
  invalidAction: `action must be one of ${AUDIT_ACTIONS.join(', ')}`,
  invalidEntityType: `entity_type must be one of ${AUDIT_ENTITY_TYPES.join(', ')}`,
} as const;

/** The audit events the caller may read, newest first. */
export const ACTIVITY_LIST = defineList({
  sortFields: ['occurred_at', 'action', 'entity_type'],
  defaultSort: { field: 'occurred_at', order: 'desc' },
  searches: "the actor's name or email",
});
export type ActivitySortField = (typeof ACTIVITY_LIST.sortFields)[number];

/** GET /api/activity: search, sort and page, and filters (all optional; days are UTC, `to` counts whole). */
export const activityQuerySchema = listQuerySchema(ACTIVITY_LIST, {
  action: z.enum(AUDIT_ACTIONS, { error: ACTIVITY_MESSAGES.invalidAction }).optional(),
  entity_type: z.enum(AUDIT_ENTITY_TYPES, { error: ACTIVITY_MESSAGES.invalidEntityType }).optional(),
  /** Part of the actor's name or email, any letter case; the same as q, kept for older links. */
  actor: text('actor').max(254).optional(),
  ...dayRangeFilters,
}).refine(isDayRangeInOrder, DAY_RANGE_RULE);
export type ActivityQuery = z.infer<typeof activityQuerySchema>;

/** A field's value before or after the change; never a password, hash, token or link. */
const snapshotSchema = z.record(z.string(), z.unknown()).nullable();

export const activityEventSchema = z.object({
  id: z.number().int(),
  occurred_at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  entity_type: z.enum(AUDIT_ENTITY_TYPES),
  entity_id: z.number().int().nullable(),
  /** Who made the change; null when nobody was logged in (a failed login, a reset asked by email). */
  actor: z
    .object({ id: z.number().int(), name: z.string(), email: z.string(), role: z.enum(ROLES) })
    .nullable(),
  before: snapshotSchema,
  after: snapshotSchema,
  request_id: z.string().nullable(),
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const activityListResponseSchema = z.array(activityEventSchema);
