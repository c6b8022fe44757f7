import type { StepSpec } from '../../../workflow/plan-types';
import { kindOf } from '../../../steps/registry';

/** A readable label for a step: its kind, and the file it writes or the field it checks. */
export function stepName(step: StepSpec): string {
  const kind = kindOf(step.kind);
  // A kind another version of the service stored: its own name is all there is.
  if (!kind) return step.kind;
  const subject = kind.subject?.(step) ?? ('filename' in step ? step.filename : undefined);
  return subject ? `${kind.label} · ${subject}` : kind.label;
}
