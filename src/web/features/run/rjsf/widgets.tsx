import {
  descriptionId,
  enumOptionSelectedValue,
  enumOptionValueDecoder,
  enumOptionValueEncoder,
  getInputProps,
  getOptionValueFormat,
  type BaseInputTemplateProps,
  type WidgetProps,
} from '@rjsf/utils';
import { useState, type ChangeEvent } from 'react';
import { GrowTextarea } from '@/components/ui/grow-textarea';
import { controlClasses } from '@/components/ui/input';
import { completeUrl, wantsFullAddress } from '@/lib/complete-url';
import { isFreeText } from '@/lib/free-text';
import { describedBy, RequiredMark, useControl, useShownErrors } from './field-parts';

/** Phone keypads for decimals have no minus sign, so a field that takes negatives keeps the full keyboard. */
const canBeNegative = (schema: BaseInputTemplateProps['schema']): boolean =>
  !(
    (typeof schema.minimum === 'number' && schema.minimum >= 0) ||
    (typeof schema.exclusiveMinimum === 'number' && schema.exclusiveMinimum >= 0)
  );

/** Text and number inputs: RJSF renders every single-line field through this template. */
export function BaseInputTemplate(props: BaseInputTemplateProps) {
  // Free text (notes, a message, a large maxLength) gets a growing multi-line box, decided from the
  // schema alone so it holds against any v1 server; its line breaks reach the run's input.
  if ((props.type === undefined || props.type === 'text') && isFreeText(props.schema, props.name))
    return <TextareaWidget {...props} />;
  return <OneLineInput {...props} />;
}

function OneLineInput(props: BaseInputTemplateProps) {
  const { id, value, readonly, disabled, onBlur, onFocus, onChange, onChangeOverride, options, schema, type } = props;
  const { invalid, attributes } = useControl(props);
  const given = getInputProps(schema, type, options);
  // A browser's number box drops text it cannot read ("twelve hundred" arrives empty and is then
  // called missing), so numbers are typed as text and the form's own check says what is wrong.
  const numeric = given.type === 'number' || schema.type === 'number' || schema.type === 'integer';
  const inputProps = numeric
    ? {
        ...given,
        type: 'text',
        inputMode: canBeNegative(schema) ? undefined : ('decimal' as const),
        step: undefined,
        min: undefined,
        max: undefined,
      }
    : given;
  // The address this field was completed to, so the note stays until the person changes it.
  const [completedTo, setCompletedTo] = useState<string | null>(null);
  const inputValue = numeric ? (value || value === 0 ? value : '') : (value ?? '');
  const handleChange = ({ target }: ChangeEvent<HTMLInputElement>) =>
    onChange(target.value === '' ? options.emptyValue : target.value);
  /** Gives a bare domain its https:// in a field that wants a full URL; the text to report otherwise. */
  const complete = (text: string): string | null => {
    const full = wantsFullAddress(schema) && !readonly ? completeUrl(text) : null;
    if (full === null) return null;
    setCompletedTo(full);
    onChange(full);
    return full;
  };
  const noteId = `${id}-completed`;
  const completed = completedTo !== null && value === completedTo;
  return (
    <>
      <input
        {...attributes}
        {...inputProps}
        aria-describedby={[attributes['aria-describedby'], completed && noteId].filter(Boolean).join(' ') || undefined}
        value={inputValue}
        placeholder={props.placeholder}
        readOnly={readonly}
        disabled={disabled}
        onChange={onChangeOverride || handleChange}
        onBlur={({ target }) => {
          const full = complete(target.value);
          // The form checks its committed data, so the blur waits until the completed address is in it.
          if (full === null) onBlur(id, target.value);
          else setTimeout(() => onBlur(id, full), 0);
        }}
        onKeyDown={(e) => {
          // Enter submits straight away: complete first, so the run gets the full address.
          if (e.key === 'Enter') complete(e.currentTarget.value);
        }}
        onFocus={({ target }) => onFocus(id, target.value)}
        className={controlClasses(invalid, 'h-9')}
      />
      {completed && (
        <p id={noteId} className="text-xs text-emerald-700 dark:text-emerald-400">
          Added https:// in front, to make it a full URL.
        </p>
      )}
    </>
  );
}

function TextareaWidget(props: WidgetProps) {
  const { id, value, readonly, disabled, onBlur, onFocus, onChange, options } = props;
  const { invalid, attributes } = useControl(props);
  return (
    <GrowTextarea
      {...attributes}
      invalid={invalid}
      value={typeof value === 'string' ? value : value == null ? '' : String(value)}
      placeholder={props.placeholder}
      minRows={typeof options.rows === 'number' ? options.rows : 4}
      readOnly={readonly}
      disabled={disabled}
      onChange={({ target }) => onChange(target.value === '' ? options.emptyValue : target.value)}
      onBlur={({ target }) => onBlur(id, target.value)}
      onFocus={({ target }) => onFocus(id, target.value)}
    />
  );
}

function SelectWidget(props: WidgetProps) {
  const { id, value, disabled, readonly, onBlur, onFocus, onChange, options, schema, placeholder } = props;
  const { invalid, attributes } = useControl(props);
  const { enumOptions = [], enumDisabled, emptyValue } = options;
  const format = getOptionValueFormat(options);
  const decode = (raw: string) => enumOptionValueDecoder(raw, enumOptions, format, emptyValue);
  const selected = enumOptionSelectedValue(value, enumOptions, false, format, '');
  return (
    <select
      {...attributes}
      value={typeof selected === 'string' ? selected : ''}
      disabled={disabled || readonly}
      onChange={(e) => onChange(decode(e.target.value))}
      onBlur={(e) => onBlur(id, decode(e.target.value))}
      onFocus={(e) => onFocus(id, decode(e.target.value))}
      className={controlClasses(invalid, 'h-9 pr-8')}
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

/** A checkbox carries its own label and description, as FieldTemplate leaves them out for it. */
function CheckboxWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, autofocus, onBlur, onFocus, onChange, label, schema, required } =
    props;
  const errors = useShownErrors(id, props.rawErrors);
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

export const widgets = { TextareaWidget, SelectWidget, CheckboxWidget };
