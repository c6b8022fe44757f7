/**
 * An input field of a workflow: what the rule planner reads from a prompt and what a model's plan
 * names, before either becomes the plan's input_schema (input-schema.ts).
 */
import { sentenceCase } from '../lib/text-case';

/** What kind of value a field holds. */
export type FieldKind =
  | 'string'
  | 'text'
  | 'email'
  | 'uri'
  | 'date'
  | 'datetime'
  | 'time'
  | 'number'
  | 'integer'
  | 'boolean'
  | 'enum'
  | 'list'
  | 'rows';

/** The kind of value each list item holds (list fields only). */
export type ItemKind = 'string' | 'email' | 'uri' | 'date' | 'time' | 'number' | 'integer';

/** An input field the planner found in a prompt. */
export interface Field {
  key: string;
  title: string;
  kind: FieldKind;
  required: boolean;
  /** The noun the field is named after, so "the notes" later can refer back to "meeting notes". */
  head: string;
  /** Whether the key has words besides its head ("meeting notes" does, "notes" does not). */
  qualified: boolean;
  /** Where the prompt mentions it; fields keep the prompt's order. */
  position: number;
  /** A description taken from the prompt (booleans' "whether …"). */
  description?: string;
  enumValues?: string[];
  default?: unknown;
  /** A regular expression a short string must match (a currency code: three letters). */
  pattern?: string;
  minimum?: number;
  maximum?: number;
  itemKind?: ItemKind;
  columns?: Field[];
  /** Where the prompt's words for it end (a yes-or-no clause), so what the clause names is no input of its own. */
  end?: number;
}

export function makeField(
  key: string,
  kind: FieldKind,
  head: string,
  position: number,
  extra: Partial<Field> = {},
): Field {
  return { key, title: sentenceCase(key), kind, required: true, head, qualified: key !== head, position, ...extra };
}
