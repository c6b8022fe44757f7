import { makeField, phraseToField } from '../fields';
import { FIELD_HEADS, FILLER, TRANSFORM_VERBS, WEAK_HEADS } from '../lexicon';
import { snakeCase } from '../../workflow/text-case';
import { group, lastWord, type ReadState } from './state';

/**
 * The object of an opening transform verb is the input: "Research a company", "Convert a
 * markdown document to HTML".
 */
export function readVerbObject(state: ReadState): void {
  const { prompt } = state;
  const opening = openingObject(prompt.lower);
  if (!opening || TRANSFORM_VERBS[opening.verb] === undefined) return;
  const { start, end } = opening;
  if (!prompt.isFree(start, end)) return;
  // "Estimate a project cost", "Send a welcome email": the object is what the workflow makes.
  // "Summarize an article from its URL": the object is behind the link the prompt asks for instead.
  const linked = /^\s+(?:from|at|via|by) (?:its|their|the|a) (?:url|link|web address)\b/.test(prompt.lower.slice(end));
  if (MAKING_VERBS.has(opening.verb) || linked) {
    prompt.mask(start, end);
    return;
  }
  const words = opening.phrase.split(/\s+/);
  const head = lastWord(words);
  const content = CONTENT_VERBS.has(opening.verb);
  let field = phraseToField(opening.phrase, start, { allowUnknown: false });
  // "Classify an email": a verb that reads its object reads the message, not an address.
  if (field && content && field.kind === 'email')
    field = makeField(`${field.key}_text`, 'text', field.head, start, { qualified: true });
  if (!field && DOCUMENT_WORDS.has(head))
    field = makeField(snakeCase(words.filter((w) => !FILLER.has(w)).join(' ')), 'text', head, start);
  if (!field && WEAK_HEADS.has(head) && words.length === 1)
    field = makeField(head, FIELD_HEADS.get(head) ?? 'string', head, start);
  // "Classify a support ticket": what such a verb reads is text, unless the prompt already named the values it is made of.
  if (!field && content && state.fields.all().every((f) => f.kind === 'enum' || f.kind === 'boolean')) {
    const named = phraseToField(opening.phrase, start, { allowUnknown: true });
    if (named) field = makeField(named.key, 'text', named.head, start);
  }
  if (!field) return;
  state.fields.add(field);
  prompt.mask(start, end);
}

/**
 * "Classify a ticket by urgency (low, medium, high)": what a sorting verb sorts by is its
 * output, so neither it nor its values are inputs.
 */
export function readSortKey(state: ReadState): void {
  const { prompt } = state;
  const opening = openingObject(prompt.lower);
  if (!opening || !SORTING_VERBS.has(opening.verb)) return;
  const by =
    /^\s+(?:according to|by)\s+(?:its |their |the |how )?[a-z][\w-]*(?: (?:level|type|category|score|rating))?(?:\s*\([^)]*\)|\s*:[^.;!?\n]*)?/.exec(
      prompt.lower.slice(opening.end),
    );
  if (by) prompt.mask(opening.end, opening.end + by[0].length);
}

/** The object of the verb a prompt opens with: "classify [a support ticket] by urgency". */
function openingObject(lower: string): { verb: string; phrase: string; start: number; end: number } | null {
  const opening =
    /^(?:please\s+)?([a-z]+)(?:\s+up)?\s+(?:(?:a|an|the|this|my|our|some|each|every|incoming|new|any)\s+)*((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)(?=\s+(?:from|for|with|using|to|into|in|on|as|and|by|about|that|which|so|then|every|each|one|before|after|according)\b|\s*[,.;:!?(\n]|$)/.exec(
      lower,
    );
  if (!opening) return null;
  const end = opening.index + opening[0].length;
  return { verb: group(opening, 1), phrase: group(opening, 2), start: end - group(opening, 2).length, end };
}

/** Verbs that read their object's text: the object is the content, whatever noun names it. */
const CONTENT_VERBS = new Set([
  'classify',
  'categorize',
  'categorise',
  'triage',
  'tag',
  'rate',
  'score',
  'grade',
  'summarize',
  'summarise',
  'translate',
  'proofread',
  'rewrite',
  'shorten',
  'analyze',
  'analyse',
  'review',
  'parse',
  'assess',
  'evaluate',
  'screen',
  'route',
]);

/** Opening verbs whose object is the result, not an input. */
const MAKING_VERBS = new Set(['estimate', 'calculate', 'compute', 'send']);

/** Verbs whose "by …" names the label they give, not a value they are given. */
const SORTING_VERBS = new Set([
  'classify',
  'categorize',
  'categorise',
  'triage',
  'tag',
  'label',
  'rate',
  'score',
  'grade',
  'rank',
  'sort',
  'group',
  'route',
  'prioritize',
  'prioritise',
  'segment',
  'analyze',
  'analyse',
  'assess',
  'evaluate',
]);

/** Output nouns that, as the object of "convert", "review" or "summarize", are text to work on. */
const DOCUMENT_WORDS = new Set([
  'document',
  'documents',
  'file',
  'page',
  'webpage',
  'letter',
  'draft',
  'email',
  'post',
  'memo',
  'proposal',
  'report',
  'brief',
  'doc',
  'markdown',
  'reply',
  'response',
  'newsletter',
]);
