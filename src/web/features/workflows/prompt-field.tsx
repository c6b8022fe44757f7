import type { ComponentProps } from 'react';
import { Field, Textarea } from '@/components/ui/input';

/** The required prompt box of the create and re-plan forms: its hint is read first, then any error. */
export function PromptField({
  id,
  label,
  hint,
  error,
  ...textarea
}: { id: string; label: string; hint: string; error: string | null } & Omit<
  ComponentProps<typeof Textarea>,
  'id' | 'invalid' | 'aria-describedby'
>) {
  return (
    <Field id={id} label={label} required error={error} hint={hint}>
      <Textarea id={id} invalid={!!error} aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`} {...textarea} />
    </Field>
  );
}
