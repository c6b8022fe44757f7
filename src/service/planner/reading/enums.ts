import { makeField, type Field } from '../fields';
import { CREATION_VERBS, FIELD_HEADS, FILLER, LIST_HEADS, OUTPUT_WORDS, STOP, TRANSFORM_VERBS } from '../lexicon';
import { snakeCase, trimEndOf } from '../../workflow/text-case';
import { group, lastWord, type ReadState, groupStart } from './state';

const ENUM_HEADS =
  'tone|style|voice|priority|level|language|format|size|mode|category|type|status|length|audience|plan|tier|frequency|currency|sentiment|severity|channel|region|difficulty|urgency|gender|platform|theme';
const NOT_ENUM_KEYS = new Set([
  'input',
  'inputs',
  'field',
  'fields',
  'output',
  'outputs',
  'parameters',
  'params',
  'note',
  'example',
  'e.g',
  'eg',
  'ie',
  'i.e',
  'with',
  'from',
  'given',
  'takes',
  'needs',
]);

export function enumValues(list: string): string[] | null {
  const values = list
    .split(/(?<!\s)\s*(?:,\s*or\s|[,/|]|\bor\b)\s*/)
    .map((value) =>
      value
        .trim()
        .replace(/^(?:either|one of|an?|the)\s+/, '')
        .replace(/^["']|["']$/g, ''),
    )
    .filter(Boolean);
  if (values.length < 2 || values.length > 12) return null;
  if (values.some((value) => value.split(/\s+/).length > 3 || STOP.has(value))) return null;
  // "name, email or phone" lists fields, not choices.
  if (values.filter((value) => FIELD_HEADS.has(value) || LIST_HEADS.has(value)).length >= 2) return null;
  return [...new Set(values)];
}

export function enumKey(phrase: string): string | null {
  const words = phrase
    .trim()
    .split(/\s+/)
    .filter(
      (word) =>
        /^[a-z][a-z-]*$/.test(word) &&
        !STOP.has(word) &&
        !FILLER.has(word) &&
        !CREATION_VERBS.has(word) &&
        !TRANSFORM_VERBS[word],
    );
  const last = words.slice(-2);
  if (last.length === 0 || NOT_ENUM_KEYS.has(lastWord(last))) return null;
  // Keep a qualifier only when the last word is a generic one ("priority level", "output format").
  const key =
    last.length === 2 && /^(?:level|type|mode|format|style|size|length|category|status)$/.test(last[1] ?? '')
      ? last.join(' ')
      : lastWord(last);
  return OUTPUT_WORDS.has(key) ? null : key;
}

export function addEnum(
  state: ReadState,
  keyPhrase: string,
  values: string[],
  position: number,
  extra: Partial<Field> = {},
): void {
  const key = snakeCase(keyPhrase);
  const field = makeField(key, 'enum', lastWord(keyPhrase.split(' ')), position, { enumValues: values, ...extra });
  state.fields.add(field);
}

/** Choices: "tone: formal or casual", "priority (low, medium, high)", "a formal or casual tone", "in English or French". */
export function readEnums(state: ReadState): void {
  const { prompt } = state;
  const valueList = String.raw`((?:either\s+|one of\s+)?["']?[\w'-]+["']?(?:(?:\s*,\s*(?:or\s+)?|\s*\/\s*|\s+or\s+)["']?[\w'-]+["']?){1,11})`;
  // "tone: formal or casual", "priority = low/medium/high"
  for (const match of prompt.matches(
    new RegExp(String.raw`\b([a-z][a-z -]{0,30}?)\s*[:=]\s*${valueList}(?![\w'-])`, 'g'),
  )) {
    if (!/\bor\b|\//.test(group(match, 2))) continue;
    const key = enumKey(group(match, 1));
    const values = enumValues(group(match, 2));
    if (!key || !values) continue;
    addEnum(state, key, originalValues(state, values, match.index), groupStart(match, 2) - 2);
    prompt.mask(groupStart(match, 2) - 2, match.index + match[0].length);
    prompt.mask(match.index + group(match, 1).length - key.length, match.index + group(match, 1).length);
  }
  // "priority (low, medium, high)", "tone (formal or casual, default formal)"
  for (const match of prompt.matches(
    // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
    /\b(?<![a-z]-+)([a-z][a-z-]*(?: [a-z][a-z-]*)?)\s*\(\s*(?:one of\s*(?::\s*)?|either\s+)?([^()\s](?:[^()]*[^()\s])?)\s*\)/g,
  )) {
    const inner = group(match, 2);
    const defaultMatch = /\b(?:defaults?(?: to| is)?|by default)\s*(?::\s*)?["']?([\w'-]+)["']?\s*$/.exec(inner);
    const list = defaultMatch ? trimEndOf(inner.slice(0, defaultMatch.index), ' \t\n\r\f\v,') : inner;
    if (
      /^(?:optional|required|e\.?g\.?|i\.?e\.?|default|yes\s*\/\s*no|y\/n|true\s*\/\s*false)\b/.test(list.trim()) ||
      /\d/.test(list)
    )
      continue;
    const values = enumValues(list);
    const key = enumKey(group(match, 1));
    if (!values || !key) continue;
    const originals = originalValues(state, values, match.index);
    const fallback = defaultMatch
      ? originals.find((value) => value.toLowerCase() === group(defaultMatch, 1).toLowerCase())
      : undefined;
    const keyStart = match.index + group(match, 1).length - key.length;
    addEnum(state, key, originals, keyStart, fallback ? { default: fallback, required: false } : {});
    prompt.mask(keyStart, match.index + match[0].length);
  }
  // "a formal or casual tone"
  // The lookbehind reads back from a word start only, so each run of spaces is read once per word after it.
  for (const match of prompt.matches(
    new RegExp(
      // eslint-disable-next-line regexp/no-super-linear-move
      String.raw`\b(?<!\w-+)(?<![a-z][\w-]*\s*,\s*)((?:[a-z][\w-]*\s*,\s*)*[a-z][\w-]*\s*(?:,\s*)?(?:or|\/)\s*[a-z][\w-]*)\s+(${ENUM_HEADS})\b`,
      'g',
    ),
  )) {
    const values = enumValues(group(match, 1));
    if (!values) continue;
    addEnum(state, group(match, 2), originalValues(state, values, match.index), match.index);
    prompt.mask(match.index, match.index + match[0].length);
  }
  // "in English, French or German"
  for (const match of prompt.matches(/\b(?:in|into|to) ((?:[a-z]+, )*[a-z]+,? or [a-z]+)\b/g)) {
    const values = enumValues(group(match, 1));
    if (!values || !values.every((value) => LANGUAGES.has(value))) continue;
    addEnum(state, 'language', originalValues(state, values, match.index), match.index);
    prompt.mask(match.index, match.index + match[0].length);
  }
}

/** Enum values as the prompt wrote them ("Formal" stays "Formal"). */
export function originalValues(state: ReadState, values: string[], from: number): string[] {
  return values.map((value) => {
    const at = state.prompt.lower.indexOf(value, from);
    return at === -1 ? value : state.prompt.original(at, at + value.length);
  });
}

const LANGUAGES = new Set([
  'english',
  'french',
  'german',
  'spanish',
  'italian',
  'portuguese',
  'dutch',
  'japanese',
  'chinese',
  'korean',
  'arabic',
  'russian',
  'polish',
  'swedish',
  'danish',
  'norwegian',
  'finnish',
  'greek',
  'turkish',
  'hindi',
]);
