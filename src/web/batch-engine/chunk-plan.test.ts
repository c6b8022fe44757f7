import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8Length } from '@/lib/utf8';
import { batchBody, planChunks } from './chunk-plan';

describe('planChunks', () => {
  it('splits by count at the item limit', () => {
    const inputs = Array.from({ length: 25 }, (_, i) => ({ i }));
    const plan = planChunks(inputs, undefined, { maxItems: 10, maxBytes: 1_000_000 });
    expect(plan.chunks.map((c) => c.rows.length)).toEqual([10, 10, 5]);
  });

  it('splits by bytes, measuring the exact body including the envelope', () => {
    const inputs = Array.from({ length: 10 }, () => ({ text: 'é'.repeat(100) }));
    const one = new TextEncoder().encode(batchBody([inputs[0]], 'high')).length;
    const plan = planChunks(inputs, 'high', { maxItems: 100, maxBytes: one * 3 });
    for (const c of plan.chunks) {
      expect(c.bytes).toBe(
        new TextEncoder().encode(
          batchBody(
            c.rows.map((r) => inputs[r]),
            'high',
          ),
        ).length,
      );
      expect(c.bytes).toBeLessThanOrEqual(one * 3);
    }
    expect(plan.chunks.flatMap((c) => c.rows)).toEqual(inputs.map((_, i) => i));
  });

  it('reports a single row over the body limit instead of sending it', () => {
    const plan = planChunks([{ a: 1 }, { a: 'x'.repeat(200) }, { a: 2 }], undefined, { maxItems: 10, maxBytes: 100 });
    expect(plan.oversized.map((o) => o.row)).toEqual([1]);
    expect(plan.chunks.flatMap((c) => c.rows)).toEqual([0, 2]);
  });

  it('makes 50,000 small rows into five requests at the real limits', () => {
    const plan = planChunks(
      Array.from({ length: 50_000 }, (_, i) => ({ i })),
      undefined,
    );
    expect(plan.chunks.map((c) => c.rows.length)).toEqual([10_000, 10_000, 10_000, 10_000, 10_000]);
  });

  it('always keeps every chunk within both limits and every row exactly once, in order', () => {
    const input = fc.dictionary(
      fc.string({ maxLength: 5 }),
      fc.oneof(fc.string({ maxLength: 80 }), fc.integer(), fc.boolean()),
      { maxKeys: 4 },
    );
    fc.assert(
      fc.property(
        fc.array(input, { maxLength: 60 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 40, max: 600 }),
        fc.constantFrom(undefined, 'low' as const, 'high' as const),
        (inputs, maxItems, maxBytes, concurrency) => {
          const plan = planChunks(inputs, concurrency, { maxItems, maxBytes });
          for (const c of plan.chunks) {
            const body = batchBody(
              c.rows.map((r) => inputs[r]),
              concurrency,
            );
            expect(c.bytes).toBe(new TextEncoder().encode(body).length);
            expect(c.bytes).toBeLessThanOrEqual(maxBytes);
            expect(c.rows.length).toBeLessThanOrEqual(maxItems);
            expect(c.rows.length).toBeGreaterThan(0);
          }
          const sent = plan.chunks.flatMap((c) => c.rows);
          const all = [...sent, ...plan.oversized.map((o) => o.row)].sort((a, b) => a - b);
          expect(all).toEqual(inputs.map((_, i) => i));
          expect(sent).toEqual([...sent].sort((a, b) => a - b));
        },
      ),
    );
  });
});

describe('utf8Length', () => {
  it('agrees with TextEncoder for any string', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (s) => {
        expect(utf8Length(s)).toBe(new TextEncoder().encode(s).length);
      }),
    );
  });
});
