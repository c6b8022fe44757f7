import { LIMITS, type ConcurrencyLevel } from '@contract/limits';
import { utf8Length } from '@/lib/utf8';

export interface ChunkPlan {
  /** Each chunk lists positions in the submitted inputs, in order. */
  chunks: { rows: number[]; bytes: number }[];
  /** Positions whose input alone is over the body limit; they are never sent. */
  oversized: { row: number; bytes: number }[];
}

/** The exact body of one batch request, so the bytes planned are the bytes sent. */
export function batchBody(items: readonly unknown[], concurrency: ConcurrencyLevel | undefined): string {
  return JSON.stringify(concurrency === undefined ? { items } : { items, concurrency });
}

/**
 * Splits inputs into batch requests of at most `maxItems` items and `maxBytes` of UTF-8 JSON each,
 * keeping row order. Sizes are measured on the serialized items plus the envelope
 * `{"items":[…],"concurrency":"…"}`, which is exactly what batchBody sends.
 */
export function planChunks(
  inputs: readonly unknown[],
  concurrency: ConcurrencyLevel | undefined,
  limits: { maxItems: number; maxBytes: number } = { maxItems: LIMITS.maxBatchItems, maxBytes: LIMITS.maxBodyBytes },
): ChunkPlan {
  const envelope = utf8Length(batchBody([], concurrency));
  const chunks: ChunkPlan['chunks'] = [];
  const oversized: ChunkPlan['oversized'] = [];
  let rows: number[] = [];
  let bytes = envelope;
  for (let i = 0; i < inputs.length; i += 1) {
    const size = utf8Length(JSON.stringify(inputs[i]));
    if (envelope + size > limits.maxBytes) {
      oversized.push({ row: i, bytes: envelope + size });
      continue;
    }
    // Every item after the first adds a comma.
    const added = rows.length === 0 ? size : size + 1;
    if (rows.length >= limits.maxItems || bytes + added > limits.maxBytes) {
      chunks.push({ rows, bytes });
      rows = [];
      bytes = envelope;
    }
    bytes += rows.length === 0 ? size : size + 1;
    rows.push(i);
  }
  if (rows.length > 0) chunks.push({ rows, bytes });
  return { chunks, oversized };
}
