import { descriptionId, errorId, helpId, type BaseInputTemplateProps, type WidgetProps } from '@rjsf/utils';
import { createContext, useContext } from 'react';

/**
 * Whether a field's errors may show, provided by the form: once the user has left the field (or
 * after a submit attempt), never while they are still typing their first value.
 */
export const ErrorVisibility = createContext<(id: string) => boolean>(() => true);

export const useShownErrors = (id: string, rawErrors: string[] | undefined) => {
  const visible = useContext(ErrorVisibility);
  return visible(id) && rawErrors && rawErrors.length > 0 ? [...new Set(rawErrors)] : [];
};

/** Only ids that exist on the page, so assistive tech never follows a dangling reference. */
export const describedBy = (id: string, opts: { description?: boolean; errors?: boolean; help?: boolean }) =>
  [opts.description && descriptionId(id), opts.errors && errorId(id), opts.help && helpId(id)]
    .filter(Boolean)
    .join(' ') || undefined;

export function RequiredMark() {
  return (
    <>
      <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

export function ErrorLines({ id, errors }: { id: string; errors: string[] }) {
  return (
    <ul id={id} className="space-y-0.5" aria-live="polite">
      {errors.map((e) => (
        <li key={e} className="flex items-start gap-1 text-xs font-medium text-red-600 dark:text-red-400">
          <svg viewBox="0 0 16 16" className="mt-px size-3.5 shrink-0" fill="currentColor" aria-hidden="true">
            <path d="M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1Zm-.75 3.5h1.5v5h-1.5v-5Zm0 6.25h1.5v1.5h-1.5v-1.5Z" />
          </svg>
          {e}
        </li>
      ))}
    </ul>
  );
}

/**
 * What every text-like control shares: its name, focus, required state, and the ids of its
 * description and of the errors shown for it.
 */
export function useControl(props: WidgetProps | BaseInputTemplateProps) {
  const { id, htmlName, autofocus, required, schema, rawErrors } = props;
  const invalid = useShownErrors(id, rawErrors).length > 0;
  return {
    invalid,
    attributes: {
      id,
      name: htmlName || id,
      autoFocus: autofocus,
      required,
      'aria-invalid': invalid || undefined,
      'aria-describedby': describedBy(id, { description: !!schema.description, errors: invalid }),
    },
  };
}
