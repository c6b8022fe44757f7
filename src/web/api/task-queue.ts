import type { Task } from './scheduler-types';

/**
 * Puts a task in the scheduler's queue in the order tasks go out: by priority, then by arrival,
 * so a task queued again after a 429 keeps its place ahead of later ones.
 */
export function insertInOrder(queue: Task[], task: Task): void {
  const at = queue.findIndex((t) => t.rank > task.rank || (t.rank === task.rank && t.seq > task.seq));
  if (at < 0) queue.push(task);
  else queue.splice(at, 0, task);
}
