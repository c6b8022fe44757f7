import { sql } from 'kysely';
import { atomically, inList, type StoreContext } from './db/context';
import { formatMicros } from './timestamps';

/** An execution claimNext moved to processing for this attempt. */
export interface Claimed {
  id: string;
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
}

interface Candidate {
  id: string;
  batch_id: string | null;
  batch_cap: number | null;
  created_at: string;
}

/**
 * Picks the oldest waiting executions of the workflow that fit the free slots and each batch's
 * cap, given how many of each batch already run. Each round reads past the last row seen and
 * leaves out batches already full, and takes at least one row, so it ends within `free` rounds.
 */
async function pick(ctx: StoreContext, workflowId: string, free: number, running: Map<string, number>) {
  const chosen: Candidate[] = [];
  const full = new Set<string>();
  let after: string | null = null;
  while (chosen.length < free) {
    const limit = free - chosen.length;
    const rows: Candidate[] = await ctx.db
      .selectFrom('executions')
      .select(['id', 'batch_id', 'batch_cap', 'created_at'])
      .where('workflow_id', '=', workflowId)
      .where('status', '=', 'initial')
      .$if(after !== null, (q) => q.where('created_at', '>', after!))
      .$if(full.size > 0, (q) =>
        q.where((eb) =>
          eb.or([eb('batch_id', 'is', null), eb.not(inList(ctx.dialect, eb.ref('batch_id'), [...full]))]),
        ),
      )
      .orderBy('created_at')
      .limit(limit)
      .execute();
    for (const row of rows) {
      after = row.created_at;
      if (row.batch_id === null || row.batch_cap === null) {
        chosen.push(row);
        continue;
      }
      const count = running.get(row.batch_id) ?? 0;
      if (count >= row.batch_cap) {
        full.add(row.batch_id);
        continue;
      }
      chosen.push(row);
      running.set(row.batch_id, count + 1);
      if (count + 1 >= row.batch_cap) full.add(row.batch_id);
    }
    if (rows.length < limit) break;
  }
  return chosen;
}

/**
 * Claims the oldest waiting executions of the workflow that fit: at most `maxPerWorkflow`
 * processing in all and each batch within its cap, in creation order, all in one transaction. On
 * PostgreSQL the workflow's row lock (taken first) serializes claims of one workflow across replicas, and each
 * statement after it sees the previous claimer's committed rows, so the counts are exact.
 */
export async function claimNext(ctx: StoreContext, workflowId: string, options: ClaimOptions): Promise<Claimed[]> {
  return atomically(ctx, async (db) => {
    const tx: StoreContext = { db, dialect: ctx.dialect };
    // NO KEY UPDATE serializes claimers like FOR UPDATE but leaves the key share lock that a new
    // execution's foreign key takes free, so submitting runs never waits on a claim.
    if (ctx.dialect === 'postgres') {
      await db.selectFrom('workflows').select('id').where('id', '=', workflowId).forNoKeyUpdate().execute();
    }
    const processing = await db
      .selectFrom('executions')
      .select((eb) => ['batch_id', eb.fn.countAll<number>().as('n')])
      .where('workflow_id', '=', workflowId)
      .where('status', '=', 'processing')
      .groupBy('batch_id')
      .execute();
    const free = options.maxPerWorkflow - processing.reduce((sum, row) => sum + Number(row.n), 0);
    if (free <= 0) return [];
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
        // first_started_at keeps the first claim, so a run's duration spans its approval pause.
        first_started_at: sql<string>`COALESCE(first_started_at, ${formatMicros(Math.floor(options.now * 1000))})`,
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
      .returning(['id', 'attempt'])
      .execute();
    const attempts = new Map(updated.map((row) => [row.id, Number(row.attempt)]));
    return chosen
      .filter((row) => attempts.has(row.id))
      .map((row) => ({
        id: row.id,
        workflow_id: workflowId,
        batch_id: row.batch_id,
        batch_cap: row.batch_cap,
        attempt: attempts.get(row.id)!,
      }));
  });
}
