import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { RunJournal } from './run-journal';

const fresh = () => new RunJournal(new IDBFactory());

/** A journal holding runs without input, each as [executionId, workflowId, profileId, submittedAt]. */
async function journalWith(runs: [string, string, string, number][]): Promise<RunJournal> {
  const journal = fresh();
  for (const [executionId, workflowId, profileId, submittedAt] of runs)
    await journal.record({ executionId, workflowId, input: null, profileId, submittedAt });
  return journal;
}

/** Two workflows' runs, from two profiles, recorded out of time order: `c` came between `a` and `b`. */
const RUNS: [string, string, string, number][] = [
  ['a', 'w1', 'p', 10],
  ['b', 'w1', 'p', 30],
  ['c', 'w2', 'other', 20],
];

describe('RunJournal', () => {
  it('remembers the input submitted for an execution', async () => {
    const journal = fresh();
    const submitted = {
      executionId: 'e1',
      workflowId: 'w1',
      input: { company: 'Acme' },
      profileId: 'p',
      submittedAt: 5,
    };
    await journal.record(structuredClone(submitted));
    expect(await journal.get('e1')).toEqual({ ...submitted, settled: 0 });
    expect(await journal.get('unknown')).toBeNull();
  });

  it('lists a workflow’s runs newest first and no other workflow’s', async () => {
    const journal = await journalWith(RUNS);
    expect((await journal.forWorkflow('w1')).map((e) => e.executionId)).toEqual(['b', 'a']);
  });

  it('tracks which executions still need watching, per profile, until marked settled', async () => {
    const journal = await journalWith(RUNS);
    expect((await journal.unsettled('p')).map((e) => e.executionId)).toEqual(['a', 'b']);
    expect(await journal.markSettled('a')).toBe(true);
    expect(await journal.markSettled('a')).toBe(false);
    expect((await journal.unsettled('p')).map((e) => e.executionId)).toEqual(['b']);
    expect((await journal.unsettled('p', 31)).map((e) => e.executionId)).toEqual([]);
    expect((await journal.get('a'))?.settled).toBe(1);
  });

  it('keeps its data across instances on the same database', async () => {
    const factory = new IDBFactory();
    await new RunJournal(factory).record({ executionId: 'x', workflowId: 'w', input: { n: 1 }, profileId: 'p' });
    expect((await new RunJournal(factory).get('x'))?.input).toEqual({ n: 1 });
  });
});
