import { sql } from 'kysely';
import { liquidTemplates } from './legacy-templates/liquid-templates';
import { addIndex, batchDeclaration, timeText, type Migration } from './migration-parts';

// Roles: keys from the operator (WORKFLOW_API_KEYS, `npm run keys`, the development key) are
// admins; keys made in the dashboard are members. A record of every change to an account's retention.
export const rolesAndRetentionChanges: Migration = async (db, dialect) => {
  await db.schema
    .alterTable('api_keys')
    .addColumn('role', 'text', (c) =>
      c
        .notNull()
        .defaultTo('member')
        .check(sql`role IN ('admin', 'member')`),
    )
    .execute();
  await sql`UPDATE api_keys SET role = 'admin' WHERE source <> 'dashboard'`.execute(db);
  await db.schema
    .createTable('retention_changes')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('changed_at', 'text', timeText(dialect))
    .addColumn('changed_by', 'text', (c) => c.references('api_keys.id'))
    .addColumn('from_days', 'integer')
    .addColumn('from_max_runs', 'integer')
    .addColumn('to_days', 'integer')
    .addColumn('to_max_runs', 'integer')
    .execute();
  await addIndex(db, 'retention_changes_by_account', 'retention_changes', ['account_id', 'changed_at']);
};

// Batch ids are the client's and belong to its account: two accounts may use the same id, and
// neither learns of the other's. The tables are rebuilt keyed by (account, id); SQLite cannot
// change a primary key in place.
export const accountScopedBatches: Migration = async (db, dialect) => {
  for (const index of ['batches_by_account', 'batch_rows_latest', 'batch_rows_by_execution'])
    await db.schema.dropIndex(index).execute();
  await db.schema.alterTable('batch_rows').renameTo('batch_rows_global').execute();
  await db.schema.alterTable('batches').renameTo('batches_global').execute();
  const scoped = db.schema
    .createTable('batches')
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'));
  await batchDeclaration(scoped, dialect)
    .addPrimaryKeyConstraint('batches_account_id_pk', ['account_id', 'id'])
    .execute();
  await db.schema
    .createTable('batch_rows')
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('batch_id', 'text', (c) => c.notNull())
    .addColumn('row_index', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('execution_id', 'text', (c) => c.notNull().references('executions.id'))
    .addColumn('latest', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('batch_rows_account_pk', ['account_id', 'batch_id', 'row_index', 'attempt'])
    .addForeignKeyConstraint('batch_rows_batch_fk', ['account_id', 'batch_id'], 'batches', ['account_id', 'id'])
    .execute();
  await sql`INSERT INTO batches (id, account_id, workflow_id, file_name, columns, mapping, row_count, started_by, created_at)
    SELECT id, account_id, workflow_id, file_name, columns, mapping, row_count, started_by, created_at FROM batches_global`.execute(
    db,
  );
  await sql`INSERT INTO batch_rows (account_id, batch_id, row_index, attempt, execution_id, latest)
    SELECT b.account_id, r.batch_id, r.row_index, r.attempt, r.execution_id, r.latest
    FROM batch_rows_global r JOIN batches_global b ON b.id = r.batch_id`.execute(db);
  await db.schema.dropTable('batch_rows_global').execute();
  await db.schema.dropTable('batches_global').execute();
  await addIndex(db, 'batches_by_account', 'batches', ['account_id', 'created_at']);
  await addIndex(db, 'batch_rows_latest', 'batch_rows', ['account_id', 'batch_id', 'latest', 'row_index']);
  await addIndex(db, 'batch_rows_by_execution', 'batch_rows', ['execution_id']);
};

/**
 * The migrations after those listed in migrations.ts, in order: a new one is written above (or in a
 * folder of its own, with code only it uses) and added last here. liquidTemplates converts stored
 * plans' templates from the syntax before Liquid (see legacy-templates/).
 */
export const LATER_MIGRATIONS: readonly Migration[] = [rolesAndRetentionChanges, accountScopedBatches, liquidTemplates];
