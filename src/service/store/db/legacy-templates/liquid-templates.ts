import type { Migration } from '../migration-parts';
import { legacyToLiquid } from './legacy-to-liquid';

/**
 * The migration that converts every stored plan's templates from the mustache-like syntax of plans
 * saved before Liquid into Liquid, once, so the service renders Liquid alone. It and the converter
 * beside it (legacy-to-liquid.ts, legacy-parse.ts) are this migration's own code: nothing else may
 * import them, and they change only if a stored plan's conversion was wrong.
 */

/** The template fields of each kind of step that had them when templates became Liquid. */
const TEMPLATE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  markdown_report: ['title', 'template'],
  pdf_document: ['title'],
  approval: ['message'],
};

/** Workflows read per query: a database of 10,000 workflows is never in memory at once. */
const BATCH_SIZE = 200;

function convertStep(step: unknown): unknown {
  if (typeof step !== 'object' || step === null || Array.isArray(step)) return step;
  const record = step as Record<string, unknown>;
  const fields = typeof record.kind === 'string' ? TEMPLATE_FIELDS[record.kind] : undefined;
  if (!fields || record.syntax === 'liquid') return step;
  const converted: Record<string, unknown> = { ...record, syntax: 'liquid' };
  for (const field of fields) {
    const text = record[field];
    if (typeof text === 'string') converted[field] = legacyToLiquid(text);
  }
  return converted;
}

/**
 * A stored plan (the JSON text of its steps) with every older-syntax template in Liquid and marked
 * `syntax: 'liquid'`; null when nothing needs converting, or the text is not a list of steps (left
 * as it is: the service reads it no differently after this migration).
 */
export function planToLiquid(stored: string): string | null {
  let steps: unknown;
  try {
    steps = JSON.parse(stored);
  } catch {
    return null;
  }
  if (!Array.isArray(steps)) return null;
  const converted = steps.map(convertStep);
  return converted.some((step, index) => step !== steps[index]) ? JSON.stringify(converted) : null;
}

/**
 * Reads the workflows in batches by id (a keyset, so each query starts where the last ended) and
 * writes back only the plans that changed. Running it again changes nothing: converted steps say
 * `syntax: 'liquid'`.
 */
export const liquidTemplates: Migration = async (db) => {
  let after: string | null = null;
  for (;;) {
    const batch = await db
      .selectFrom('workflows')
      .select(['id', 'steps'])
      .$if(after !== null, (query) => query.where('id', '>', after!))
      .orderBy('id')
      .limit(BATCH_SIZE)
      .execute();
    for (const row of batch) {
      const converted = row.steps === null ? null : planToLiquid(row.steps);
      if (converted !== null)
        await db.updateTable('workflows').set({ steps: converted }).where('id', '=', row.id).execute();
    }
    if (batch.length < BATCH_SIZE) return;
    after = batch.at(-1)!.id;
  }
};
