import { type Compilable, CompiledQuery, type DialectAdapter, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema';

/** Where a query's argument goes while it is compiled; replaced by the argument's value when it runs. */
class Placeholder {
  constructor(readonly name: string) {}
}

interface Compiled {
  sql: string;
  /** Per parameter: the argument it takes, or the constant the builder wrote. */
  parameters: ReadonlyArray<Placeholder | unknown>;
}

/**
 * A Kysely query built and compiled once per dialect, then run with new argument values.
 *
 * Building a query and compiling it to SQL costs Kysely more than SQLite spends running a small
 * one: placing an order runs a dozen such statements, and their building was about a sixth of its
 * CPU time. `build` runs once per dialect with placeholders for `args`; the SQL it compiles to is
 * kept, and each run only fills the parameters in. So `build` may use each argument only as a value
 * (where, set, values): not branch on it, spread it, or pass an array where a list would expand.
 * Same query builder, so one definition still serves SQLite and PostgreSQL.
 */
export function compiledQuery<Args extends object, Row>(
  build: (db: Kysely<Database>, args: Args) => Compilable<Row>,
) {
  const byDialect = new WeakMap<DialectAdapter, Compiled>();
  const placeholders = new Proxy({} as Args, {
    get: (_target, name) => (typeof name === 'string' ? new Placeholder(name) : undefined),
  });

  function compiledFor(db: Kysely<Database>): Compiled {
    const adapter = db.getExecutor().adapter;
    let compiled = byDialect.get(adapter);
    if (!compiled) {
      const { sql, parameters } = build(db, placeholders).compile();
      compiled = { sql, parameters };
      byDialect.set(adapter, compiled);
    }
    return compiled;
  }

  return {
    async execute(db: Kysely<Database>, args: Args): Promise<QueryResult<Row>> {
      const { sql, parameters } = compiledFor(db);
      const values = parameters.map((parameter) => {
        if (!(parameter instanceof Placeholder)) return parameter;
        if (!(parameter.name in args)) throw new Error(`compiledQuery: no value for ${parameter.name}`);
        return (args as Record<string, unknown>)[parameter.name];
      });
      return db.executeQuery<Row>(CompiledQuery.raw(sql, values));
    },

    async executeTakeFirst(db: Kysely<Database>, args: Args): Promise<Row | undefined> {
      return (await this.execute(db, args)).rows[0];
    },

    /** The SQL as compiled for this database (tests read it). */
    sqlFor(db: Kysely<Database>): string {
      return compiledFor(db).sql;
    },
  };
}
