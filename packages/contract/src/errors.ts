import { z } from 'zod';

/**
 * Every kind of error the API answers, as a stable code a client may branch on, with what it
 * means. The sentence in `error` and `message` is for people and may be reworded; the code is not.
 */
export const ERROR_CODES = {
  invalid_input: 'A field, query parameter or header is not valid; `details` names each problem.',
  invalid_json: 'The body is not valid JSON.',
  unsupported_media_type: 'The body is not sent as application/json.',
  unsupported_charset: 'The body declares a charset other than UTF-8.',
  body_too_large: 'The body is larger than 1 MB.',
  uri_too_long: 'A path parameter is too long.',
  bad_request: 'The HTTP request itself is malformed.',
  not_logged_in: 'No valid session: log in (again).',
  invalid_credentials: 'The email or the password is wrong.',
  account_pending: 'The password is right, but a manager has not approved this staff account yet.',
  account_rejected: 'The password is right, but a manager rejected this staff account.',
  password_change_required:
    'The account logs in with a one-time password: choose your own (PUT /api/account/password) first.',
  wrong_current_password: 'The current password given with an account change is wrong.',
  login_not_editable: "A supplier's login email and password can only be changed by the supplier.",
  cannot_deactivate_self: 'A manager cannot deactivate their own account.',
  wrong_role: "The signed-in user's role may not call this endpoint.",
  forbidden: 'The request would act for another user.',
  cross_site_request: 'A state-changing request came from another site (Origin).',
  not_found: 'No such object, or none the caller may reach.',
  route_not_found: 'No such endpoint.',
  conflict: 'The request conflicts with the current state.',
  email_taken: 'An account already uses this email.',
  sku_taken:
    "Another of the owner's stock items (or catalogue products) already has this SKU; `details` puts the message on `body.sku`, and nothing changed.",
  too_many_addresses: 'The customer already keeps the most saved addresses (20).',
  not_enough_stock: 'An order line asks for more units than the stock item or product holds.',
  product_unavailable: 'An order line names a stock item that no longer exists.',
  quantity_limit: 'A stock item or product would hold more than the largest quantity.',
  product_discontinued:
    'A supply order names a product its supplier discontinued; nothing was placed (the product stays on older orders).',
  product_ordered: 'A supplier product some supply order has cannot be deleted; discontinue it instead.',
  invalid_import_file:
    'An imported file cannot be read as the import expects (not UTF-8, not CSV, missing or unknown columns, no rows, too many); the message says which, and nothing changed.',
  import_has_problems:
    "An import's rows have problems (`details`: each one's row and column, e.g. `row 7.price`); nothing was imported.",
  delivery_exceeds_order: 'A delivery brings more of a product than the supply order still has to come.',
  stock_count_stale:
    'A counted stock item no longer holds the quantity the count was made against; nothing changed: show the current quantities and confirm again.',
  order_final:
    'The supply order is Delivered or Canceled, or the customer order is Delivered, Returned or Cancelled, and can no longer change.',
  order_not_reopenable: 'Only a Delivered or Returned customer order can be reopened.',
  order_not_cancellable: 'The customer order is no longer Processing, so it cannot be cancelled.',
  order_delivered: 'The customer order is Delivered, so its courier can no longer change.',
  proof_required:
    "Delivered needs a proof of delivery: the recipient's name and the delivery code or a photo (never in bulk).",
  wrong_delivery_code: 'The delivery code is wrong; the message says how many tries are left.',
  delivery_code_locked: 'Five wrong delivery codes locked code proof for this order: give a photo instead.',
  idempotency_in_progress: 'A request with this Idempotency-Key is still running: retry shortly.',
  idempotency_key_reused: 'This Idempotency-Key was used for a different request.',
  too_many_requests: 'Too many attempts: retry after the Retry-After header.',
  database_busy:
    'The database could not do the work in time (a row held by another session, every connection busy, a slow statement); nothing changed: retry after the Retry-After header.',
  database_unavailable:
    'The database cannot be reached or cannot write (down, restarting, disk full or read-only); nothing changed: retry after the Retry-After header.',
  internal_error: 'A fault on the server; the request changed nothing.',
} as const;
export type ErrorCode = keyof typeof ERROR_CODES;
const CODES = Object.keys(ERROR_CODES) as [ErrorCode, ...ErrorCode[]];

/**
 * Every error answer carries the same sentence in `error` and `message` (the screens read one or
 * the other), a `code` from ERROR_CODES, and for bad input `details` with each problem's path.
 */
export const errorResponseSchema = z
  .object({
    error: z.string(),
    message: z.string(),
    code: z.enum(CODES).describe(
      Object.entries(ERROR_CODES)
        .map(([code, meaning]) => `\`${code}\`: ${meaning}`)
        .join('\n'),
    ),
    details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() }).meta({ id: 'MessageResponse' });
export type MessageResponse = z.infer<typeof messageResponseSchema>;
