import type { DescribeContext } from './kind';
import { kindOf, type RegisteredStep as StepSpec } from './registry';

/** `due_date` → `due date`: a key spoken as its words. */
const spoken = (key: string) => key.replace(/[_-]+/g, ' ').trim();

/**
 * A sentence per step, in a person's words: what it does, with which inputs, into which file.
 * `titles` gives the inputs' titles by key (the form's labels); a key without one is spoken as its
 * words ("due_date" → "due date"). Titles keep a leading acronym ("URL") and lower the rest.
 */
export function describeSteps(steps: StepSpec[], titles: Record<string, string> = {}): string[] {
  const context: DescribeContext = {
    title: (key) => {
      const title = titles[key] ?? spoken(key);
      return /^[A-Z]{2}/.test(title) ? title : title.charAt(0).toLowerCase() + title.slice(1);
    },
  };
  return steps.map((step) => kindOf(step.kind)?.describe(step, context) ?? `Runs a ${spoken(step.kind)} step.`);
}
