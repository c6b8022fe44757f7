import {
  descriptionId,
  errorId,
  helpId,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type TitleFieldProps,
} from '@rjsf/utils';
import { cn } from '@/lib/cn';
import { ErrorLines, RequiredMark, useShownErrors } from './field-parts';

export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, help, rawDescription, hidden, required, displayLabel, schema, uiSchema } =
    props;
  const errors = useShownErrors(id, rawErrors);
  if (hidden) return <div className="hidden">{children}</div>;
  const isCheckbox = schema.type === 'boolean' && uiSchema?.['ui:widget'] !== 'select';
  const isContainer = schema.type === 'object' || schema.type === 'array';
  return (
    <div className={cn(id === 'root' ? '' : 'space-y-1.5')}>
      {displayLabel && !isCheckbox && !isContainer && label && (
        <label htmlFor={id} className="block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {label}
          {required && <RequiredMark />}
        </label>
      )}
      {displayLabel && !isCheckbox && !isContainer && rawDescription && (
        <p id={descriptionId(id)} className="text-xs text-zinc-500 dark:text-zinc-400">
          {rawDescription}
        </p>
      )}
      {children}
      {!isContainer && errors.length > 0 && <ErrorLines id={errorId(id)} errors={errors} />}
      {help}
    </div>
  );
}

/** Field errors are drawn by FieldTemplate (which knows whether the field was touched). */
export function FieldErrorTemplate(_props: FieldErrorProps) {
  return null;
}

export function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <p id={helpId(fieldPathId)} className="text-xs text-zinc-500 dark:text-zinc-400">
      {help}
    </p>
  );
}

export function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className="text-xs text-zinc-500 dark:text-zinc-400">
      {description}
    </p>
  );
}

export function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
      {title}
      {required && <RequiredMark />}
    </legend>
  );
}

export function ObjectFieldTemplate({
  title,
  description,
  properties,
  fieldPathId,
  required,
  schema,
  uiSchema,
}: ObjectFieldTemplateProps) {
  const isRoot = fieldPathId.$id === 'root';
  // An object inside a list is already labelled "Item N" by its row; RJSF's "Products-2" title would only repeat it.
  const isListItem = /_\d+$/.test(fieldPathId.$id);
  const heading = isListItem ? undefined : ((uiSchema?.['ui:title'] as string | undefined) ?? title);
  const body = <div className="space-y-5">{properties.filter((p) => !p.hidden).map((p) => p.content)}</div>;
  if (isRoot) return body;
  return (
    <fieldset id={fieldPathId.$id} className="space-y-4 rounded-lg border border-zinc-200 p-4 dark:border-zinc-800">
      {heading && (
        <legend className="px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          {heading}
          {required && <RequiredMark />}
        </legend>
      )}
      {(description ?? schema.description) && (
        <p className="-mt-2 text-xs text-zinc-500 dark:text-zinc-400">{description ?? schema.description}</p>
      )}
      {body}
    </fieldset>
  );
}
