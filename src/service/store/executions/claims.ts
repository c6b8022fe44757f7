import { sql } from 'kysely';
import { atomically, greatest, inList, type StoreContext } from '../db/context';
import { countRows } from '../db/count-rows';
import { formatMicros } from '../timestamps';

/** An execution claimNext moved to processing for this attempt. */
export interface Claimed {
  id: string;
  account_id: string;
  workflow_id: string;
  batch_id: string | null;
  batch_cap: number | null;
  attempt: number;
}

export interface ClaimOptions {
  /** Epoch milliseconds of the claim: started_at, and the start of the run time limit. */
  now: number;
  /** The whole run time limit; time used before an approval pause is taken off. */
  limitMs: number;
  /** The claiming replica's id. */
  owner: string;
  /** Epoch milliseconds until which the claim holds without a heartbeat. */
  leaseUntil: number;
  /** At most this many processing executions per workflow (10), counted in the database. */
  maxPerWorkflow: number;
  /**
   * At most this many processing executions per account, over all its workflows, counted in the
   * database so the cap holds across replicas; unset for no cap.
   */
  maxPerAccount?: number;
  /** Told when the account's cap binds, so the caller can try again when any run of the account ends. */
  onAccountFull?: (accountId: string) => void;
  /**
   * Also starts each claimed run's first step (the one at its resume_step) in the claim's
   * transaction, at `now`, saving the runner a commit; the runner then does not start it again.
   */
  startFirstStep?: boolean;
}

interface Candidate {
  id: string;
  batch_id: string | null;
  batch_cap: number | null;
  created_at: string;
}

/** Past this many waiting batches, one oldest-first scan beats a head query per lane. */
const MAX_LANE_QUERIES = 32;

/**
 * The batches of the workflow with waiting executions, by a skip scan over the executions_claim
 * index (one seek per batch): reading every waiting row instead would cost as much as the backlog
 * on each claim, ten thousand rows for a large batch held at its cap.
 */
async function waitingBatches(ctx: StoreContext, workflowId: string): Promise<string[]> {
  const { rows } = await sql<{ batch_id: string | null }>`
    WITH RECURSIVE lanes(batch_id) AS (
      SELECT (SELECT batch_id FROM executions WHERE workflow_id = ${workflowId} AND status = 'initial'
        AND batch_id IS NOT NULL ORDER BY batch_id LIMIT 1)
      UNION ALL
      SELECT (SELECT e.batch_id FROM executions e WHERE e.workflow_id = ${workflowId} AND e.status = 'initial'
        AND e.batch_id > lanes.batch_id ORDER BY e.batch_id LIMIT 1)
      FROM lanes WHERE lanes.batch_id IS NOT NULL
    )
    SELECT batch_id FROM lanes WHERE batch_id IS NOT NULL LIMIT ${MAX_LANE_QUERIES + 1}`.execute(ctx.db);
  return rows.map((row) => row.batch_id as string);
}

/** The oldest waiting executions of one lane (a batch, or the single runs when null). */
function laneHead(ctx: StoreContext, workflowId: string, batchId: string | null, limit: number) {
  return ctx.db
    .selectFrom('executions')
    .select(['id', 'batch_id', 'batch_cap', 'created_at'])
    .where('workflow_id', '=', workflowId)
    .where('status', '=', 'initial')
    .where('batch_id', batchId === null ? 'is' : '=', batchId)
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/** The oldest waiting executions of the workflow, any lane, when there are too many lanes to ask each. */
function oldest(ctx: StoreContext, workflowId: string, limit: number) {
  return ctx.db
    .selectFrom('executions')
    .select(['id', 'batch_id', 'batch_cap', 'created_at'])
    .where('workflow_id', '=', workflowId)
    .where('status', '=', 'initial')
    .orderBy('created_at')
    .limit(limit)
    .execute();
}

/**
 * Picks the oldest waiting executions of the workflow that fit the free slots and each batch's
 * cap, given how many of each batch already run: the head of each lane with room (a full batch
 * costs nothing), merged in creation order.
 */
async function pick(ctx: StoreContext, workflowId: string, free: number, running: Map<string, number>) {
  const batches = await waitingBatches(ctx, workflowId);
  const candidates: Candidate[] = [];
  if (batches.length > MAX_LANE_QUERIES) {
    candidates.push(...(await oldest(ctx, workflowId, free * 20)));
  } else {
    candidates.push(...(await laneHead(ctx, workflowId, null, free)));
    for (const batchId of batches) candidates.push(...(await laneHead(ctx, workflowId, batchId, free)));
    candidates.sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : 0));
  }
  const chosen: Candidate[] = [];
  for (const row of candidates) {
    if (chosen.length >= free) break;
    if (row.batch_id !== null && row.batch_cap !== null) {
      const count = running.get(row.batch_id) ?? 0;
      if (count >= row.batch_cap) continue;
      running.set(row.batch_id, count + 1);
    }
    chosen.push(row);
  }
  return chosen;
}

/** Starts the step at each claimed run's resume_step, as ExecutionStepsRepo.started does. */
async function startSteps(tx: StoreContext, runs: { id: string; position: number; at: string }[]) {
  await tx.db
    .insertInto('execution_steps')
    .values(
      runs.map((run) => ({
        execution_id: run.id,
        position: run.position,
        status: 'processing' as const,
        started_at: run.at,
        finished_at: null,
        error: null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['execution_id', 'position']).doUpdateSet({
        status: 'processing',
        started_at: sql.ref('excluded.started_at'),
        finished_at: null,
        error: null,
      }),
    )
    .execute();
}

/**
 * How many more executions the account may start under `max`. On PostgreSQL a transaction lock on
 * the account (taken after the workflow's row lock, never before, so claimers cannot deadlock)
 * serializes claims of all its workflows across replicas, so the count is exact.
 */
async function accountRoom(tx: StoreContext, accountId: string, max: number): Promise<number> {
  if (tx.dialect === 'postgres') {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${`claims:${accountId}`}))`.execute(tx.db);
  }
  const processing = await countRows(tx.db, 'executions', (eb) =>
    eb.and([eb('account_id', '=', accountId), eb('status', '=', 'processing')]),
  );
  return max - processing;
}

/**
 * Claims the oldest waiting executions of the workflow that fit: at most `maxPerWorkflow`
 * processing in all, at most `maxPerAccount` of its account's, and each batch within its cap, in
 * creation order, all in one transaction. On PostgreSQL the workflow's row lock (taken first)
 * serializes claims of one workflow across replicas, and each statement after it sees the previous
 * claimer's committed rows, so the counts are exact.
 */
export async function claimNext(ctx: StoreContext, workflowId: string, options: ClaimOptions): Promise<Claimed[]> {
  return atomically(ctx, async (db) => {
    const tx: StoreContext = { db, dialect: ctx.dialect };
    // NO KEY UPDATE serializes claimers like FOR UPDATE but leaves the key share lock that a new
    // execution's foreign key takes free, so submitting runs never waits on a claim.
    const owner = await db
      .selectFrom('workflows')
      .select('account_id')
      .where('id', '=', workflowId)
      .$call((query) => (ctx.dialect === 'postgres' ? query.forNoKeyUpdate() : query))
      .executeTakeFirst();
    if (!owner) return [];
    const processing = await db
      .selectFrom('executions')
      .select((eb) => ['batch_id', eb.fn.countAll<number>().as('n')])
      .where('workflow_id', '=', workflowId)
      .where('status', '=', 'processing')
      .groupBy('batch_id')
      .execute();
    let free = options.maxPerWorkflow - processing.reduce((sum, row) => sum + Number(row.n), 0);
    if (free <= 0) return [];
    if (options.maxPerAccount !== undefined) {
      const room = await accountRoom(tx, owner.account_id, options.maxPerAccount);
      // The account's cap binds: runs of the workflow left waiting start when any run of the account ends.
      if (room <= free) options.onAccountFull?.(owner.account_id);
      if (room <= 0) return [];
      free = Math.min(free, room);
    }
    const running = new Map<string, number>();
    for (const row of processing) if (row.batch_id !== null) running.set(row.batch_id, Number(row.n));
    const chosen = await pick(tx, workflowId, free, running);
    if (chosen.length === 0) return [];
    const startedAt = Math.floor(options.now);
    const updated = await db
      .updateTable('executions')
      .set({
        status: 'processing',
        attempt: sql<number>`attempt + 1`,
        started_at: startedAt,
        // first_started_at keeps the first claim, so a run's duration spans its approval pause. A
        // run never starts before it was created: created_at may run a few µs ahead of the clock
        // after a large batch reserved consecutive stamps.
        first_started_at: sql<string>`COALESCE(first_started_at, ${greatest(ctx.dialect, sql.ref<string>('created_at'), sql.val(formatMicros(Math.floor(options.now * 1000))))})`,
        // The run time limit is a budget: time already used before an approval pause is taken off.
        deadline: sql<number>`${startedAt + options.limitMs} - elapsed_ms`,
        owner: options.owner,
        lease_until: Math.ceil(options.leaseUntil),
      })
      .where((eb) =>
        inList(
          ctx.dialect,
          eb.ref('id'),
          chosen.map((row) => row.id),
        ),
      )
      .where('status', '=', 'initial')
      .returning(['id', 'attempt', 'resume_step'])
      .execute();
    if (options.startFirstStep && updated.length > 0) {
      const at = formatMicros(Math.floor(options.now * 1000));
      const createdAt = new Map(chosen.map((row) => [row.id, row.created_at]));
      // Like first_started_at, a step never starts before its run was created.
      const starts = updated.map((row) => {
        const created = createdAt.get(row.id) ?? at;
        return { id: row.id, position: row.resume_step, at: created > at ? created : at };
      });
      await startSteps(tx, starts);
    }
    const attempts = new Map(updated.map((row) => [row.id, Number(row.attempt)]));
    return chosen
      .filter((row) => attempts.has(row.id))
      .map((row) => ({
        id: row.id,
        account_id: owner.account_id,
        workflow_id: workflowId,
        batch_id: row.batch_id,
        batch_cap: row.batch_cap,
        attempt: attempts.get(row.id)!,
      }));
  });
}
