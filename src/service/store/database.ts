import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

export type Db = Database.Database;

/** Ordered schema changes; a database records how many it has applied in the migrations table. */
const MIGRATIONS: string[] = [
  `
  CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

  CREATE TABLE accounts (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    key_hash TEXT NOT NULL UNIQUE,
    created_at TEXT NOT NULL,
    last_created_us INTEGER NOT NULL DEFAULT 0,
    revoked_at TEXT
  );

  CREATE TABLE workflows (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    name TEXT NOT NULL,
    description TEXT NOT NULL,
    prompt TEXT NOT NULL,
    name_given INTEGER NOT NULL,
    description_given INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('planning', 'ready', 'failed')),
    planning_error TEXT,
    input_schema TEXT,
    steps TEXT,
    concurrency TEXT CHECK (concurrency IN ('low', 'medium', 'high')),
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE INDEX workflows_by_account ON workflows (account_id, created_at);

  CREATE TABLE executions (
    id TEXT PRIMARY KEY,
    account_id TEXT NOT NULL REFERENCES accounts(id),
    workflow_id TEXT NOT NULL REFERENCES workflows(id),
    batch_id TEXT,
    batch_cap INTEGER,
    input TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('initial', 'processing', 'human_in_the_loop', 'finished', 'error')),
    attempt INTEGER NOT NULL DEFAULT 0,
    resume_step INTEGER NOT NULL DEFAULT 0,
    elapsed_ms INTEGER NOT NULL DEFAULT 0,
    started_at INTEGER,
    deadline INTEGER,
    finished_at TEXT,
    error TEXT,
    created_at TEXT NOT NULL
  );
  CREATE INDEX executions_by_account ON executions (account_id, created_at);
  CREATE INDEX executions_by_workflow ON executions (workflow_id, created_at);
  CREATE INDEX executions_by_workflow_status ON executions (workflow_id, status, created_at);
  CREATE INDEX executions_by_lane ON executions (workflow_id, batch_id, status, created_at);
  CREATE INDEX executions_processing ON executions (status) WHERE status = 'processing';

  CREATE TABLE files (
    id TEXT PRIMARY KEY,
    execution_id TEXT NOT NULL REFERENCES executions(id),
    position INTEGER NOT NULL,
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    data BLOB NOT NULL,
    size INTEGER NOT NULL,
    inline INTEGER NOT NULL,
    UNIQUE (execution_id, position)
  );
  `,
  // The message a processing execution ends with at its next step boundary, once someone cancels it.
  `ALTER TABLE executions ADD COLUMN cancel_requested TEXT;`,
  // Run details (local extensions): when a run first started, each step's timing and outcome, and
  // an index for the account-wide list filtered by status.
  `
  ALTER TABLE executions ADD COLUMN first_started_at TEXT;
  UPDATE executions SET first_started_at = strftime('%Y-%m-%dT%H:%M:%f000Z', started_at / 1000.0, 'unixepoch')
    WHERE started_at IS NOT NULL;
  CREATE TABLE execution_steps (
    execution_id TEXT NOT NULL REFERENCES executions(id),
    position INTEGER NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('processing', 'waiting', 'finished', 'error')),
    started_at TEXT NOT NULL,
    finished_at TEXT,
    error TEXT,
    PRIMARY KEY (execution_id, position)
  ) WITHOUT ROWID;
  CREATE INDEX executions_by_account_status ON executions (account_id, status, created_at);
  `,
  // Planning notes (local extension): what a prompt asks that the local service does not do, as JSON.
  `ALTER TABLE workflows ADD COLUMN planning_notes TEXT;`,
  `
  ALTER TABLE executions ADD COLUMN owner TEXT;
  ALTER TABLE executions ADD COLUMN lease_until INTEGER;
  ALTER TABLE workflows ADD COLUMN planning_lease_until INTEGER;
  ALTER TABLE workflows ADD COLUMN planning_owner TEXT;
  CREATE TABLE rate_windows (key TEXT PRIMARY KEY, window_start INTEGER NOT NULL, count INTEGER NOT NULL);
  `,
];

function migrate(db: Db): void {
  db.exec('CREATE TABLE IF NOT EXISTS migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)');
  const applied = (db.prepare('SELECT COALESCE(MAX(version), 0) AS v FROM migrations').get() as { v: number }).v;
  if (applied > MIGRATIONS.length) {
    throw new Error(
      `the database was created by a newer version of this service (schema ${applied}); upgrade the service`,
    );
  }
  const record = db.prepare('INSERT INTO migrations (version, applied_at) VALUES (?, ?)');
  MIGRATIONS.slice(applied).forEach((sql, i) => {
    db.transaction(() => {
      db.exec(sql);
      record.run(applied + i + 1, new Date().toISOString());
    })();
  });
}

/** Opens (creating if needed) `${dataDir}/service.db` in WAL mode with the schema up to date. */
export function openDatabase(dataDir: string): Db {
  // The database holds the signing secret, inputs and results: only this user may read it. SQLite
  // gives the -wal and -shm files the database file's mode.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  const path = join(dataDir, 'service.db');
  closeSync(openSync(path, 'a', 0o600));
  chmodSync(path, 0o600);
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  // NORMAL keeps every commit safe from a process crash (kill -9); only a power cut can lose the last few.
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}
