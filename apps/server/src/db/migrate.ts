import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator, sql } from 'kysely';
import type { Dialect } from './database';
import type { MigrationContext } from './migration-helpers';
import { accountsMigration } from './migrations/2026-11-22-accounts';
import { stockAndSuppliersMigration } from './migrations/2026-11-23-stock-and-suppliers';
import { ordersMigration } from './migrations/2026-11-24-orders';
import { replenishmentMigration } from './migrations/2026-11-25-replenishment';
import { liveEventsMigration } from './migrations/2026-11-26-live-events';
import { reportSummariesMigration } from './migrations/2026-11-26-report-summaries';
import { supplierDeliveriesMigration } from './migrations/2026-11-27-supplier-deliveries';
import { auditEventsMigration } from './migrations/2026-11-28-audit-events';
import { idempotencyKeysByUserMigration } from './migrations/2026-11-28-idempotency-keys-by-user';
import { leanerOrderWritesMigration } from './migrations/2026-11-29-leaner-order-writes';
import { supplyOrderNamesMigration } from './migrations/2026-11-30-supply-order-names';
import { supplyOrderTotalsMigration } from './migrations/2026-11-30-supply-order-totals';
import { listIndexesMigration } from './migrations/2026-12-01-list-indexes';
import { listSortsAndSearchMigration } from './migrations/2026-12-02-list-sorts-and-search';
import { accountsOfTheirOwnersMigration } from './migrations/2026-12-03-accounts-of-their-owners';
import { activityByReaderMigration } from './migrations/2026-12-03-activity-by-reader';
import { attemptLimitsMigration } from './migrations/2026-12-03-attempt-limits';
import { stockMovementsMigration } from './migrations/2026-12-04-stock-movements';
import { partialDeliveriesMigration } from './migrations/2026-12-05-partial-deliveries';
import { stockCountsMigration } from './migrations/2026-12-05-stock-counts';
import { stockMovementTalliesMigration } from './migrations/2026-12-05-stock-movement-tallies';
import { skusMigration } from './migrations/2026-12-06-skus';
import { orderFollowingMigration } from './migrations/2026-12-07-order-following';
import { notificationSearchMigration } from './migrations/2026-12-08-notification-search';
import { mailOutboxMigration } from './migrations/2026-12-09-mail-outbox';
import { customerAddressesMigration } from './migrations/2026-12-10-customer-addresses';
import { overviewsMigration } from './migrations/2026-12-10-overviews';
import { orderManagersMigration } from './migrations/2026-12-11-order-managers';
import { reorderRulesMigration } from './migrations/2026-12-12-reorder-rules';
import { discontinuedProductsMigration } from './migrations/2026-12-13-discontinued-products';
import { deviceTimesMigration } from './migrations/2026-12-15-device-times';
import { failedAttemptsAndReturnsMigration } from './migrations/2026-12-16-failed-attempts-and-returns';
import { deliveryProofsMigration } from './migrations/2026-12-17-delivery-proofs';
import { orderRevenueMigration } from './migrations/2026-12-18-order-revenue';
import { orderableProductsIndexMigration } from './migrations/2026-12-19-orderable-products-index';
import { sessionChangeNoticesMigration } from './migrations/2026-12-20-session-change-notices';

/** Migrations in the order they run; names are dated so the order is plain to read. */
const migrations: Record<string, (context: MigrationContext) => Migration> = {
  '2026-11-22-accounts': accountsMigration,
  '2026-11-23-stock-and-suppliers': stockAndSuppliersMigration,
  '2026-11-24-orders': ordersMigration,
  '2026-11-25-replenishment': replenishmentMigration,
  '2026-11-26-live-events': liveEventsMigration,
  '2026-11-26-report-summaries': reportSummariesMigration,
  '2026-11-27-supplier-deliveries': supplierDeliveriesMigration,
  '2026-11-28-audit-events': auditEventsMigration,
  '2026-11-28-idempotency-keys-by-user': idempotencyKeysByUserMigration,
  '2026-11-29-leaner-order-writes': leanerOrderWritesMigration,
  '2026-11-30-supply-order-names': supplyOrderNamesMigration,
  '2026-11-30-supply-order-totals': supplyOrderTotalsMigration,
  '2026-12-01-list-indexes': listIndexesMigration,
  '2026-12-02-list-sorts-and-search': listSortsAndSearchMigration,
  '2026-12-03-accounts-of-their-owners': accountsOfTheirOwnersMigration,
  '2026-12-03-activity-by-reader': activityByReaderMigration,
  '2026-12-03-attempt-limits': attemptLimitsMigration,
  '2026-12-04-stock-movements': stockMovementsMigration,
  '2026-12-05-stock-movement-tallies': stockMovementTalliesMigration,
  '2026-12-05-stock-counts': stockCountsMigration,
  '2026-12-05-partial-deliveries': partialDeliveriesMigration,
  '2026-12-06-skus': skusMigration,
  '2026-12-07-order-following': orderFollowingMigration,
  '2026-12-08-notification-search': notificationSearchMigration,
  '2026-12-09-mail-outbox': mailOutboxMigration,
  '2026-12-10-customer-addresses': customerAddressesMigration,
  '2026-12-10-overviews': overviewsMigration,
  '2026-12-11-order-managers': orderManagersMigration,
  '2026-12-12-reorder-rules': reorderRulesMigration,
  '2026-12-13-discontinued-products': discontinuedProductsMigration,
  '2026-12-15-device-times': deviceTimesMigration,
  '2026-12-16-failed-attempts-and-returns': failedAttemptsAndReturnsMigration,
  '2026-12-17-delivery-proofs': deliveryProofsMigration,
  '2026-12-18-order-revenue': orderRevenueMigration,
  '2026-12-19-orderable-products-index': orderableProductsIndexMigration,
  '2026-12-20-session-change-notices': sessionChangeNoticesMigration,
};

export async function migrateToLatest(db: Kysely<unknown>, dialect: Dialect): Promise<void> {
  const provider: MigrationProvider = {
    getMigrations: async () =>
      Object.fromEntries(Object.entries(migrations).map(([name, create]) => [name, create({ dialect })])),
  };
  // Kysely looks for its bookkeeping tables in every schema; without naming ours, a database
  // holding another Depot schema (tests, a second tenant) would make it skip creating them here.
  const migrationTableSchema =
    dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
      : undefined;
  const { error, results } = await new Migrator({ db, provider, migrationTableSchema }).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
