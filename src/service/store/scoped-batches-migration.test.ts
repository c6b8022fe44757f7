import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { accountScopedBatches } from './db/later-migrations';
import { MIGRATIONS } from './db/migrations';
import type { Store } from './store';
import { useMigratedStore } from './test-support/database-before';

const clock = manualClock(Date.UTC(2026, 10, 28, 12));
const AT = '2026-11-01T00:00:00.000000Z';
const BATCH = '11111111-2222-4333-8444-555555555555';
const migrated = useMigratedStore(clock);

/** A store opened on a database as the service left it before batch ids belonged to accounts, with one batch and one sent row. */
function databaseBeforeScopedBatches(): Promise<Store> {
  return migrated(MIGRATIONS.indexOf(accountScopedBatches), async (db) => {
    for (const id of ['a', 'b']) {
      await db
        .insertInto('accounts')
        .values({ id, name: id, key_hash: `hash-${id}`, created_at: AT, revoked_at: null, source: 'command' })
        .execute();
      await db
        .insertInto('workflows')
        .values({
          id: `wf-${id}`,
          account_id: id,
          name: 'W',
          description: 'D',
          prompt: 'P',
          name_given: 1,
          description_given: 1,
          status: 'ready',
          planning_error: null,
          input_schema: '{}',
          steps: '[]',
          concurrency: 'low',
          created_at: AT,
          updated_at: AT,
        })
        .execute();
    }
    await db
      .insertInto('batches')
      .values({
        id: BATCH,
        account_id: 'a',
        workflow_id: 'wf-a',
        file_name: 'old.csv',
        columns: '["A"]',
        mapping: '{}',
        row_count: 2,
        started_by: null,
        created_at: AT,
      })
      .execute();
    await db
      .insertInto('executions')
      .values({
        id: 'run-1',
        account_id: 'a',
        workflow_id: 'wf-a',
        batch_id: BATCH,
        input: '{}',
        status: 'finished',
        created_at: AT,
      })
      .execute();
    await sql`INSERT INTO batch_rows (batch_id, row_index, attempt, execution_id, latest) VALUES (${BATCH}, 0, 1, 'run-1', 1)`.execute(
      db,
    );
  });
}

describe('batch ids scoped to their account', () => {
  it('keeps a batch and its rows through the migration; another account may then use the same id', async () => {
    const store = await databaseBeforeScopedBatches();
    expect(await store.batches.find('a', BATCH)).toMatchObject({ file_name: 'old.csv', row_count: 2 });
    expect(await store.batches.find('b', BATCH)).toBeUndefined();
    const rows = await store.batches.attemptsOf('a', BATCH, [0]);
    expect(rows.get(0)?.byAttempt.get(1)).toBe('run-1');
    await store.batches.insert({
      id: BATCH,
      account_id: 'b',
      workflow_id: 'wf-b',
      file_name: 'new.csv',
      columns: '["B"]',
      mapping: '{}',
      row_count: 1,
      started_by: null,
      created_at: AT,
    });
    expect((await store.batches.find('b', BATCH))?.file_name).toBe('new.csv');
    expect((await store.batches.find('a', BATCH))?.file_name).toBe('old.csv');
  });
});
