import type { ColumnType } from 'kysely';

/** A column that may be null, which an insert may leave out (it is then null). */
export type Nullable<T> = ColumnType<T | null, T | null | undefined>;
