import { z } from 'zod';
import { defineKind, param } from '../kind';
import { ANSWER_LIMITS as L, specParts } from '../step-parts';
import { renderTemplate } from '../templates/liquid';

const spec = z.object({ kind: z.literal('approval'), message: z.string(), syntax: specParts.syntax });

/** Stops in human_in_the_loop until someone approves; a rejection ends the execution in error. */
export const approval = defineKind({
  kind: 'approval',
  spec,
  label: 'Approval',
  seconds: 0,
  extension: null,
  run: (step, { input }) => ({
    kind: 'approval',
    message: renderTemplate(step.message, { input }, { escape: 'none' }),
  }),
  describe: () => 'Waits for a person to approve before going on.',
  model: {
    description: 'waits until a person approves; "message" says what to check.',
    parameters: {
      message: param.text(L.message, 'what the reviewer is asked', 'template'),
    },
    fromAnswer(answer, check) {
      if (!check.required('a message', answer.message)) return null;
      check.template('message', answer.message);
      return { kind: 'approval', message: answer.message, syntax: 'liquid' as const };
    },
  },
});
