import { group, lastWord } from './reading/state';
import {
  COMPOUNDS,
  FIELD_HEADS,
  FILLER,
  IDENTIFIER_QUALIFIERS,
  LIST_HEADS,
  OUTPUT_WORDS,
  STOP,
  TEMPORAL,
  type FieldKind,
  type ItemKind,
} from './lexicon';
import { blankParenthesized, singular, snakeCase } from '../workflow/text-case';
import { makeField, type Field } from '../workflow/field';

export { makeField, type Field };

const OPTIONAL_TAIL =
  /(?<!\s)\s*(?:\(optional\)|(?:,\s*)?(?:if (?:available|known|any|possible|provided|applicable|given|you have (?:it|one|them))|when available|where available|optional(?:ly)?))\s*$/;
const OPTIONAL_HEAD = /^\s*(?:optionally|optional|maybe|possibly)\b\s*/;
/** Words after which the rest of a phrase no longer names the field ("name of the company"). */
const CUT_WORDS = new Set([
  'of',
  'for',
  'to',
  'from',
  'in',
  'on',
  'at',
  'by',
  'with',
  'about',
  'that',
  'which',
  'who',
  'whose',
  'where',
  'when',
  'into',
  'as',
  'so',
  'per',
  'if',
  'because',
  'then',
  'like',
  'such',
]);

const KIND_RANK: Record<FieldKind, number> = {
  string: 0,
  text: 1,
  email: 2,
  uri: 2,
  date: 2,
  datetime: 2,
  number: 2,
  integer: 3,
  boolean: 3,
  enum: 4,
  list: 4,
  rows: 5,
};

/** The kind of value a plural list noun holds (`emails` → email). */
export function itemKindOf(noun: string): ItemKind {
  const listKind = LIST_HEADS.get(noun);
  if (listKind) return listKind;
  const head = FIELD_HEADS.get(singular(noun));
  if (head === 'email' || head === 'uri' || head === 'date' || head === 'number' || head === 'integer') return head;
  return 'string';
}

const isNounWord = (word: string) =>
  /^[a-z][a-z0-9'-]*$/.test(word) && !STOP.has(word) && !FILLER.has(word) && !TEMPORAL.has(word);

export interface PhraseOptions {
  /** Accept a head the lexicon does not know (inside an explicit list of inputs). */
  allowUnknown: boolean;
}

/**
 * Reads a noun phrase ("the customer's email address", "shipping date if available") as a field,
 * or null when it names no input.
 */
export function phraseToField(raw: string, position: number, options: PhraseOptions): Field | null {
  let phrase = blankParenthesized(raw.toLowerCase())
    .replace(/['’]s\b/g, '')
    .replace(/["“”]/g, ' ')
    .trim();
  let optional = false;
  if (OPTIONAL_TAIL.test(phrase)) {
    optional = true;
    phrase = phrase.replace(OPTIONAL_TAIL, '');
  }
  if (OPTIONAL_HEAD.test(phrase)) {
    optional = true;
    phrase = phrase.replace(OPTIONAL_HEAD, '');
  }
  let list = false;
  const listOf = /^(?:.*\b)?(?:list|array|set|collection) of (.*)$/.exec(phrase);
  if (listOf) {
    list = true;
    phrase = group(listOf, 1);
  }
  const numberOf = /^(?:.*\b)?(?:the )?(?:number|count) of ([a-z][a-z-]*(?: [a-z][a-z-]*)?)/.exec(phrase);
  if (numberOf) {
    const noun = group(numberOf, 1).split(' ').filter(isNounWord).join(' ');
    if (!noun) return null;
    return makeField(snakeCase(`number of ${noun}`), 'integer', 'number', position, {
      required: !optional,
      minimum: 0,
    });
  }
  const yearsOf = /\b(years|months|hours|days) of ([a-z]+)/.exec(phrase);
  if (yearsOf)
    return makeField(snakeCase(`${yearsOf[1]} of ${yearsOf[2]}`), 'integer', group(yearsOf, 1), position, {
      required: !optional,
      minimum: 0,
    });
  if (/\bdate of birth\b/.test(phrase))
    return makeField('date_of_birth', 'date', 'date', position, { required: !optional, qualified: true });

  const all = phrase.split(/[\s/]+/).filter(Boolean);
  const cut = all.findIndex((word, index) => index > 0 && CUT_WORDS.has(word));
  let words = (cut === -1 ? all : all.slice(0, cut)).map((word) => word.replace(/[^a-z0-9'-]/g, '')).filter(Boolean);
  // "first name" and the like survive the filler rule that would drop "first".
  const rawPair = words.slice(-2).join(' ');
  const keptCompound =
    COMPOUNDS[rawPair] !== undefined && FILLER.has(words.at(-2) ?? '') ? rawPair.replace(' ', '-') : null;
  if (keptCompound) words = [...words.slice(0, -2), keptCompound];
  while (words.length > 0 && !isNounWord(words[0] ?? '')) words = words.slice(1);
  while (words.length > 0 && !isNounWord(lastWord(words))) words = words.slice(0, -1);
  // A phrase with function words inside it is a clause, not a name.
  if (words.length === 0 || words.some((word) => !isNounWord(word))) return null;
  const head = lastWord(words);
  const headKind = FIELD_HEADS.get(head);
  if (OUTPUT_WORDS.has(head)) return null;
  let qualifiers = words.slice(Math.max(0, words.length - 3), -1).filter((word) => !OUTPUT_WORDS.has(word));

  const pair = keptCompound ? keptCompound.replace('-', ' ') : words.slice(-2).join(' ');
  const compound = words.length >= 2 || keptCompound ? COMPOUNDS[pair] : undefined;
  let key: string;
  let kind: FieldKind;
  let itemKind: ItemKind | undefined;
  let fieldHead = head;
  if (compound) {
    if (!keptCompound) qualifiers = qualifiers.slice(0, -1);
    key = snakeCase([...qualifiers, compound.key].join(' '));
    kind = compound.kind;
    fieldHead = compound.key;
  } else if (head === 'number') {
    key = snakeCase(words.slice(-3).join(' '));
    kind = qualifiers.some((word) => IDENTIFIER_QUALIFIERS.has(word)) ? 'string' : 'number';
  } else if (LIST_HEADS.has(head)) {
    key = snakeCase([...qualifiers, head].join(' '));
    kind = 'list';
    itemKind = LIST_HEADS.get(head);
  } else if (headKind) {
    key = snakeCase([...qualifiers, head].join(' '));
    kind = headKind;
  } else if (FIELD_HEADS.get(singular(head)) === 'text') {
    key = snakeCase([...qualifiers, head].join(' '));
    kind = 'text';
    fieldHead = singular(head);
  } else if (FIELD_HEADS.has(singular(head)) && head !== singular(head)) {
    key = snakeCase([...qualifiers, head].join(' '));
    kind = 'list';
    itemKind = itemKindOf(head);
    fieldHead = singular(head);
  } else {
    if (!options.allowUnknown || words.length > 3) return null;
    key = snakeCase(words.join(' '));
    kind = 'string';
  }
  if (list && kind !== 'list') {
    itemKind =
      kind === 'email' || kind === 'uri' || kind === 'date' || kind === 'number' || kind === 'integer'
        ? kind
        : 'string';
    kind = 'list';
  }
  const field = makeField(key, kind, fieldHead, position, {
    required: !optional,
    qualified: key !== fieldHead && key !== snakeCase(fieldHead),
  });
  if (itemKind) field.itemKind = itemKind;
  if (kind === 'integer' && ['count', 'quantity', 'age', 'headcount', 'seats'].includes(fieldHead)) field.minimum = 0;
  return field;
}

/** The fields found so far; a later mention of the same field adds to it instead of repeating it. */
export class FieldSet {
  private readonly list: Field[] = [];

  all(): Field[] {
    return [...this.list].sort((a, b) => a.position - b.position);
  }

  find(key: string): Field | undefined {
    return this.list.find((field) => field.key === key);
  }

  /** Adds a field, or merges it into the field it refers to; returns the field that holds it. */
  add(field: Field): Field {
    // A later bare "the notes" refers back to an earlier "meeting notes".
    const same =
      this.find(field.key) ??
      (!field.qualified
        ? this.list.find(
            (existing) =>
              existing.head === field.head && existing.kind === field.kind && existing.position < field.position,
          )
        : undefined);
    if (!same) {
      this.list.push(field);
      return field;
    }
    if (KIND_RANK[field.kind] > KIND_RANK[same.kind]) {
      same.kind = field.kind;
      same.itemKind = field.itemKind ?? same.itemKind;
      same.columns = field.columns ?? same.columns;
      same.enumValues = field.enumValues ?? same.enumValues;
    }
    same.required = same.required && field.required;
    same.position = Math.min(same.position, field.position);
    same.description ??= field.description;
    same.default ??= field.default;
    same.minimum ??= field.minimum;
    same.maximum ??= field.maximum;
    return same;
  }
}

/** The field a phrase such as "the amount" or "notes" refers to, if any. */
export function resolveField(fields: Field[], phrase: string): Field | undefined {
  const key = snakeCase(phrase.replace(/^(?:the|a|an|its|their|his|her|your|our|my)\s+/i, ''));
  const head = key.split('_').at(-1) ?? key;
  return (
    fields.find((field) => field.key === key) ??
    fields.find((field) => field.key.endsWith(`_${key}`)) ??
    fields.find((field) => field.head === head || singular(field.head) === singular(head))
  );
}
