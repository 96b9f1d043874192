import type { CreateTableBuilder } from 'kysely';
import type { Dialect } from './database';

export interface MigrationContext {
  dialect: Dialect;
}

/** An integer primary key that the database numbers itself, in either dialect. */
export function addIdColumn<T extends string>(builder: CreateTableBuilder<T, never>, dialect: Dialect) {
  return builder.addColumn('id', 'integer', (c) =>
    dialect === 'postgres' ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey().autoIncrement(),
  );
}
