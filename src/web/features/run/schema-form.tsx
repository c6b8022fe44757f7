import Form from '@rjsf/core';
import type { ErrorSchema, RJSFSchema, RJSFValidationError } from '@rjsf/utils';
import { customizeValidator } from '@rjsf/validator-ajv8';
import type { Ajv } from 'ajv';
import { useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import { ajvClassFor } from '@contract/ajv-dialect';
import { schemaDialect } from '@contract/schema-dialect';
import { TIME_OF_DAY } from '@contract/time-of-day';
import { parseServerInputErrors, transformErrors } from './friendly-errors';
import { ErrorVisibility, templates, widgets } from './rjsf-theme';

type Input = Record<string, unknown>;

export interface SchemaFormProps {
  schema: Record<string, unknown>;
  formData: Input;
  onChange: (data: Input) => void;
  onSubmit: (data: Input) => void;
  /** A 400 message from the server, shown under the fields it names. */
  serverError?: string | null;
  children: ReactNode;
}

/** One validator per dialect, chosen as the service chooses (src/contract), so the form and the server agree. */
const validators = new Map<string, ReturnType<typeof customizeValidator<Input>>>();
function validatorFor(schema: Record<string, unknown>) {
  const dialect = schemaDialect(schema);
  let v = validators.get(dialect);
  if (v === undefined) {
    // RJSF types AjvClass as draft-07's Ajv; the 2019-09 and 2020-12 classes share its interface.
    v = customizeValidator<Input>({
      AjvClass: ajvClassFor(dialect) as typeof Ajv,
      customFormats: { time: TIME_OF_DAY },
    });
    validators.set(dialect, v);
  }
  return v;
}

function serverErrorSchema(message: string | null | undefined): ErrorSchema<Input> | undefined {
  if (!message) return undefined;
  const found = parseServerInputErrors(message);
  if (found.length === 0) return undefined;
  const root: Record<string, unknown> = {};
  for (const { path, message: text } of found) {
    let node = root;
    for (const key of path) node = (node[key] ??= {}) as Record<string, unknown>;
    ((node.__errors ??= []) as string[]).push(text.charAt(0).toUpperCase() + text.slice(1));
  }
  return root as ErrorSchema<Input>;
}

/** The input RJSF generated for an error's field: ".products.1.price" → #root_products_1_price. */
function focusField(error: RJSFValidationError): void {
  const path = (error.property ?? '').replace(/^\./, '').split('.').filter(Boolean);
  document.getElementById(['root', ...path].join('_'))?.focus();
}

/**
 * The run form generated from input_schema (RJSF + ajv8). Live validation is off: the form is
 * validated when a field loses focus (validateForm from onBlur) and on submit, and a field shows
 * its errors once it was left or a submit was tried. Only a submit moves focus to the first error.
 */
export default function SchemaForm({ schema, formData, onChange, onSubmit, serverError, children }: SchemaFormProps) {
  const formRef = useRef<Form<Input, RJSFSchema>>(null);
  const submitting = useRef(false);
  // A blur caused by pressing a button waits for the click: an error appearing in between would
  // move the button away from under the pointer and swallow the click.
  const pointerDown = useRef(false);
  const validationPending = useRef(false);
  const validate = () => {
    validationPending.current = false;
    formRef.current?.validateForm();
  };
  const [touched, setTouched] = useState<ReadonlySet<string>>(() => new Set());
  const [submitted, setSubmitted] = useState(false);
  const extraErrors = useMemo(() => serverErrorSchema(serverError), [serverError]);
  const visible = useCallback(
    (id: string) => submitted || !!extraErrors || [...touched].some((t) => t === id || t.startsWith(`${id}_`)),
    [submitted, touched, extraErrors],
  );
  return (
    <ErrorVisibility.Provider value={visible}>
      <div
        onSubmitCapture={() => {
          submitting.current = true;
          setSubmitted(true);
        }}
        onPointerDownCapture={() => {
          pointerDown.current = true;
        }}
        onPointerUpCapture={() => {
          pointerDown.current = false;
          if (validationPending.current) setTimeout(validate, 0);
        }}
        onPointerCancelCapture={() => {
          pointerDown.current = false;
          if (validationPending.current) validate();
        }}
      >
        <Form<Input, RJSFSchema>
          ref={formRef}
          schema={schema as RJSFSchema}
          formData={formData}
          validator={validatorFor(schema)}
          templates={templates}
          widgets={widgets}
          noHtml5Validate
          showErrorList={false}
          focusOnFirstError={(error) => {
            if (submitting.current) focusField(error);
          }}
          transformErrors={transformErrors}
          extraErrors={extraErrors}
          onChange={(e) => onChange((e.formData ?? {}) as Input)}
          onBlur={(id) => {
            setTouched((t) => (t.has(id) ? t : new Set(t).add(id)));
            if (pointerDown.current) validationPending.current = true;
            else validate();
          }}
          onError={() => {
            submitting.current = false;
          }}
          onSubmit={(e) => {
            submitting.current = false;
            onSubmit((e.formData ?? {}) as Input);
          }}
          className="space-y-6"
        >
          {children}
        </Form>
      </div>
    </ErrorVisibility.Provider>
  );
}
