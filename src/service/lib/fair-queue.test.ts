import { describe, expect, it } from 'vitest';
import { FairQueue } from './fair-queue';

/** A task that runs until `finish` is called, recording when it started. */
function gate(log: string[], name: string) {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    task: () => {
      log.push(name);
      return done.then(() => name);
    },
    finish: () => finish(),
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('FairQueue', () => {
  it('never runs more tasks at once than it has slots', async () => {
    const queue = new FairQueue(2);
    const log: string[] = [];
    const gates = ['a1', 'a2', 'a3'].map((name) => gate(log, name));
    const runs = gates.map((g) => queue.run('a', g.task));
    await turn();
    expect(log).toEqual(['a1', 'a2']);
    expect(queue.active).toBe(2);
    expect(queue.waiting).toBe(1);
    gates[0]!.finish();
    await turn();
    expect(log).toEqual(['a1', 'a2', 'a3']);
    gates.slice(1).forEach((g) => g.finish());
    expect(await Promise.all(runs)).toEqual(['a1', 'a2', 'a3']);
    expect(queue.active).toBe(0);
  });

  it("starts another account's single task next, ahead of the backlog of an account that came first", async () => {
    const queue = new FairQueue(1);
    const log: string[] = [];
    const backlog = Array.from({ length: 20 }, (_, i) => gate(log, `a${i}`));
    const runsA = backlog.map((g) => queue.run('a', g.task));
    const b = gate(log, 'b0');
    const runB = queue.run('b', b.task);
    await turn();
    backlog[0]!.finish();
    await turn();
    expect(log).toEqual(['a0', 'b0']);
    b.finish();
    backlog.slice(1).forEach((g) => g.finish());
    await Promise.all([...runsA, runB]);
  });

  it('takes turns across accounts, one task each, in the order they first had work', async () => {
    const queue = new FairQueue(1);
    const order: string[] = [];
    const runs = ['a0', 'a1', 'a2', 'b0', 'b1', 'c0'].map((name) =>
      queue.run(name[0]!, async () => {
        order.push(name);
        await turn();
      }),
    );
    await Promise.all(runs);
    expect(order).toEqual(['a0', 'b0', 'c0', 'a1', 'b1', 'a2']);
  });

  it('drops a waiting task whose signal aborts, and its slot turn goes to the next task', async () => {
    const queue = new FairQueue(1);
    const log: string[] = [];
    const first = gate(log, 'a0');
    const running = queue.run('a', first.task);
    const controller = new AbortController();
    const dropped = queue.run('b', gate(log, 'b0').task, controller.signal);
    const after = gate(log, 'c0');
    const next = queue.run('c', after.task);
    controller.abort(new Error('run stopped'));
    await expect(dropped).rejects.toThrow('run stopped');
    expect(queue.waiting).toBe(1);
    first.finish();
    after.finish();
    expect(await Promise.all([running, next])).toEqual(['a0', 'c0']);
    expect(log).toEqual(['a0', 'c0']);
  });

  it('frees the slot of a task that fails, and passes its error on', async () => {
    const queue = new FairQueue(1);
    const failing = queue.run('a', () => Promise.reject(new Error('step broke')));
    const throwing = queue.run('a', () => {
      throw new Error('thrown at once');
    });
    const fine = queue.run('b', () => Promise.resolve('ok'));
    await expect(failing).rejects.toThrow('step broke');
    await expect(throwing).rejects.toThrow('thrown at once');
    expect(await fine).toBe('ok');
    expect(queue.active).toBe(0);
  });

  it('refuses a task whose signal has already aborted without running it', async () => {
    const queue = new FairQueue(1);
    let ran = false;
    const run = queue.run(
      'a',
      async () => {
        ran = true;
      },
      AbortSignal.abort(new Error('too late')),
    );
    await expect(run).rejects.toThrow('too late');
    expect(ran).toBe(false);
  });

  it("keeps a slot no key may fill: another key's task starts at once while one key floods every other slot", async () => {
    const queue = new FairQueue(3, 2);
    const log: string[] = [];
    const backlog = Array.from({ length: 10 }, (_, i) => gate(log, `a${i}`));
    const runsA = backlog.map((g) => queue.run('a', g.task));
    await turn();
    expect(log).toEqual(['a0', 'a1']);
    const b = gate(log, 'b0');
    const runB = queue.run('b', b.task);
    await turn();
    // Without the cap, b0 would have waited for a0 or a1 to end.
    expect(log).toEqual(['a0', 'a1', 'b0']);
    b.finish();
    backlog.forEach((g) => g.finish());
    await Promise.all([...runsA, runB]);
    expect(log).toHaveLength(11);
  });
});
