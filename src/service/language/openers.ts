/**
 * Where an imperative opens besides a sentence's start: after the time a prompt runs at ("Every Monday
 * morning check the stock…") and after a heading's dash ("Allergen check - paste in the recipe…").
 */
import { VERB_CLASSES, VERBS } from '../../contract/prompt-words';
import type { Token } from './retag';

/** Words of a time a prompt opens with: "Every Monday morning", "Each evening at 6pm", "On Fridays". */
const WHEN =
  /^(?:every|each|on|at|other|first|last|morning|evening|afternoon|night|day|week|month|weekend|[a-z]+days?|\d{1,2}(?::\d\d)?|am|pm)$/;

/** "Every Monday morning check the stock…": the word after a time a sentence opens with, without a comma. */
export function afterWhen(tokens: Token[], i: number): boolean {
  let at = i - 1;
  while (at >= 0 && at > i - 6 && WHEN.test(tokens[at]!.lower)) at--;
  const opens = at < 0 || /^[.!?:;\n]$/.test(tokens[at]!.text);
  return at < i - 2 && opens && /^(?:every|each|on)$/.test(tokens[at + 1]!.lower);
}

/** "Allergen check - paste in the recipe…": a verb after a heading's dash, before what it acts on, bids. */
export function afterHeading(tokens: Token[], i: number): boolean {
  const particle = /^(?:in|out|up)$/.test(tokens[i + 1]?.lower ?? '') ? 1 : 0;
  const object = /^(?:DET|PRON)$/.test(tokens[i + 1 + particle]?.pos ?? '');
  const verb = VERBS.has(tokens[i]!.lower) || VERB_CLASSES.takes.has(tokens[i]!.lower);
  return /^[-–—]$/.test(tokens[i - 1]?.text ?? '') && verb && object;
}

/** "type of van", "list of guests": a word before "of" names a thing, so it neither bids nor gives. */
export const namesAThing = (tokens: Token[], i: number): boolean => tokens[i + 1]?.lower === 'of';
