// A step worker for tests: tells the channel `step-starts` when each step starts on a thread, with
// the run's input `who`, so a test can see the order the pool served accounts in; then runs it as usual.
import { BroadcastChannel } from 'node:worker_threads';
import runStepTask, { type StepTask } from '../engine/step-worker';

const starts = new BroadcastChannel('step-starts');
starts.unref();

export default async function reportingStepTask(task: StepTask) {
  starts.postMessage({ who: String(task.context.input.who ?? ''), at: performance.timeOrigin + performance.now() });
  return runStepTask(task);
}
