import { useId, useRef, useState } from 'react';
import { BadRequestError, isApiError } from '@/api/errors';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { LocalServiceScope } from './local-service-scope';
import { useCreateWorkflow } from './use-create-workflow';
import { PromptField } from './prompt-field';

const EXAMPLES = [
  'Write a company brief from a company name, its website and a tone: formal or casual',
  "Write a sales intro email from a contact's name, their email and their company's website",
  'Summarize meeting notes and extract every email address and date',
  'Build a CSV table from a list of products with a name and a price',
];

/** The optional fields, each with what it says while empty. */
const OPTIONAL_FIELDS = [
  { key: 'name', label: 'Name', placeholder: 'Chosen by the planner if empty' },
  { key: 'description', label: 'Description', placeholder: 'Optional' },
] as const;

/** A refusal that names the prompt belongs under the prompt field, not in the form's notice. */
const isPromptError = (error: unknown): error is BadRequestError =>
  error instanceof BadRequestError && /prompt/i.test(error.message);

/** The prompt is required; name and description are optional and the planner fills them in. */
export function CreateWorkflowForm() {
  const id = useId();
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const [prompt, setPrompt] = useState('');
  const [optional, setOptional] = useState({ name: '', description: '' });
  const [promptError, setPromptError] = useState<string | null>(null);

  const create = useCreateWorkflow();

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault();
    if (prompt.trim() === '') {
      setPromptError('Describe what the workflow should do.');
      promptRef.current?.focus();
      return;
    }
    setPromptError(null);
    create.mutate(
      { prompt, ...optional },
      {
        onError: (error) => {
          if (isPromptError(error)) {
            setPromptError(error.message);
            promptRef.current?.focus();
          }
        },
      },
    );
  };

  const otherError = create.error && !isPromptError(create.error) ? create.error : null;

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5" aria-label="New workflow">
      <LocalServiceScope />
      <div>
        <PromptField
          id={`${id}-prompt`}
          label="What should it do?"
          error={promptError}
          hint="Name the inputs you want to give it; the planner turns them into the run form."
          ref={promptRef}
          rows={5}
          value={prompt}
          onChange={(e) => {
            setPrompt(e.target.value);
            if (promptError) setPromptError(null);
          }}
          placeholder="Describe the task and the inputs it needs, in plain words."
        />
        <p id={`${id}-examples`} className="mt-3 text-xs font-medium text-zinc-600 dark:text-zinc-400">
          Or start from an example:
        </p>
        <div className="mt-1.5 flex flex-wrap gap-2" role="group" aria-labelledby={`${id}-examples`}>
          {EXAMPLES.map((example) => (
            <button
              key={example}
              type="button"
              onClick={() => {
                setPrompt(example);
                setPromptError(null);
              }}
              className="rounded-full border border-zinc-300 bg-white px-3 py-1 text-left text-xs text-zinc-700 hover:border-indigo-400 hover:text-indigo-700 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-300 dark:hover:border-indigo-500 dark:hover:text-indigo-300"
            >
              {example}
            </button>
          ))}
        </div>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        {OPTIONAL_FIELDS.map((field) => (
          <TextField
            key={field.key}
            id={`${id}-${field.key}`}
            label={field.label}
            value={optional[field.key]}
            onChange={(e) => setOptional((values) => ({ ...values, [field.key]: e.target.value }))}
            placeholder={field.placeholder}
          />
        ))}
      </div>
      {otherError && (
        <Notice tone="danger" role="alert" title="The workflow was not created">
          {isApiError(otherError) ? otherError.message : 'Something went wrong. Try again.'}
        </Notice>
      )}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" busy={create.isPending}>
          Create workflow
        </Button>
      </div>
    </form>
  );
}
