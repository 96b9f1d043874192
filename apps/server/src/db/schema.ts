import type { Role } from '@depot/contract';
import type { Generated } from 'kysely';

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
}

export interface SessionsTable {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface LoginFailuresTable {
  id: Generated<number>;
  email: string;
  ip: string;
  created_at: Timestamp;
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
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_failures: LoginFailuresTable;
  password_reset_tokens: PasswordResetTokensTable;
  notifications: NotificationsTable;
  stocks: StocksTable;
}
