import { AUDIT_ACTION_LABELS, type AuditAction } from '@depot/contract';
import { Badge } from '@mantine/core';

/**
 * Mantine colours of the actions, by what they did: green something new, blue or indigo a change,
 * red a removal, orange a refused sign-in, grey the comings and goings of a session, violet passwords.
 */
export const ACTION_COLORS: Record<AuditAction, string> = {
  'stock.created': 'green',
  'stock.updated': 'blue',
  'stock.deleted': 'red',
  'order.placed': 'green',
  'order.status_changed': 'indigo',
  'order.cancelled': 'gray',
  'order.courier_changed': 'indigo',
  'order.attempt_failed': 'orange',
  'order.reopened': 'indigo',
  'supply_order.placed': 'green',
  'supply_order.updated': 'indigo',
  'supply_order_draft.saved': 'blue',
  'supply_order_draft.deleted': 'red',
  'reorder.automatic_changed': 'blue',
  'supplier.created': 'green',
  'supplier.updated': 'blue',
  'supplier.deactivated': 'red',
  'supplier_product.created': 'green',
  'supplier_product.updated': 'blue',
  'supplier_product.discontinued': 'orange',
  'supplier_product.resumed': 'green',
  'supplier_product.deleted': 'red',
  'auth.registered': 'teal',
  'auth.login': 'gray',
  'auth.login_failed': 'orange',
  'auth.logout': 'gray',
  'auth.logout_everywhere': 'gray',
  'auth.password_reset_requested': 'violet',
  'auth.password_reset': 'violet',
  'account.approved': 'green',
  'account.rejected': 'red',
  'account.deactivated': 'red',
  'account.reactivated': 'green',
  'account.name_changed': 'blue',
  'account.order_mails_changed': 'blue',
  'account.email_change_requested': 'blue',
  'account.email_changed': 'blue',
  'account.password_changed': 'violet',
  'account.session_ended': 'gray',
  'account.other_sessions_ended': 'gray',
};

const isKnown = (action: string): action is AuditAction => Object.hasOwn(AUDIT_ACTION_LABELS, action);

/**
 * How an action reads: its label, or for a kind this build does not know yet (a newer server)
 * its words, "supplier_product.archived" → "Supplier product archived", never the raw name.
 */
export function actionLabel(action: string): string {
  if (isKnown(action)) return AUDIT_ACTION_LABELS[action];
  const words = action
    .replace(/^auth\./, '')
    .replaceAll(/[._]+/g, ' ')
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const actionColor = (action: string): string => (isKnown(action) ? ACTION_COLORS[action] : 'gray');

export function ActionBadge({ action }: { action: string }) {
  return (
    // max-content: a squeezed table column must not cut the label short.
    <Badge color={actionColor(action)} variant="light" miw="max-content" style={{ textTransform: 'none' }}>
      {actionLabel(action)}
    </Badge>
  );
}
