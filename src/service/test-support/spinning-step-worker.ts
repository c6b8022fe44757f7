// A step worker for tests: a markdown_report step named spin.md never returns (it holds its
// thread, as a catastrophic pattern would); every other step runs as usual.
import runStepTask, { type StepTask } from '../engine/step-worker';

export default async function spinningStepTask(task: StepTask) {
  if ('filename' in task.step && task.step.filename === 'spin.md') for (;;);
  return runStepTask(task);
}
