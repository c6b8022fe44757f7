import { STOP } from '../lexicon';
import { addEnum, enumKey, enumValues, originalValues } from './enums';
import { group, type ReadState } from './state';

const ARTICLE = String.raw`(?:(?:an?|the)\s+)?`;
/** Two to eleven one-word values: "an NDA, MSA or SOW"; a clause after them ("…, and gives") is not one. */
const VALUES = String.raw`(${ARTICLE}[\w'-]+(?:(?:\s*,\s*(?:or\s+)?|\s+or\s+)${ARTICLE}(?!(?:and|then|but|so)\b)[\w'-]+){1,10})`;
/** People who pick or say things in a prompt; never what a choice is about. */
const PEOPLE = new Set(
  'user person someone customer client team manager reviewer caller applicant candidate author sender recipient requester visitor member employee student patient'.split(
    ' ',
  ),
);

/** The thing an "it" refers to: the last noun phrase before, that is not a person ("a contract"). */
function referent(before: string): string {
  const nouns = [
    ...before.matchAll(
      /\b(?:a|an|the|this|each) ([a-z][a-z-]*(?: [a-z][a-z-]*)?)(?=\s*[.,;:!?(]|\s+(?:for|of|to|from|and|with|in|on|is|are)\b|\s+[a-z]+s\b)/g,
    ),
  ]
    .map((match) => group(match, 1).split(' ').at(-1) ?? '')
    .filter((word) => word !== '' && !STOP.has(word) && !PEOPLE.has(word));
  return nouns.at(-1) ?? '';
}

/** Choices in words: "whether it is an NDA, MSA or SOW", "a tone that is one of friendly, expert or playful". */
export function readChoices(state: ReadState): void {
  const { prompt } = state;
  const whether = new RegExp(
    String.raw`\bwhether (?:it|this|that|the ([a-z][a-z-]*)) (?:is|was|should be|will be) ${VALUES}(?![\w'-])`,
    'g',
  );
  for (const match of prompt.matches(whether)) {
    const values = enumValues(group(match, 2));
    if (!values) continue;
    const subject = group(match, 1) || referent(prompt.lower.slice(Math.max(0, match.index - 200), match.index));
    const key = subject ? `${subject} type` : 'type';
    addEnum(state, key, originalValues(state, values, match.index), match.index);
    prompt.mask(match.index, match.index + match[0].length);
  }
  const oneOf = new RegExp(
    // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
    String.raw`\b(?<![a-z]-+)([a-z][a-z-]*)(?: of [a-z]+)?,?(?: (?:that|which) (?:is|are|must be|should be|can be))? (?:one of|either):? ${VALUES}(?![\w'-])`,
    'g',
  );
  for (const match of prompt.matches(oneOf)) {
    const key = enumKey(group(match, 1));
    const values = enumValues(group(match, 2));
    if (!key || !values) continue;
    addEnum(state, key, originalValues(state, values, match.index), match.index);
    prompt.mask(match.index, match.index + match[0].length);
  }
}
