import type { PlanAnswer } from '../model/plan-answer';
import { stepAnswerSchema } from '../model/step-schema';

type StepAnswer = PlanAnswer['steps'][number];
type InputAnswer = PlanAnswer['inputs'][number];

/** Every parameter of every kind, null: a kind's unused parameters, as the model answers them. */
const NO_PARAMETERS = Object.fromEntries(
  Object.keys((stepAnswerSchema().properties ?? {}) as object)
    .filter((name) => name !== 'kind')
    .map((name) => [name, null]),
) as { filename: null };

/** A step as the model answers it: the parameters its kind does not use are null. */
export function answerStep(step: Record<string, unknown> & Pick<StepAnswer, 'kind'>): StepAnswer {
  return { ...NO_PARAMETERS, ...step };
}

/** An input as the model answers it. */
export function answerInput(key: string, title: string, type: InputAnswer['type'] = 'short text'): InputAnswer {
  return { key, title, type, required: true, description: `The ${title.toLowerCase()}.`, choices: null };
}

/** The example prompt, which a model should plan with a writing step. */
export const SALES_PROMPT = 'write a short sales intro email to a prospect given their name, company and what we sell';

/** A good plan of SALES_PROMPT, as a model answers it. */
export function salesPlan(): PlanAnswer {
  return {
    name: 'Sales intro email',
    description: 'A short sales intro email to a prospect, written from their name, their company and what we sell.',
    concurrency: 'medium',
    inputs: [
      answerInput('prospect_name', 'Prospect name'),
      answerInput('company', 'Company'),
      answerInput('what_we_sell', 'What we sell', 'long text'),
    ],
    steps: [
      answerStep({
        kind: 'model_write',
        filename: 'intro-email.md',
        format: 'markdown',
        instructions:
          'Write a short, friendly sales intro email to {{ input.prospect_name }} at {{ input.company }}, introducing what we sell: {{ input.what_we_sell }}.',
      }),
    ],
    notes: [],
  };
}
