// The default answers of the runnable fake model (fake-model-main.ts): a planning request gets a plan
// made from the prompt's words, a writing request a short text, or JSON under the schema it sends.
import { PLAN_SCHEMA_NAME } from '../model/plan-request';
import { kebabCase, sentenceCase, snakeCase } from '../lib/text-case';
import type { FakeAnswer, RecordedRequest } from './fake-model';
import { answerInput, answerStep } from './model-plans';

type Message = { role: string; content: string };
type Schema = { type?: string | string[]; properties?: Record<string, Schema>; enum?: unknown[]; items?: Schema };

const LONG = /\b(?:notes|text|description|transcript|body|what we sell|message|details)\b/;

/** The inputs a prompt names after "given", "from" or "with": "given their name, company and what we sell". */
function inputsOf(prompt: string) {
  const list = /\b(?:given|from|with|using)\s+(?:their|its|the|a|an)?\s*([^.;:]+)/i.exec(prompt)?.[1] ?? '';
  const phrases = list
    .split(/,|\band\b/)
    .map((phrase) => phrase.replace(/^\s*(?:their|its|the|a|an)\s+/i, '').trim())
    .filter((phrase) => /^[a-z][a-z ']{1,40}$/i.test(phrase))
    .slice(0, 6);
  if (phrases.length === 0) return [answerInput('text', 'Text', 'long text')];
  return phrases.map((phrase) =>
    answerInput(snakeCase(phrase), sentenceCase(phrase), LONG.test(phrase.toLowerCase()) ? 'long text' : 'short text'),
  );
}

function planOf(prompt: string) {
  const words = prompt
    .replace(/^\s*(?:write|draft|create|make|summari[sz]e)\s+(?:a|an|the)?\s*(?:short|brief)?\s*/i, '')
    .replace(/[^a-z0-9 ]/gi, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const name = sentenceCase(words.slice(0, 3).join(' ').toLowerCase()) || 'Written text';
  const inputs = inputsOf(prompt);
  const lines = inputs.map((input) => `${input.title}: {{ input.${input.key} }}`).join('\n');
  return {
    name,
    description: `Writes what was asked (${prompt.slice(0, 120)}) from ${inputs.map((i) => i.title.toLowerCase()).join(', ')}.`,
    concurrency: 'medium',
    inputs,
    steps: [
      answerStep({
        kind: 'model_write',
        filename: `${kebabCase(words.slice(0, 3).join(' ')) || 'text'}.md`,
        format: 'markdown',
        instructions: `${prompt.slice(0, 1000)}\n\n${lines}`,
      }),
    ],
    notes: [],
  };
}

/** A value that meets a (simple) JSON Schema: the first of an enum, a placeholder of each type. */
function sample(schema: Schema): unknown {
  if (schema.enum) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object')
    return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, child]) => [key, sample(child)]));
  if (type === 'array') return schema.items ? [sample(schema.items)] : [];
  if (type === 'number' || type === 'integer') return 1;
  if (type === 'boolean') return true;
  return 'An example value written by the fake model.';
}

export function defaultAnswer(request: RecordedRequest): FakeAnswer {
  const messages = request.body.messages as Message[];
  const format = request.body.response_format as { json_schema?: { name?: string; schema?: Schema } } | undefined;
  const asked = messages.filter((message) => message.role === 'user').at(-1)?.content ?? '';
  if (format?.json_schema?.name === PLAN_SCHEMA_NAME)
    return { json: planOf(asked.replace(/^Plan a workflow for this request:\s*/, '')) };
  if (format?.json_schema?.schema) return { json: sample(format.json_schema.schema) };
  // A writing step's user message says what to write after "What to write:", then holds the data.
  const topic = (/What to write:\n+([^\n]+)/.exec(asked)?.[1] ?? asked.split('\n')[0]!).slice(0, 160);
  return {
    text: `Hello,\n\nThis is a short draft written by the fake model for: ${topic}\n\nBest regards,\nThe fake model`,
  };
}
