import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DEMO_WORKFLOWS } from '../../accounts/demo-workflows';
import type { StepSpec } from '../../workflow/plan-types';
import type { OutputFile } from '../step-io';
import { fileText } from '../output-files';
import { runStep } from '../run-step';
import stored from './test-support/stored-demo-plans.json';

/**
 * The demo workflows' steps as the planner saved them before templates were Liquid (no `syntax`),
 * with every file they produced then. A workflow in a user's data directory must keep producing the
 * same files. The changes are deliberate: the status template's plain text ends in "- " where it ended
 * in "-", since a bare "-" is an empty list item in CommonMark (the old reader took it for text); CSV
 * files quote every field (issue 19); the certificate PDF keeps its spaces and draws its table as a grid;
 * HTML is written by rehype-stringify, which puts each table row and cell on its own line (issue 34).
 */
const fixture = stored as { plans: Record<string, StepSpec[]>; results: Record<string, Record<string, string>> };

async function runAll(steps: StepSpec[], input: Record<string, unknown>): Promise<Record<string, string>> {
  let files: OutputFile[] = [];
  let previous: OutputFile[] = [];
  const produced: Record<string, string> = {};
  for (const step of steps) {
    const outcome = await runStep(step, { input, files, previous });
    if (outcome.kind === 'approval') {
      produced.approval = outcome.message;
      continue;
    }
    files = [...files, ...outcome.files];
    if (outcome.files.length > 0) previous = outcome.files;
  }
  for (const file of files)
    produced[file.filename] = file.filename.endsWith('.pdf')
      ? createHash('sha256').update(file.data).digest('hex')
      : fileText(file);
  return produced;
}

describe('workflows saved before Liquid', () => {
  it.each(DEMO_WORKFLOWS.map((demo) => [demo.name, demo.example] as const))(
    '%s produces the same files as before, for its example and for no input',
    async (name, example) => {
      const steps = fixture.plans[name]!;
      expect(steps.some((step) => 'syntax' in step)).toBe(false);
      expect(await runAll(steps, example ?? {})).toEqual(fixture.results[`${name}/example`]);
      expect(await runAll(steps, {})).toEqual(fixture.results[`${name}/empty`]);
    },
  );
});
