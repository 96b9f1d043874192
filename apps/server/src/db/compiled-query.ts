import { type Compilable, CompiledQuery, type DialectAdapter, type Kysely, type QueryResult } from 'kysely';
import type { Database } from './schema';

/** Where a query's argument goes while it is compiled; replaced by the argument's value when it runs. */
class Placeholder {
  /** For a row list's argument "i.f" (compiledRowsQuery): row i, its field f. */
  readonly row: number;
  readonly field: string;
  constructor(readonly name: string) {
    const dot = name.indexOf('.');
    this.row = dot > 0 ? Number(name.slice(0, dot)) : -1;
    this.field = name.slice(dot + 1);
  }
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

  /** Runs the compiled statement with each placeholder's value as `argument` answers it. */
  function run(db: Kysely<Database>, argument: (placeholder: Placeholder) => unknown) {
    const { sql, parameters } = compiledFor(db);
    const values = parameters.map((parameter) =>
      parameter instanceof Placeholder ? argument(parameter) : parameter,
    );
    return db.executeQuery<Row>(CompiledQuery.raw(sql, values));
  }

  return {
    run,

    async execute(db: Kysely<Database>, args: Args): Promise<QueryResult<Row>> {
      return run(db, ({ name }) => {
        if (!(name in args)) throw new Error(`compiledQuery: no value for ${name}`);
        return (args as Record<string, unknown>)[name];
      });
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

/** Row counts compiled as they come: an order's lines, an event's readers, a batch of orders (32). Longer lists are built each time. */
const MOST_ROWS_COMPILED = 32;

/**
 * compiledQuery for a statement over a list of rows (a multi-row insert), whose SQL differs with
 * the list's length: compiled once per length, up to MOST_ROWS_COMPILED. `build` gets the rows to
 * use as values only, as compiledQuery's `build` its arguments, and must name each column it takes
 * from them (a row passed on whole has no columns to find).
 */
export function compiledRowsQuery<Item extends object, Row>(
  build: (db: Kysely<Database>, rows: Item[]) => Compilable<Row>,
) {
  const byLength = new Map<number, ReturnType<typeof compiledQuery<Record<string, unknown>, Row>>>();

  function queryFor(length: number) {
    let query = byLength.get(length);
    if (!query) {
      // Row i's field f is the argument named "i.f".
      query = compiledQuery((db, args: Record<string, unknown>) =>
        build(
          db,
          Array.from(
            { length },
            (_, index) =>
              new Proxy({} as Item, {
                get: (_target, name) => (typeof name === 'string' ? args[`${index}.${name}`] : undefined),
              }),
          ),
        ),
      );
      byLength.set(length, query);
    }
    return query;
  }

  return {
    async execute(db: Kysely<Database>, rows: Item[]): Promise<QueryResult<Row>> {
      if (rows.length > MOST_ROWS_COMPILED) return db.executeQuery(build(db, rows).compile());
      return queryFor(rows.length).run(db, ({ name, row, field }) => {
        const item = rows[row] as Record<string, unknown>;
        if (!(field in item)) throw new Error(`compiledRowsQuery: no value for ${name}`);
        return item[field];
      });
    },

    /** The SQL as compiled for this database and number of rows (tests read it). */
    sqlFor(db: Kysely<Database>, length: number): string {
      return queryFor(length).sqlFor(db);
    },
  };
}

/** Shapes compiled per query: beyond this, a shape is built each time (a bound on what is kept). */
const MOST_SHAPES = 100;

/**
 * compiledQuery for a query whose SQL takes one of several shapes, as a list page's does (its
 * sort, whose rows the caller reaches): compiled once per shape, named by `keyOf`, and run with the
 * arguments as values. `build` may branch on the shape; `args` it may use only as compiledQuery's
 * `build` may.
 */
export function compiledShapes<Shape, Args extends object, Row>(
  keyOf: (shape: Shape) => string,
  build: (db: Kysely<Database>, shape: Shape, args: Args) => Compilable<Row>,
) {
  const byKey = new Map<string, ReturnType<typeof compiledQuery<Args, Row>>>();
  return {
    execute(db: Kysely<Database>, shape: Shape, args: Args): Promise<QueryResult<Row>> {
      const key = keyOf(shape);
      let query = byKey.get(key);
      if (!query) {
        if (byKey.size >= MOST_SHAPES) return db.executeQuery(build(db, shape, args).compile());
        query = compiledQuery((compiling, placeholders: Args) => build(compiling, shape, placeholders));
        byKey.set(key, query);
      }
      return query.execute(db, args);
    },
  };
}
