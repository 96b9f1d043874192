import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countProducts } from '../../modules/supplier-products/repository';
import { createTestDatabase, testDialect } from '../../test/test-app';
import type { Database } from '../schema';
import { orderableProductsIndexMigration } from './2026-12-19-orderable-products-index';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('the orderable products index', () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<unknown>;
    await sql`insert into users (id, role, name, email, password_hash, created_at)
      values (4, 'Supplier', 'Sharma Timber', 's@example.com', 'x', '2026-06-15T10:00:00.000Z')`.execute(db);
    await sql`insert into supplier_products (supplier_id, name, price_cents, weight_grams, quantity, created_at, updated_at, discontinued_at)
      values (4, 'Teak plank', 900, 2000, 5, '2026-06-15', '2026-06-15', null),
             (4, 'Oak plank', 800, 2000, 5, '2026-06-15', '2026-06-15', '2026-06-16'),
             (4, 'Pine plank', 500, 2000, 5, '2026-06-15', '2026-06-15', null)`.execute(db);
  });
  afterAll(() => database.drop());

  it('is dropped and made again, and a manager narrowed to a supplier counts only what can be ordered', async () => {
    const migration = orderableProductsIndexMigration();
    await migration.down(db);
    await migration.up(db);
    const count = (orderableOnly: boolean) =>
      countProducts(
        database.db as Kysely<Database>,
        { reach: 'all', supplierId: 4, orderableOnly },
        undefined,
      );
    expect(await count(true)).toBe(2);
    expect(await count(false)).toBe(3);
  });

  it('on SQLite, finds the rows of that count through the index of orderable products', async () => {
    if (testDialect !== 'sqlite') return;
    const plan = await sql<{ detail: string }>`explain query plan
      select count(*) from supplier_products
      where supplier_products.supplier_id = ${4} and supplier_products.discontinued_at is null`.execute(db);
    expect(plan.rows.map((row) => row.detail).join(' | ')).toContain(
      'USING INDEX supplier_products_supplier_orderable_idx',
    );
  });
});
