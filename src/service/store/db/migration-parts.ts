import { sql, type ColumnDataType, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely';
import type { StoreDialect } from './dialect';
import type { Database } from './schema';

/**
 * The pieces the migrations build tables from. A migration already applied in someone's database
 * must keep producing the same schema, so a piece changes only by adding a new one beside it.
 */
export type Migration = (db: Kysely<Database>, dialect: StoreDialect) => Promise<void>;

/** Milliseconds and microseconds since the epoch outgrow PostgreSQL's 4-byte INTEGER. */
export const epochInteger = (dialect: StoreDialect): ColumnDataType => (dialect === 'postgres' ? 'bigint' : 'integer');
export const bytes = (dialect: StoreDialect): ColumnDataType => (dialect === 'postgres' ? 'bytea' : 'blob');

/**
 * created_at is a fixed-width ISO string whose byte order is time order: compare it bytewise on
 * PostgreSQL too (SQLite always does), whatever the cluster's default collation.
 */
export const timeText =
  (dialect: StoreDialect) =>
  (column: ColumnDefinitionBuilder): ColumnDefinitionBuilder =>
    dialect === 'postgres' ? column.notNull().modifyEnd(sql`COLLATE "C"`) : column.notNull();

/** A new table keyed by a text id. */
export const idTable = (db: Kysely<Database>, name: string) =>
  db.schema.createTable(name).addColumn('id', 'text', (c) => c.primaryKey());

/** A new table keyed by a text id whose rows each belong to a row of another table (`references`: 'table.id'). */
export const ownedTable = <C extends string>(db: Kysely<Database>, name: string, column: C, references: string) =>
  idTable(db, name).addColumn(column, 'text', (c) => c.notNull().references(references));

/** An index on `table`'s `columns`, in that order. */
export const addIndex = (db: Kysely<Database>, name: string, table: string, columns: string[]) =>
  db.schema.createIndex(name).on(table).columns(columns).execute();

/**
 * What a batch's declaration keeps, after its id and account: the first batches table and its
 * account-scoped rebuild have the same columns.
 */
export const batchDeclaration = <T extends string, C extends string>(
  table: CreateTableBuilder<T, C>,
  dialect: StoreDialect,
) =>
  table
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id'))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('columns', 'text', (c) => c.notNull())
    .addColumn('mapping', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('started_by', 'text', (c) => c.references('api_keys.id'))
    .addColumn('created_at', 'text', timeText(dialect));
