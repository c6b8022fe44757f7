import type { Task } from './scheduler-types';

/**
 * The scheduler's waiting tasks, in the order they go out: by priority, then by arrival, so a
 * task queued again after a 429 keeps its place ahead of later ones.
 */
export class TaskQueue {
  private tasks: Task[] = [];

  get length(): number {
    return this.tasks.length;
  }

  /** The task that goes out next, if any. */
  head(): Task | undefined {
    return this.tasks[0];
  }

  shift(): Task | undefined {
    return this.tasks.shift();
  }

  add(task: Task): void {
    const at = this.tasks.findIndex((t) => t.rank > task.rank || (t.rank === task.rank && t.seq > task.seq));
    if (at < 0) this.tasks.push(task);
    else this.tasks.splice(at, 0, task);
  }

  /** Takes a task out while it still waits; false once it has gone out. */
  remove(task: Task): boolean {
    const index = this.tasks.indexOf(task);
    if (index < 0) return false;
    this.tasks.splice(index, 1);
    return true;
  }
}
