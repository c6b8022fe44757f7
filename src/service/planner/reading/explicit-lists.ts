import { phraseToField, type Field } from '../fields';
import { COMPOUNDS, FIELD_HEADS, LIST_HEADS, OUTPUT_WORDS, STOP, WEAK_HEADS } from '../lexicon';
import { lastWordOf, sentenceCase, snakeCase } from '../../workflow/text-case';
import { splitItems, listEnd, freePrefix } from './items';
import type { ReadState } from './state';

/** "[collect] the visitor name" after a colon: the asking verb is not part of the input's name. */
function withoutAsking(item: { text: string; start: number }): { text: string; start: number } {
  const verb = /^\s*(?:collect|capture|enter|provide|supply|take|use|ask for|fill in)\s+/.exec(item.text);
  return verb ? { text: item.text.slice(verb[0].length), start: item.start + verb[0].length } : item;
}

/** Inputs listed after "inputs:", "given …" (strong) or "from/with/for …" (weak, known nouns only). */
export function readExplicitLists(state: ReadState): void {
  const { prompt } = state;
  const strong =
    /\b(?:inputs?|fields?|parameters|params|form fields?|details|information|info)\s*(?:are|is|:|-)\s*|\b(?:given|takes?|accepts?|asks? for|collects?|expects?|provide|enter|supply|fill in)\s+(?:as input\s+|in\s+)?|(?<=[a-z)])\s*:\s+(?=\S)/g;
  const weak = /\b(?:from|using|based on|for|with|about|of|on|containing|including)\s+/g;
  for (const [pattern, isStrong] of [
    [strong, true],
    [weak, false],
  ] as const) {
    for (const match of prompt.matches(pattern)) {
      const start = match.index + match[0].length;
      const end = listEnd(prompt.lower, start);
      const items = splitItems(prompt.lower.slice(start, end), start, (a, b) => prompt.isFree(a, b))
        .map((item) => freePrefix(withoutAsking(item), prompt))
        .filter((item) => item.text.trim() !== '');
      const fields = items.map((item) =>
        phraseToField(item.text, item.start + (item.text.length - item.text.trimStart().length), {
          allowUnknown: true,
        }),
      );
      const known = fields.filter((field): field is Field => field !== null && isKnown(field));
      const colon = isStrong && match[0].includes(':') && !/^(?:inputs?|fields?|parameters|params)\b/.test(match[0]);
      // A weak or bare-colon trigger only counts when it names something we recognize as an input.
      if ((!isStrong || colon) && known.length === 0) continue;
      if (colon && items.length < 2 && !/^(?:input|field)/.test(match[0])) continue;
      // "a company given its name": the name is the company's.
      // Read from what is still free, so "find the company's industry [taken as output] from its name" is the company's.
      const from = Math.max(0, match.index - 60);
      const before = [...prompt.lower.slice(from, match.index)].map((c, i) =>
        prompt.isFree(from + i, from + i + 1) ? c : ' ',
      );
      // The separators of a list taken as output stay free: skip them back to the owner.
      const words = before
        .join('')
        .split(/[\s,]+/)
        .filter((word) => word !== '' && word !== 'and' && word !== 'or');
      const owner = lastWordOf((words.at(-1) ?? '').replace(/'s$/, ''));
      const ownedStart = /^(?:its|their)\s/;
      let added = 0;
      for (const [index, field] of fields.entries()) {
        if (!field) continue;
        if (
          owner &&
          !STOP.has(owner) &&
          !OUTPUT_WORDS.has(owner) &&
          ownedStart.test(items[index]?.text.trim() ?? '') &&
          ['name', 'title', 'id'].includes(field.key)
        ) {
          field.key = snakeCase(`${owner} ${field.key}`);
          field.title = sentenceCase(field.key);
          field.qualified = true;
        }
        if (!isStrong && WEAK_HEADS.has(field.head) && !field.qualified && !known.includes(field) && known.length < 2)
          continue;
        // An unknown multi-word noun only counts beside known inputs in the same enumeration ("company size, budget and industry").
        if (!isStrong && !known.includes(field) && field.key.includes('_') && !(items.length >= 2 && known.length > 0))
          continue;
        state.fields.add(field);
        added++;
      }
      if (added > 0) {
        if (isStrong) state.strongList = true;
        prompt.mask(start, end);
      }
    }
  }
}

const COMPOUND_KEYS = new Set(Object.values(COMPOUNDS).map((compound) => compound.key));

/** Whether a field's noun is one the lexicon knows as an input (not just any noun in a list). */
function isKnown(field: Field): boolean {
  if (WEAK_HEADS.has(field.head) && !field.qualified) return false;
  return (
    FIELD_HEADS.has(field.head) ||
    LIST_HEADS.has(field.head) ||
    field.head === 'number' ||
    field.kind !== 'string' ||
    COMPOUND_KEYS.has(field.head)
  );
}
