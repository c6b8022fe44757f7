import type { PlanningNote } from '../../../contract/openapi-document';
import type { FieldSet, Field } from '../fields';
import type { GuardRule } from '../../workflow/plan-types';
import type { PromptText } from '../prompt-text';

/** A validation rule stated in the prompt ("fail if the amount is negative"). */
export interface GuardDraft {
  phrase: string;
  rule: GuardRule;
  value?: string;
  limit?: number;
  /** What must hold, for the message: "must not be negative". */
  expectation: string;
  position: number;
  numeric: boolean;
}

export type EntityKind = 'emails' | 'urls' | 'dates' | 'numbers' | 'action_items';

type Concurrency = 'low' | 'medium' | 'high';

export interface Reading {
  fields: Field[];
  guards: GuardDraft[];
  /** What the prompt asks to extract, in the order it names them. */
  entityKinds: EntityKind[];
  concurrency: Concurrency;
  /** The prompt with understood field mentions blanked, for reading its intent. */
  intentText: string;
  prompt: PromptText;
  /** What the prompt asks that the local service does not do. */
  notes: PlanningNote[];
  /** The lower-case prompt without the words the notes took (schedules, services), to name the workflow by. */
  namingText: string;
  /** What the prompt asks the workflow to find out or judge, in its own words ("look up order status"). */
  sought: string[];
}

/** What the stages share while reading one prompt; each stage masks in `prompt` what it understood. */
export interface ReadState {
  readonly prompt: PromptText;
  readonly fields: FieldSet;
  readonly guards: GuardDraft[];
  readonly entityKinds: EntityKind[];
  concurrency: Concurrency;
  readonly notes: PlanningNote[];
  readonly sought: string[];
  namingText: string;
  /** An explicit list of inputs ("inputs: …", "given …") was found, so no other nouns are inputs. */
  strongList: boolean;
}

export const END = String.raw`(?=[.;!?\n]|$)`;
export const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?)`;

export const num = (text: string) => Number(text.replace(/,/g, ''));

/** A capture group's text, or '' when the group did not take part in the match. */
export function group(match: RegExpMatchArray, index: number): string {
  return match[index] ?? '';
}

/** Where a capture group starts, for a group that ends where the whole match ends. */
export function groupStart(match: RegExpExecArray, index: number): number {
  return match.index + match[0].length - group(match, index).length;
}

/** The last word of a list of words, or ''. */
export function lastWord(words: readonly string[]): string {
  return words.at(-1) ?? '';
}
