import type {
  ApprovalStatus,
  AttemptReason,
  AuditAction,
  AuditEntityType,
  LocationType,
  OrderStatus,
  ProofMethod,
  ProofPhotoType,
  Role,
  StockMovementReason,
  SupplyOrderStatus,
} from '@depot/contract';
import { type Generated, type Kysely, PostgresAdapter, type Transaction } from 'kysely';

/** Timestamps are ISO-8601 UTC strings in both dialects, so ordering and month grouping agree. */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  role: Role;
  name: string;
  email: string;
  password_hash: string;
  created_at: Timestamp;
  deactivated_at: Timestamp | null;
  /** Set for suppliers by Suppliers Management; null for accounts that never had one. */
  phone_number: string | null;
  address: string | null;
  /** Staff accounts registered under REGISTRATION=approval start pending (docs/decisions/016). */
  approval_status: Generated<ApprovalStatus>;
  /** 1 while the account has the one-time password a manager gave it. */
  must_change_password: Generated<number>;
  /** 1 while the customer wants a mail on each change of their orders (the Account page). */
  order_mails: Generated<number>;
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  /** The User-Agent and address the session was opened from; null for sessions older than them. */
  user_agent: string | null;
  ip: string | null;
}

export interface EmailChangeTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  new_email: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: Timestamp;
}

/** One limit's count in its current window (docs/decisions/017-login-and-reset-limits.md). */
export interface AttemptLimitsTable {
  /** What is limited: `login:address:<ip>`, `login:account:<email>`, `reset:email:<email>` … */
  key: string;
  attempts: number;
  window_ends_at: Timestamp;
}

/** Where a user last logged in successfully, address by address. */
export interface KnownLoginAddressesTable {
  user_id: number;
  ip: string;
  last_login_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  title: string;
  message: string;
  /** The order it is about, when it is about one. */
  order_id: number | null;
  created_at: Timestamp;
}

/** Money in integer cents and weight in integer grams; the API speaks dollars and kg. */
export interface StocksTable {
  id: Generated<number>;
  inventory_manager_id: number;
  name: string;
  price_cents: number;
  quantity: number;
  weight_grams: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** Set instead of deleting the row, so orders that refer to it stay whole. */
  deleted_at: Timestamp | null;
  /** The owner's own code for the item, unique among their live items; null when none. */
  sku: string | null;
}

/**
 * One change of a stock item's quantity (docs/product/business-rules.md#stock-history), written in
 * the changing transaction: the item's quantity is the sum of its movements' changes.
 */
export interface StockMovementsTable {
  id: Generated<number>;
  stock_id: number;
  change: number;
  quantity_after: number;
  reason: StockMovementReason;
  /** Null for the opening balance the migration wrote. */
  actor_id: number | null;
  order_id: number | null;
  supply_order_id: number | null;
  /** The stock count a 'count' movement belongs to. */
  stock_count_id: number | null;
  created_at: Timestamp;
}

/** A manager's confirmed count of some of their stock items. */
export interface StockCountsTable {
  id: Generated<number>;
  inventory_manager_id: number;
  created_at: Timestamp;
}

/** How many movements a stock item has for one reason (an item's History total, without counting). */
export interface StockMovementTalliesTable {
  stock_id: number;
  reason: StockMovementReason;
  movements: number;
}

/** A customer order; totals in cents and grams, fixed at order time. */
export interface OrdersTable {
  id: Generated<number>;
  customer_id: number;
  /** The customer's name, kept with the order for its list's sort; rewritten on a rename. */
  customer_name: string;
  courier_service_id: number;
  shipping_address: string;
  pin_code: string;
  location_type: LocationType;
  phone_number: string;
  consignment_weight_grams: number;
  items_total_cents: number;
  shipping_cost_cents: number;
  status: OrderStatus;
  /** Expected delivery: created_at plus 2, 3 or 5 days by location type. */
  delivery_date: Timestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The random token of the public tracking link (docs/product/business-rules.md#following-an-order). */
  tracking_token: string;
  /** The last failed attempt's reason and the next attempt's day; null before any (order_attempts). */
  last_attempt_reason: Generated<AttemptReason | null>;
  next_attempt_date: Generated<string | null>;
  /** Four random digits the customer gives at the door; null for orders closed before proofs (docs/decisions/032). */
  delivery_code: string | null;
  /** Wrong delivery codes tried; the fifth locks code proof for the order. */
  delivery_code_failures: Generated<number>;
}

/** Each failed delivery attempt of an order (docs/decisions/031-failed-attempts-and-returns.md). */
export interface OrderAttemptsTable {
  id: Generated<number>;
  order_id: number;
  courier_id: number;
  reason: AttemptReason;
  /** The courier's words; '' when the reason says it all. */
  note: string;
  /** YYYY-MM-DD. */
  next_attempt_date: string;
  created_at: Timestamp;
  /** When the courier's device made it, for one queued offline; null otherwise. */
  device_at: Timestamp | null;
}

/** The proof of a delivered order: the recipient, and the code or a photo (docs/decisions/032). */
export interface OrderProofsTable {
  order_id: number;
  recipient_name: string;
  method: ProofMethod;
  photo: Buffer | null;
  photo_type: ProofPhotoType | null;
  actor_id: number;
  /** When the server received it. */
  created_at: Timestamp;
  /** When the courier's device took it, for a delivery made offline. */
  device_at: Timestamp | null;
}

/** Each status a customer order took and when, oldest first by id. */
/** A customer's remembered delivery address (docs/product/data.md#customer-address). */
export interface CustomerAddressesTable {
  id: Generated<number>;
  customer_id: number;
  shipping_address: string;
  pin_code: string;
  location_type: LocationType;
  phone_number: string;
  created_at: Timestamp;
  last_used_at: Timestamp;
}

export interface OrderStatusChangesTable {
  id: Generated<number>;
  order_id: number;
  status: OrderStatus;
  /** Who changed it; null for the rows the migration filled in. */
  actor_id: number | null;
  /** When the server received the change. */
  created_at: Timestamp;
  /** When the courier's device made it, for a change queued offline; null otherwise. */
  device_at: Timestamp | null;
  /** A manager's reason, on the step that reopened a Delivered or Returned order; null otherwise. */
  reopen_reason: string | null;
}

/**
 * The Inventory Managers whose stock a customer order holds, one row each, written when it is
 * placed: the orders a manager reaches (docs/decisions/025-a-manager-reaches-the-orders-of-their-stock.md).
 */
export interface OrderManagersTable {
  manager_id: number;
  order_id: number;
}

/** An order line with the stock row's name, price and weight copied at order time. */
export interface OrderItemsTable {
  id: Generated<number>;
  order_id: number;
  stock_id: number;
  product_name: string;
  quantity: number;
  price_cents: number;
  weight_grams: number;
}

/** One Idempotency-Key of one user: 'running' while the first request works, then its answer. */
export interface IdempotencyKeysTable {
  id: Generated<number>;
  user_id: number;
  key: string;
  request_hash: string;
  status: 'running' | 'done';
  response_status: number | null;
  response_body: string | null;
  created_at: Timestamp;
}

/** A product of a supplier's catalogue; price in cents, weight in grams. */
export interface SupplierProductsTable {
  id: Generated<number>;
  supplier_id: number;
  name: string;
  price_cents: number;
  weight_grams: number;
  quantity: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** The supplier's own code for the product, unique in their catalogue; null when none. */
  sku: string | null;
  /** When the supplier discontinued it; null while managers may order it. */
  discontinued_at: Timestamp | null;
}

/** An Inventory Manager's order to one supplier; totals are summed from its lines. */
export interface SupplyOrdersTable {
  id: Generated<number>;
  inventory_manager_id: number;
  supplier_id: number;
  /** The parties' names, kept with the order for its list's sorts; rewritten on a rename. */
  supplier_name: string;
  inventory_manager_name: string;
  address: string;
  mobile_number: string;
  status: SupplyOrderStatus;
  /** Set by the supplier; null until then ('Waiting for update'). */
  expected_delivery_time: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  /** When it became Delivered; null for every other status. */
  delivered_at: Timestamp | null;
  /** Its lines' units and price × units, written with the lines, which never change. */
  total_quantity: number;
  total_cost_cents: number;
}

/** A supply order line with the product's name, price and weight copied at order time. */
export interface SupplyOrderItemsTable {
  id: Generated<number>;
  order_id: number;
  product_id: number;
  product_name: string;
  quantity: number;
  price_cents: number;
  weight_grams: number;
  /** Units delivered so far, up to quantity (docs/product/business-rules.md#partial-deliveries). */
  delivered_quantity: Generated<number>;
}

/** A live event too large for a NOTIFY, kept briefly for the other instances to read. */
export interface LiveEventsTable {
  id: Generated<number>;
  /** The event as JSON. */
  payload: string;
  created_at: Timestamp;
}

/**
 * Orders created on one UTC day ('YYYY-MM-DD') and how many of them are Delivered now; kept in the
 * transactions that place orders and change their status, read by the analytics reports.
 */
export interface OrderDailyStatsTable {
  day: string;
  total_orders: number;
  delivered_orders: number;
  /** Orders of the day that count as sales: not in NOT_COUNTED_ORDER_STATUSES (not Cancelled nor Returned). */
  counted_orders: number;
  /** The items' value of those orders, in cents (docs/product/business-rules.md#money-on-the-overview). */
  revenue_cents: number;
}

/** Units of one stock item sold on one UTC day, kept in the order-placing transaction. */
export interface ProductDailySalesTable {
  day: string;
  stock_id: number;
  units: number;
}

/** The same units added up per month ('YYYY-MM'): a report's whole months read these. */
export interface ProductMonthlySalesTable {
  month: string;
  stock_id: number;
  units: number;
}

/** Units each supplier delivered on one UTC day, kept in the transaction that marks an order Delivered. */
export interface SupplierDailyDeliveriesTable {
  day: string;
  supplier_id: number;
  units: number;
}

/**
 * One state change of the audit trail, written in the changing transaction; append-only (the
 * database refuses UPDATE and DELETE). before/after are JSON text, never secrets.
 */
export interface AuditEventsTable {
  id: Generated<number>;
  occurred_at: Timestamp;
  /** Null when nobody was logged in (a failed login, a reset requested by email). */
  actor_id: number | null;
  actor_role: Role | null;
  action: AuditAction;
  entity_type: AuditEntityType;
  entity_id: number | null;
  before: string | null;
  after: string | null;
  request_id: string | null;
  /**
   * Set on a supplier account's or catalogue's events: the managers working with that supplier
   * (who opened the account or ordered from it) may read them too.
   */
  supplier_id: number | null;
}

/**
 * A user who may read an audit event in Activity: one it concerns, its actor, or a manager working
 * with the supplier it is about. It carries copies of what Activity sorts and filters by, so a
 * reader's page is one index range; append-only like the events.
 */
export interface AuditEventViewersTable {
  user_id: number;
  event_id: number;
  occurred_at: Timestamp;
  action: AuditAction;
  entity_type: AuditEntityType;
  actor_id: number | null;
}

/** The suppliers a manager works with: opened the account of, or ordered from. */
export interface ManagerSuppliersTable {
  supplier_id: number;
  manager_id: number;
}

/**
 * A mail to send, written in the transaction of the change it tells of and sent after commit
 * (docs/decisions/023-mail-outbox.md). A sender claims a row by setting claim_token and
 * claimed_until; another may take it over only once claimed_until has passed.
 */
export interface MailOutboxTable {
  id: Generated<number>;
  /** Which template: `order_placed`, `order_in_transit`, … (modules/mail-outbox/templates.ts). */
  kind: string;
  /** Whom it goes to: their email as it is when the mail is sent. */
  user_id: number;
  order_id: number | null;
  created_at: Timestamp;
  /** Not sent before then: the time of the change, then later after each failed attempt. */
  next_attempt_at: Timestamp;
  /** Claims so far, a claim by an instance that died included. */
  attempts: Generated<number>;
  claim_token: string | null;
  claimed_until: Timestamp | null;
  sent_at: Timestamp | null;
  /** Set after the last allowed attempt failed: it is not tried again. */
  given_up_at: Timestamp | null;
  last_error: string | null;
}

/** A stock item's reorder rule (docs/product/business-rules.md#reorder-rules). */
export interface ReorderRulesTable {
  stock_id: number;
  inventory_manager_id: number;
  reorder_level: number;
  /** Exactly one of order_quantity and order_up_to is set. */
  order_quantity: number | null;
  order_up_to: number | null;
  /** The preferred supplier product: deliveries of it go into this item. */
  supplier_product_id: number | null;
  updated_at: Timestamp;
}

/** A manager's automatic drafting switch. */
export interface ReorderSettingsTable {
  inventory_manager_id: number;
  automatic: number;
  updated_at: Timestamp;
}

/** A drafted supply order: the manager's only, one per manager and supplier (docs/decisions/026). */
export interface SupplyOrderDraftsTable {
  id: Generated<number>;
  inventory_manager_id: number;
  supplier_id: number;
  address: string | null;
  mobile_number: string | null;
  /** 1 when the scheduled job drafted it. */
  automatic: Generated<number>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SupplyOrderDraftLinesTable {
  draft_id: number;
  product_id: number;
  stock_id: number | null;
  quantity: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  attempt_limits: AttemptLimitsTable;
  known_login_addresses: KnownLoginAddressesTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_change_tokens: EmailChangeTokensTable;
  notifications: NotificationsTable;
  stocks: StocksTable;
  stock_movements: StockMovementsTable;
  stock_movement_tallies: StockMovementTalliesTable;
  stock_counts: StockCountsTable;
  orders: OrdersTable;
  order_items: OrderItemsTable;
  order_status_changes: OrderStatusChangesTable;
  order_attempts: OrderAttemptsTable;
  order_proofs: OrderProofsTable;
  order_managers: OrderManagersTable;
  idempotency_keys: IdempotencyKeysTable;
  supplier_products: SupplierProductsTable;
  supply_orders: SupplyOrdersTable;
  supply_order_items: SupplyOrderItemsTable;
  live_events: LiveEventsTable;
  order_daily_stats: OrderDailyStatsTable;
  product_daily_sales: ProductDailySalesTable;
  product_monthly_sales: ProductMonthlySalesTable;
  supplier_daily_deliveries: SupplierDailyDeliveriesTable;
  audit_events: AuditEventsTable;
  audit_event_viewers: AuditEventViewersTable;
  manager_suppliers: ManagerSuppliersTable;
  mail_outbox: MailOutboxTable;
  reorder_rules: ReorderRulesTable;
  reorder_settings: ReorderSettingsTable;
  supply_order_drafts: SupplyOrderDraftsTable;
  supply_order_draft_lines: SupplyOrderDraftLinesTable;
  customer_addresses: CustomerAddressesTable;
}

/** What a query runs on: the database, or a transaction of it. */
export type Executor = Kysely<Database> | Transaction<Database>;

/** Whether the executor runs on PostgreSQL, for the few statements that differ by dialect. */
export const isPostgres = (db: Executor) => db.getExecutor().adapter instanceof PostgresAdapter;
