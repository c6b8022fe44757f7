import { z } from 'zod';
import { GUARD_RULES, runGuard } from '../guard';
import { defineKind, param, type DescribeContext } from '../kind';
import { ANSWER_LIMITS as L, files } from '../step-parts';

const spec = z.object({
  kind: z.literal('guard'),
  field: z.string().min(1),
  rule: z.enum(GUARD_RULES),
  /** not_contains: the text that must not appear. */
  value: z.string().optional(),
  /** Numeric rules: the bound; an absent field passes them (`required` covers absence). */
  limit: z.number().optional(),
  /** The run's error when the input breaks the rule; `{{value}}` is replaced by the offending value. */
  message: z.string(),
});
type GuardStep = z.infer<typeof spec>;

function breaks(step: GuardStep, context: DescribeContext): string {
  const field = `the ${context.title(step.field)}`;
  switch (step.rule) {
    case 'required':
      return `${field} is missing`;
    case 'not_contains':
      return `${field} contains "${step.value ?? ''}"`;
    case 'minimum':
      return `${field} is below ${step.limit}`;
    case 'maximum':
      return `${field} is above ${step.limit}`;
    case 'exclusive_minimum':
      return `${field} is ${step.limit} or less`;
    case 'exclusive_maximum':
      return `${field} is ${step.limit} or more`;
  }
}

/** Fails with its message when the input breaks the rule, before any later step runs. */
export const guard = defineKind({
  kind: 'guard',
  spec,
  label: 'Check',
  seconds: 1,
  extension: null,
  subject: (step) => step.field,
  run(step, { input }) {
    runGuard(step, input);
    return files();
  },
  describe: (step, context) => `Stops with an error when ${breaks(step, context)}.`,
  model: {
    description:
      'ends the run with "message" when input "field" breaks "rule" ("value" for not_contains, "limit" for numbers).',
    parameters: {
      field: param.text(L.key, 'the input key it checks', 'input'),
      message: param.text(L.message, 'the error a run ends with when the check fails'),
      rule: param.choice(GUARD_RULES, 'the check'),
      value: param.text(L.value, 'with rule not_contains: the text that must not appear'),
      limit: param.number('with a numeric rule: the bound'),
    },
    fromAnswer(answer, check) {
      if (
        !check.required('a field', answer.field) ||
        !check.required('a rule', answer.rule) ||
        !check.required('a message', answer.message)
      )
        return null;
      check.inputs([answer.field], false);
      if (answer.rule === 'not_contains' && !answer.value)
        check.error(`${check.where} needs the value that must not appear`);
      const numeric = answer.rule !== 'required' && answer.rule !== 'not_contains';
      if (numeric && answer.limit === null) check.error(`${check.where} needs a limit for the rule ${answer.rule}`);
      return {
        kind: 'guard',
        field: answer.field,
        rule: answer.rule,
        ...(answer.rule === 'not_contains' && answer.value ? { value: answer.value } : {}),
        ...(numeric && answer.limit !== null ? { limit: answer.limit } : {}),
        message: answer.message,
      };
    },
  },
});
