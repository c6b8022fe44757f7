import {
  descriptionId,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  errorId,
  getInputProps,
  getOptionValueFormat,
  helpId,
  type ArrayFieldItemButtonsTemplateProps,
  type ArrayFieldItemTemplateProps,
  type ArrayFieldTemplateProps,
  type BaseInputTemplateProps,
  type DescriptionFieldProps,
  type FieldErrorProps,
  type FieldHelpProps,
  type FieldTemplateProps,
  type IconButtonProps,
  type ObjectFieldTemplateProps,
  type RegistryWidgetsType,
  type TemplatesType,
  type TitleFieldProps,
  type WidgetProps,
} from '@rjsf/utils';
import { createContext, useContext, type ChangeEvent, type FocusEvent } from 'react';
import { buttonClasses } from '@/components/ui/button';
import { PlusIcon, XIcon } from '@/components/ui/icons';
import { controlClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';

/**
 * RJSF templates and widgets styled like the rest of the app. Errors show under a field once the
 * user has left it (or after a submit attempt), never while they are still typing their first value.
 */
export const ErrorVisibility = createContext<(id: string) => boolean>(() => true);

const useShownErrors = (id: string, rawErrors: string[] | undefined) => {
  const visible = useContext(ErrorVisibility);
  return visible(id) && rawErrors && rawErrors.length > 0 ? [...new Set(rawErrors)] : [];
};

/** Only ids that exist on the page, so assistive tech never follows a dangling reference. */
const describedBy = (id: string, opts: { description?: boolean; errors?: boolean; help?: boolean }) =>
  [opts.description && descriptionId(id), opts.errors && errorId(id), opts.help && helpId(id)]
    .filter(Boolean)
    .join(' ') || undefined;

function RequiredMark() {
  return (
    <>
      <span className="ml-0.5 text-red-600 dark:text-red-400" aria-hidden="true">
        *
      </span>
      <span className="sr-only"> (required)</span>
    </>
  );
}

function FieldTemplate(props: FieldTemplateProps) {
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

function ErrorLines({ id, errors }: { id: string; errors: string[] }) {
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

/** Field errors are drawn by FieldTemplate (which knows whether the field was touched). */
function FieldErrorTemplate(_props: FieldErrorProps) {
  return null;
}

function FieldHelpTemplate({ help, fieldPathId }: FieldHelpProps) {
  if (!help) return null;
  return (
    <p id={helpId(fieldPathId)} className="text-xs text-zinc-500 dark:text-zinc-400">
      {help}
    </p>
  );
}

function DescriptionFieldTemplate({ id, description }: DescriptionFieldProps) {
  if (!description) return null;
  return (
    <p id={id} className="text-xs text-zinc-500 dark:text-zinc-400">
      {description}
    </p>
  );
}

function TitleFieldTemplate({ id, title, required }: TitleFieldProps) {
  return (
    <legend id={id} className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">
      {title}
      {required && <RequiredMark />}
    </legend>
  );
}

function BaseInputTemplate(props: BaseInputTemplateProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    onChangeOverride,
    options,
    schema,
    rawErrors,
    type,
    placeholder,
    required,
  } = props;
  const errors = useShownErrors(id, rawErrors);
  const inputProps = getInputProps(schema, type, options);
  const inputValue =
    inputProps.type === 'number' || inputProps.type === 'integer' ? (value || value === 0 ? value : '') : (value ?? '');
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
  return (
    <input
      id={id}
      name={htmlName || id}
      {...inputProps}
      value={inputValue}
      placeholder={placeholder}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      required={required}
      onChange={onChangeOverride || handleChange}
      onBlur={({ target }: FocusEvent<HTMLInputElement>) => onBlur(id, target.value)}
      onFocus={({ target }: FocusEvent<HTMLInputElement>) => onFocus(id, target.value)}
      aria-invalid={errors.length > 0 || undefined}
      aria-describedby={describedBy(id, { description: !!schema.description, errors: errors.length > 0 })}
      className={controlClasses(errors.length > 0, 'h-9')}
    />
  );
}

function TextareaWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    readonly,
    disabled,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    options,
    schema,
    rawErrors,
    placeholder,
    required,
  } = props;
  const errors = useShownErrors(id, rawErrors);
  return (
    <textarea
      id={id}
      name={htmlName || id}
      value={value ?? ''}
      placeholder={placeholder}
      rows={typeof options.rows === 'number' ? options.rows : 4}
      readOnly={readonly}
      disabled={disabled}
      autoFocus={autofocus}
      required={required}
      onChange={({ target }) => onChange(target.value === '' ? options.emptyValue : target.value)}
      onBlur={({ target }) => onBlur(id, target.value)}
      onFocus={({ target }) => onFocus(id, target.value)}
      aria-invalid={errors.length > 0 || undefined}
      aria-describedby={describedBy(id, { description: !!schema.description, errors: errors.length > 0 })}
      className={controlClasses(errors.length > 0, 'py-2 leading-relaxed')}
    />
  );
}

function SelectWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    disabled,
    readonly,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    options,
    schema,
    rawErrors,
    required,
    placeholder,
  } = props;
  const errors = useShownErrors(id, rawErrors);
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '');
  return (
    <select
      id={id}
      name={htmlName || id}
      value={typeof selected === 'string' ? selected : ''}
      disabled={disabled || readonly}
      autoFocus={autofocus}
      required={required}
      onChange={(e) => onChange(decode(e.target.value))}
      onBlur={(e) => onBlur(id, decode(e.target.value))}
      onFocus={(e) => onFocus(id, decode(e.target.value))}
      aria-invalid={errors.length > 0 || undefined}
      aria-describedby={describedBy(id, { description: !!schema.description, errors: errors.length > 0 })}
      className={controlClasses(errors.length > 0, 'h-9 pr-8')}
    >
      {schema.default === undefined && <option value="">{placeholder || 'Choose…'}</option>}
      {enumOptions.map(({ value: optionValue, label }, i) => (
        <option
          key={String(optionValue)}
          value={enumOptionValueEncoder(optionValue, i, format)}
          disabled={enumDisabled?.includes(optionValue)}
        >
          {label}
        </option>
      ))}
    </select>
  );
}

function CheckboxWidget(props: WidgetProps) {
  const {
    id,
    htmlName,
    value,
    disabled,
    readonly,
    autofocus,
    onBlur,
    onFocus,
    onChange,
    label,
    schema,
    required,
    rawErrors,
  } = props;
  const errors = useShownErrors(id, rawErrors);
  return (
    <div className="space-y-1">
      <label
        htmlFor={id}
        className="inline-flex cursor-pointer items-center gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200"
      >
        <input
          id={id}
          name={htmlName || id}
          type="checkbox"
          checked={value === true}
          disabled={disabled || readonly}
          autoFocus={autofocus}
          onChange={(e) => onChange(e.target.checked)}
          onBlur={(e) => onBlur(id, e.target.checked)}
          onFocus={(e) => onFocus(id, e.target.checked)}
          aria-describedby={describedBy(id, { description: !!schema.description, errors: errors.length > 0 })}
          className="size-4 rounded accent-indigo-600"
        />
        {label}
        {required && schema.const === true && <RequiredMark />}
      </label>
      {schema.description && (
        <p id={descriptionId(id)} className="text-xs text-zinc-500 dark:text-zinc-400">
          {schema.description}
        </p>
      )}
    </div>
  );
}

function ObjectFieldTemplate({
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

function ArrayFieldTemplate({
  title,
  items,
  canAdd,
  onAddClick,
  fieldPathId,
  required,
  schema,
  disabled,
  readonly,
  rawErrors,
  uiSchema,
}: ArrayFieldTemplateProps) {
  const id = fieldPathId.$id;
  const errors = useShownErrors(id, rawErrors);
  const heading = (uiSchema?.['ui:title'] as string | undefined) ?? title;
  return (
    <fieldset
      id={id}
      className={cn(
        'space-y-3 rounded-lg border p-4',
        errors.length ? 'border-red-400 dark:border-red-500/60' : 'border-zinc-200 dark:border-zinc-800',
      )}
    >
      <legend className="px-1 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
        {heading}
        {required && <RequiredMark />}
      </legend>
      {schema.description && <p className="-mt-1 text-xs text-zinc-500 dark:text-zinc-400">{schema.description}</p>}
      {items.length === 0 && <p className="text-sm text-zinc-500 dark:text-zinc-400">No items yet.</p>}
      <div className="space-y-3">{items}</div>
      {errors.length > 0 && <ErrorLines id={errorId(id)} errors={errors} />}
      {canAdd && (
        <button
          type="button"
          onClick={onAddClick}
          disabled={disabled || readonly}
          className={buttonClasses('secondary', 'sm')}
        >
          <PlusIcon /> Add {heading ? `to ${heading.toLowerCase()}` : 'item'}
        </button>
      )}
    </fieldset>
  );
}

function ArrayFieldItemTemplate({ children, buttonsProps, hasToolbar, index }: ArrayFieldItemTemplateProps) {
  return (
    <div className="flex items-start gap-2" role="group" aria-label={`Item ${index + 1}`}>
      <div className="min-w-0 flex-1">{children}</div>
      {hasToolbar && <ArrayItemButtons {...buttonsProps} />}
    </div>
  );
}

function ArrayItemButtons({
  hasRemove,
  onRemoveItem,
  hasMoveUp,
  hasMoveDown,
  onMoveUpItem,
  onMoveDownItem,
  index,
  disabled,
  readonly,
}: ArrayFieldItemButtonsTemplateProps) {
  const iconButton =
    'inline-flex size-9 items-center justify-center rounded-md border border-zinc-300 text-zinc-600 hover:bg-zinc-50 hover:text-zinc-900 disabled:opacity-40 dark:border-zinc-700 dark:text-zinc-300 dark:hover:bg-zinc-800';
  const off = disabled || readonly;
  return (
    <div className="flex shrink-0 gap-1">
      {(hasMoveUp || hasMoveDown) && (
        <>
          <button
            type="button"
            className={iconButton}
            onClick={onMoveUpItem}
            disabled={off || !hasMoveUp}
            aria-label={`Move item ${index + 1} up`}
          >
            <span aria-hidden="true">↑</span>
          </button>
          <button
            type="button"
            className={iconButton}
            onClick={onMoveDownItem}
            disabled={off || !hasMoveDown}
            aria-label={`Move item ${index + 1} down`}
          >
            <span aria-hidden="true">↓</span>
          </button>
        </>
      )}
      {hasRemove && (
        <button
          type="button"
          className={iconButton}
          onClick={onRemoveItem}
          disabled={off}
          aria-label={`Remove item ${index + 1}`}
        >
          <XIcon />
        </button>
      )}
    </div>
  );
}

function AddButton({ onClick, disabled }: IconButtonProps) {
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={buttonClasses('secondary', 'sm')}>
      <PlusIcon /> Add
    </button>
  );
}

function RemoveButton({ onClick, disabled }: IconButtonProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      className={buttonClasses('ghost', 'sm')}
      aria-label="Remove"
    >
      <XIcon />
    </button>
  );
}

/** The form's own submit row is passed as children, so RJSF's default submit never renders. */
function NoSubmit() {
  return null;
}

export const templates: Partial<TemplatesType> = {
  FieldTemplate,
  FieldErrorTemplate,
  FieldHelpTemplate,
  DescriptionFieldTemplate,
  TitleFieldTemplate,
  BaseInputTemplate,
  ObjectFieldTemplate,
  ArrayFieldTemplate,
  ArrayFieldItemTemplate,
  ArrayFieldItemButtonsTemplate: ArrayItemButtons,
  ButtonTemplates: {
    AddButton,
    RemoveButton,
    SubmitButton: NoSubmit,
    CopyButton: NoSubmit,
    MoveUpButton: NoSubmit,
    MoveDownButton: NoSubmit,
    ClearButton: NoSubmit,
  },
};

export const widgets: RegistryWidgetsType = {
  TextareaWidget,
  SelectWidget,
  CheckboxWidget,
};
