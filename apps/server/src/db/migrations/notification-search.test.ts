import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialect } from '../../test/test-app';
import { notificationSearchMigration } from './2026-12-08-notification-search';

type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;

describe('the notification search migration', () => {
  let database: TestDatabase;
  let db: Kysely<unknown>;

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db as Kysely<unknown>;
    await sql`insert into users (id, role, name, email, password_hash, created_at)
      values (1, 'Customer', 'Rohan Mehta', 'c@example.com', 'x', '2026-06-15T10:00:00.000Z')`.execute(db);
    await sql`insert into notifications (id, user_id, title, message, created_at)
      values (5, 1, 'In Transit', 'Order #123 is now In Transit', '2026-06-15T10:00:00.000Z')`.execute(db);
  });
  afterAll(() => database.drop());

  it('on SQLite, indexes the notifications there already are, and those written or deleted later', async () => {
    const migration = notificationSearchMigration({ dialect: database.dialect });
    await migration.down(db);
    await migration.up(db);
    // PostgreSQL searches notifications through its trigram index (2026-12-01-list-indexes).
    if (testDialect !== 'sqlite') return;
    const found = async (text: string) =>
      (
        await sql<{ rowid: number }>`select rowid from notifications_search
          where notifications_search match ${`{title message} : "${text}"`}`.execute(db)
      ).rows.map((row) => Number(row.rowid));
    expect(await found('order #12')).toEqual([5]);
    await sql`insert into notifications (id, user_id, title, message, created_at)
      values (6, 1, 'Delivered', 'Order #124 is now Delivered', '2026-06-16T10:00:00.000Z')`.execute(db);
    expect(await found('delivered')).toEqual([6]);
    await sql`delete from notifications where id = 5`.execute(db);
    expect(await found('#123')).toEqual([]);
  });
});
