import type { PlanAnswer } from '../model/plan-answer';

type StepAnswer = PlanAnswer['steps'][number];
type InputAnswer = PlanAnswer['inputs'][number];

const NO_PARAMETERS: Omit<StepAnswer, 'kind'> = {
  filename: null,
  title: null,
  instructions: null,
  format: null,
  labels: null,
  json_fields: null,
  template: null,
  fields: null,
  field: null,
  sentences: null,
  message: null,
  rule: null,
  value: null,
  limit: null,
  findings: null,
};

/** A step as the model answers it: the parameters its kind does not use are null. */
export function answerStep(step: Partial<StepAnswer> & Pick<StepAnswer, 'kind'>): StepAnswer {
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
