import type { ColumnDefinitionBuilder } from 'kysely';
import type { Migration } from 'kysely/migration';

export type Engine = 'sqlite' | 'postgres';

/** A concern's schema changes, named so that they sort in the order they must run. */
export type MigrationSet = (engine: Engine) => Record<string, Migration>;

/** An auto-numbered primary key in either engine: `.addColumn('id', idType(engine), idKey(engine))`. */
export function idType(engine: Engine) {
  return engine === 'postgres' ? ('serial' as const) : ('integer' as const);
}

export function idKey(engine: Engine) {
  return (column: ColumnDefinitionBuilder) =>
    engine === 'sqlite' ? column.primaryKey().autoIncrement() : column.primaryKey();
}
