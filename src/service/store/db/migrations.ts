import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { LATER_MIGRATIONS } from './later-migrations';
import {
  addIndex,
  batchDeclaration,
  bytes,
  epochInteger,
  idTable,
  ownedTable,
  timeText,
  type Migration,
} from './migration-parts';

const initialSchema: Migration = async (db, dialect) => {
  const schema = db.schema;
  await schema
    .createTable('meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .execute();
  await idTable(db, 'accounts')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', timeText(dialect))
    .addColumn('last_created_us', epochInteger(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('revoked_at', 'text')
    .execute();
  await ownedTable(db, 'workflows', 'account_id', 'accounts.id')
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('prompt', 'text', (c) => c.notNull())
    .addColumn('name_given', 'integer', (c) => c.notNull())
    .addColumn('description_given', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().check(sql`status IN ('planning', 'ready', 'failed')`))
    .addColumn('planning_error', 'text')
    .addColumn('input_schema', 'text')
    .addColumn('steps', 'text')
    .addColumn('concurrency', 'text', (c) => c.check(sql`concurrency IN ('low', 'medium', 'high')`))
    .addColumn('created_at', 'text', timeText(dialect))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await addIndex(db, 'workflows_by_account', 'workflows', ['account_id', 'created_at']);
  await ownedTable(db, 'executions', 'account_id', 'accounts.id')
    .addColumn('workflow_id', 'text', (c) => c.notNull().references('workflows.id'))
    .addColumn('batch_id', 'text')
    .addColumn('batch_cap', 'integer')
    .addColumn('input', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status IN ('initial', 'processing', 'human_in_the_loop', 'finished', 'error')`),
    )
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('resume_step', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('elapsed_ms', epochInteger(dialect), (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', epochInteger(dialect))
    .addColumn('deadline', epochInteger(dialect))
    .addColumn('finished_at', 'text')
    .addColumn('error', 'text')
    .addColumn('created_at', 'text', timeText(dialect))
    .execute();
  const indexes: Array<[string, string[]]> = [
    ['executions_by_account', ['account_id', 'created_at']],
    ['executions_by_workflow', ['workflow_id', 'created_at']],
    ['executions_by_workflow_status', ['workflow_id', 'status', 'created_at']],
    ['executions_by_lane', ['workflow_id', 'batch_id', 'status', 'created_at']],
  ];
  for (const [name, columns] of indexes) await addIndex(db, name, 'executions', columns);
  await schema
    .createIndex('executions_processing')
    .on('executions')
    .column('status')
    .where(sql<boolean>`status = 'processing'`)
    .execute();
  await ownedTable(db, 'files', 'execution_id', 'executions.id')
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('data', bytes(dialect), (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('inline', 'integer', (c) => c.notNull())
    .addUniqueConstraint('files_execution_position', ['execution_id', 'position'])
    .execute();
};

/**
 * The ordered schema changes; a database records how many it has applied in the migrations table.
 * A new one goes at the end of LATER_MIGRATIONS (later-migrations.ts); none already shipped changes.
 */
export const MIGRATIONS: readonly Migration[] = [
  initialSchema,
  // The message a processing execution ends with at its next step boundary, once someone cancels it.
  async (db) => {
    await db.schema.alterTable('executions').addColumn('cancel_requested', 'text').execute();
  },
  // Run details (local extensions): when a run first started, each step's timing and outcome, and
  // an index for the account-wide list filtered by status.
  async (db, dialect) => {
    await db.schema.alterTable('executions').addColumn('first_started_at', 'text').execute();
    // Only SQLite can hold rows from before this migration; a PostgreSQL database starts empty.
    if (dialect === 'sqlite') {
      await sql`UPDATE executions SET first_started_at = strftime('%Y-%m-%dT%H:%M:%f000Z', started_at / 1000.0, 'unixepoch')
        WHERE started_at IS NOT NULL`.execute(db);
    }
    await db.schema
      .createTable('execution_steps')
      .addColumn('execution_id', 'text', (c) => c.notNull().references('executions.id'))
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('status', 'text', (c) =>
        c.notNull().check(sql`status IN ('processing', 'waiting', 'finished', 'error')`),
      )
      .addColumn('started_at', 'text', (c) => c.notNull())
      .addColumn('finished_at', 'text')
      .addColumn('error', 'text')
      .addPrimaryKeyConstraint('execution_steps_pkey', ['execution_id', 'position'])
      .$call((table) => (dialect === 'sqlite' ? table.modifyEnd(sql`WITHOUT ROWID`) : table))
      .execute();
    await addIndex(db, 'executions_by_account_status', 'executions', ['account_id', 'status', 'created_at']);
  },
  // Planning notes (local extension): what a prompt asks that the local service does not do, as JSON.
  async (db) => {
    await db.schema.alterTable('workflows').addColumn('planning_notes', 'text').execute();
  },
  // Replicas: who holds a processing execution and until when, the planner's lease on a workflow,
  // and rate-limit windows every replica counts in. SQLite adds one column per ALTER.
  async (db, dialect) => {
    const alter = [
      db.schema.alterTable('executions').addColumn('owner', 'text'),
      db.schema.alterTable('executions').addColumn('lease_until', epochInteger(dialect)),
      db.schema.alterTable('workflows').addColumn('planning_lease_until', epochInteger(dialect)),
      db.schema.alterTable('workflows').addColumn('planning_owner', 'text'),
    ];
    for (const statement of alter) await statement.execute();
    // claimNext: a seek per waiting batch and per lane head (see execution-claims.ts).
    await addIndex(db, 'executions_claim', 'executions', ['workflow_id', 'status', 'batch_id', 'created_at']);
    await db.schema
      .createTable('rate_windows')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('window_start', epochInteger(dialect), (c) => c.notNull())
      .addColumn('count', 'integer', (c) => c.notNull())
      .execute();
  },
  // Where each account's key came from, so start-up revokes only the WORKFLOW_API_KEYS keys that have
  // left the variable. Accounts made before are recognized by the names provisioning and the dev key gave them.
  async (db) => {
    await db.schema
      .alterTable('accounts')
      .addColumn('source', 'text', (c) =>
        c
          .notNull()
          .defaultTo('command')
          .check(sql`source IN ('environment', 'command', 'developer')`),
      )
      .execute();
    await sql`UPDATE accounts SET source = 'environment' WHERE substr(name, 1, 19) = 'WORKFLOW_API_KEYS #'`.execute(db);
    await sql`UPDATE accounts SET source = 'developer'
      WHERE id = (SELECT value FROM meta WHERE key = 'dev_account_id')`.execute(db);
  },
  // Writing steps: what the model wrote for a step (reused when the step is replayed, so a step is
  // billed once), for which request (a digest), and which model wrote it with how many tokens.
  async (db) => {
    const columns: Array<[string, 'text' | 'integer']> = [
      ['written_text', 'text'],
      ['written_request', 'text'],
      ['model', 'text'],
      ['prompt_tokens', 'integer'],
      ['completion_tokens', 'integer'],
    ];
    for (const [name, type] of columns) await db.schema.alterTable('execution_steps').addColumn(name, type).execute();
  },
  // Keys of their own, so several people (each with a named key) share one account. Every account's
  // key moves in as its first key, revoked if the account was, so existing keys keep working.
  async (db, dialect) => {
    await ownedTable(db, 'api_keys', 'account_id', 'accounts.id')
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('key_hash', 'text', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', timeText(dialect))
      .addColumn('created_by', 'text', (c) => c.references('api_keys.id'))
      .addColumn('last_used_at', 'text')
      .addColumn('revoked_at', 'text')
      .addColumn('source', 'text', (c) =>
        c.notNull().check(sql`source IN ('environment', 'command', 'developer', 'dashboard')`),
      )
      .execute();
    await addIndex(db, 'api_keys_by_account', 'api_keys', ['account_id', 'created_at']);
    const accounts = await db
      .selectFrom('accounts')
      .select(['id', 'name', 'key_hash', 'created_at', 'revoked_at', 'source'])
      .execute();
    for (const account of accounts) {
      await db
        .insertInto('api_keys')
        .values({
          id: randomUUID(),
          account_id: account.id,
          name: account.name,
          key_hash: account.key_hash,
          created_at: account.created_at,
          created_by: null,
          revoked_at: account.revoked_at,
          source: account.source,
        })
        .execute();
    }
  },
  // Who did what (local extension): the key that started a run, the key that approved or rejected
  // it (with the comment and when), the key that cancelled it and when; key ids, so a renamed or
  // revoked key still reads under the name it has. Indexes serve the account-wide list filtered by
  // who started a run or by batch.
  async (db) => {
    const columns = [
      'started_by',
      'decided_by',
      'decision',
      'decision_comment',
      'decided_at',
      'cancelled_by',
      'cancelled_at',
    ];
    for (const name of columns) await db.schema.alterTable('executions').addColumn(name, 'text').execute();
    await addIndex(db, 'executions_by_account_starter', 'executions', ['account_id', 'started_by', 'created_at']);
    await addIndex(db, 'executions_by_account_batch', 'executions', ['account_id', 'batch_id', 'created_at']);
  },
  // Batches kept on the server, so everyone on the account sees them: where each came from and who
  // started it, and which execution ran each row at each attempt (a re-run is the row's next attempt).
  async (db, dialect) => {
    await batchDeclaration(ownedTable(db, 'batches', 'account_id', 'accounts.id'), dialect).execute();
    await addIndex(db, 'batches_by_account', 'batches', ['account_id', 'created_at']);
    await db.schema
      .createTable('batch_rows')
      .addColumn('batch_id', 'text', (c) => c.notNull().references('batches.id'))
      .addColumn('row_index', 'integer', (c) => c.notNull())
      .addColumn('attempt', 'integer', (c) => c.notNull())
      .addColumn('execution_id', 'text', (c) => c.notNull().references('executions.id'))
      .addColumn('latest', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('batch_rows_pk', ['batch_id', 'row_index', 'attempt'])
      .execute();
    await addIndex(db, 'batch_rows_latest', 'batch_rows', ['batch_id', 'latest', 'row_index']);
  },
  // Retention: an account's own age and count limits for its ended runs (null: the service's), and
  // the indexes the cleaner seeks by: ended runs per account by when they ended, batch rows by run.
  async (db) => {
    await db.schema.alterTable('accounts').addColumn('retention_days', 'integer').execute();
    await db.schema.alterTable('accounts').addColumn('retention_max_runs', 'integer').execute();
    await addIndex(db, 'executions_ended_by_account', 'executions', ['account_id', 'finished_at']);
    await addIndex(db, 'batch_rows_by_execution', 'batch_rows', ['execution_id']);
  },
  ...LATER_MIGRATIONS,
];
