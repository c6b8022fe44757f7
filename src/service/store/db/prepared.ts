import type { CompiledQuery, Compilable, Kysely } from 'kysely';
import type { StoreDialect } from './dialect';
import type { Database } from './schema';
import type { StoreContext } from './context';

/** Marks a parameter's slot while the query is compiled once; no stored value starts with NUL. */
const SLOT = '\u0000slot:';

interface Template {
  compiled: CompiledQuery;
  /** For each bound parameter: the index of the caller's argument, or -1 for a constant. */
  slots: number[];
}

/**
 * A query built with Kysely once per dialect and then run with new arguments, skipping the build
 * and compile that otherwise cost more than the SQLite read itself; on an idle SQLite connection
 * it also skips Kysely's connection handling, and on PostgreSQL outside a transaction it runs as a
 * named prepared statement, parsed and planned once per connection. For the hot reads only; the
 * query must use each argument as a plain bound value.
 */
export class PreparedQuery<A extends readonly unknown[], R> {
  private readonly templates = new Map<StoreDialect, Template>();

  constructor(private readonly build: (db: Kysely<Database>, ...args: A) => Compilable<R>) {}

  private template(ctx: StoreContext, arity: number): Template {
    let template = this.templates.get(ctx.dialect);
    if (template === undefined) {
      const placeholders = Array.from({ length: arity }, (_, i) => `${SLOT}${i}`) as unknown as A;
      const compiled = this.build(ctx.db, ...placeholders).compile();
      const slots = compiled.parameters.map((value) =>
        typeof value === 'string' && value.startsWith(SLOT) ? Number(value.slice(SLOT.length)) : -1,
      );
      template = { compiled, slots };
      this.templates.set(ctx.dialect, template);
    }
    return template;
  }

  async all(ctx: StoreContext, ...args: A): Promise<R[]> {
    const { compiled, slots } = this.template(ctx, args.length);
    const parameters = slots.map((slot, i) => (slot === -1 ? compiled.parameters[i] : args[slot]));
    const rows = ctx.readIfIdle?.(compiled.sql, parameters);
    if (rows !== undefined) return rows as R[];
    if (ctx.runPrepared) return (await ctx.runPrepared(compiled.sql, parameters)) as R[];
    const result = await ctx.db.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  }

  async first(ctx: StoreContext, ...args: A): Promise<R | undefined> {
    return (await this.all(ctx, ...args))[0];
  }
}
