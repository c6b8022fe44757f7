import type { GuardRule } from './plan-types';
import { FieldSet, itemKindOf, makeField, phraseToField, type Field } from './fields';
import {
  COMPOUNDS,
  CREATION_VERBS,
  FIELD_HEADS,
  FILLER,
  LIST_HEADS,
  OUTPUT_WORDS,
  STOP,
  TEMPORAL,
  TRANSFORM_VERBS,
  WEAK_HEADS,
} from './lexicon';
import { PromptText } from './prompt-text';
import { lastWordOf, sentenceCase, singular, snakeCase, trimEndOf, withoutOpenParenthesis } from './text-case';

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

export interface Reading {
  fields: Field[];
  guards: GuardDraft[];
  /** What the prompt asks to extract, in the order it names them. */
  entityKinds: EntityKind[];
  concurrency: 'low' | 'medium' | 'high';
  /** The prompt with understood field mentions blanked, for reading its intent. */
  intentText: string;
  prompt: PromptText;
}

const END = String.raw`(?=[.;!?\n]|$)`;
const NUMBER = String.raw`(-?\d+(?:[.,]\d+)?)`;

const num = (text: string) => Number(text.replace(/,/g, ''));

/** Items of a list phrase with their offsets: "a, b and c" (and "plus d"). Stops after the "and" item. */
function splitItems(
  segment: string,
  offset: number,
  isFree: (start: number, end: number) => boolean = () => true,
): { text: string; start: number; end: number }[] {
  const items: { text: string; start: number; end: number }[] = [];
  const separator =
    /(?<!\s)\s*(?:,\s*(?:and|or|plus)\s+|,\s*|;\s*|\s(?:and|or|&|plus|as well as)\s+|\swith (?=(?:their|its|his|her|the|an?) ))/g;
  let last = 0;
  let lastWasAnd = false;
  for (const match of segment.matchAll(separator)) {
    // Separators inside an understood part ("items with name and price") belong to that part.
    if (!isFree(offset + match.index, offset + match.index + match[0].length)) continue;
    // "an employee with their name": the owner before "with" is not an input itself.
    if (!/^\s+with /.test(match[0]))
      items.push({ text: segment.slice(last, match.index), start: offset + last, end: offset + match.index });
    if (lastWasAnd && !/plus|as well as/.test(match[0])) return items;
    lastWasAnd = /\b(?:and|or)\b|&/.test(match[0]) && !/plus|as well as/.test(match[0]);
    last = match.index + match[0].length;
  }
  items.push({ text: segment.slice(last), start: offset + last, end: offset + segment.length });
  return items;
}

/** Where a list that starts at `from` ends: the end of its clause, or a verb that starts the next one. */
function listEnd(lower: string, from: number): number {
  // Inputs are listed in a sentence, not a page; the bound also keeps planning linear in the prompt.
  const rest = lower.slice(from, from + 400);
  const stop =
    /[.;!?\n:]|(?<!\s)\s+(?:into|as an?|as json|as csv|as html|as pdf|as markdown|as plain|then|so that|in order to|to (?:produce|create|generate|write|make|build|draft|get|return|send)|and (?:then |also )?(?:write|produce|return|generate|create|make|build|send|summari[sz]e|extract|render|give|fail)|and (?:then |also )?(?:output|turn|draft|export|email|check|flag|reply)(?= (?:it|them|this|that|these|those|the|an?|to|me|us|him|her|back|out|with)\b)|in (?:html|pdf|json|csv|markdown|a (?:pdf|table|spreadsheet|csv))|(?:every|each) (?:day|week|month|morning|evening)|(?:fail|reject|stop)s? (?:if|when))\b/.exec(
      rest,
    );
  // ", validate each one" / ", translate it": a verb acting on what was listed starts the next clause.
  const verbClause = /,\s*(?:then\s+)?[a-z][a-z-]*\s+(?:it|them|each|every|all|these|those)\b/.exec(rest);
  const end = Math.min(stop ? stop.index : rest.length, verbClause ? verbClause.index : rest.length);
  return from + end;
}

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

function enumValues(list: string): string[] | null {
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

function enumKey(phrase: string): string | null {
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
  if (last.length === 0 || NOT_ENUM_KEYS.has(last[last.length - 1]!)) return null;
  // Keep a qualifier only when the last word is a generic one ("priority level", "output format").
  const key =
    last.length === 2 && /^(?:level|type|mode|format|style|size|length|category|status)$/.test(last[1]!)
      ? last.join(' ')
      : last[last.length - 1]!;
  return OUTPUT_WORDS.has(key) ? null : key;
}

/** Readers for the parts of a prompt; each masks what it understood. */
class Reader {
  readonly fields = new FieldSet();
  readonly guards: GuardDraft[] = [];
  readonly entityKinds: EntityKind[] = [];
  concurrency: Reading['concurrency'] = 'medium';
  private strongList = false;

  constructor(readonly prompt: PromptText) {}

  read(): Reading {
    // "plain text" names an output format, never a "text" input.
    for (const match of this.prompt.matches(/\b(?:plain[- ]text|text file|txt)\b/g))
      this.prompt.mask(match.index, match.index + match[0].length);
    this.readGuards();
    this.readSortKey();
    this.readExtraction();
    this.readConcurrency();
    this.readEnums();
    this.readBooleans();
    this.readLists();
    this.readCounts();
    this.readExplicitLists();
    if (!this.strongList) this.readVerbObject();
    if (!this.strongList) this.scanNouns();
    this.readModifiers();
    return {
      fields: this.fields.all(),
      guards: this.guards,
      entityKinds: this.entityKinds,
      concurrency: this.concurrency,
      intentText: this.prompt.free(),
      prompt: this.prompt,
    };
  }

  private readGuards(): void {
    const { prompt } = this;
    const conditionList = new RegExp(
      String.raw`\b(?:fail|fails|reject|rejects|error|errors|stop|stops|abort|aborts)(?: out)?(?: the (?:run|execution|workflow))?(?: with an error)? (?:if|when|whenever) (.+?)${END}`,
      'g',
    );
    for (const match of prompt.matches(conditionList)) {
      const start = match.index + match[0].length - match[1]!.length;
      for (const part of splitConditions(match[1]!, start)) {
        const guard = this.readCondition(part.text, part.start);
        if (guard) this.guards.push(guard);
      }
      prompt.mask(match.index, match.index + match[0].length);
    }
    const must =
      /\b((?:the |an? |its |their )?[a-z][a-z-]*(?: [a-z][a-z-]*)?) (?:must|should|has to|needs to|may|can)( not|n't|not)? (be|contain|include|exceed|go over) (.+?)(?=[.;,!?\n]| and | or |$)/g;
    for (const match of prompt.matches(must)) {
      const [, subject = '', negated, verb = '', object = ''] = match;
      const guard = this.readRequirement(subject, Boolean(negated), verb, object, match.index);
      if (guard) {
        this.guards.push(guard);
        prompt.mask(match.index, match.index + match[0].length);
      }
    }
    for (const match of prompt.matches(
      /\b((?:the |an? )?[a-z][a-z-]*(?: [a-z][a-z-]*)?) (?:is|are) (?:required|mandatory)\b/g,
    )) {
      const phrase = match[1]!.replace(/^(?:the|an?)\s+/, '');
      if (STOP.has(phrase)) continue;
      this.guards.push({ phrase, rule: 'required', expectation: 'is required', position: match.index, numeric: false });
      prompt.mask(match.index, match.index + match[0].length);
    }
  }

  /** "the amount is negative", "the notes contain FAIL", "quantity is over 100". */
  private readCondition(condition: string, position: number): GuardDraft | null {
    const match =
      /^(?:the |an? |its |their )?([a-z][a-z-]*(?: [a-z][a-z-]*){0,2}?) (is|are|contains?|includes?|has|have|exceeds?|goes over) (.+)$/.exec(
        condition.trim(),
      );
    if (!match) return null;
    const [, phrase = '', verb = '', rest = ''] = match;
    if (/^(?:contain|include|has|have)/.test(verb)) {
      const value = this.quotedValue(rest, position + condition.indexOf(rest));
      return value
        ? { phrase, rule: 'not_contains', value, expectation: `must not contain "${value}"`, position, numeric: false }
        : null;
    }
    if (/^(?:exceed|goes over)/.test(verb)) {
      const limit = new RegExp(`^${NUMBER}`).exec(rest.trim());
      return limit
        ? {
            phrase,
            rule: 'maximum',
            limit: num(limit[1]!),
            expectation: `must not exceed ${limit[1]}`,
            position,
            numeric: true,
          }
        : null;
    }
    return this.predicate(phrase, rest.trim(), position, false);
  }

  /** "amount must not be negative", "notes must not contain FAIL", "quantity must be at least 1". */
  private readRequirement(
    subject: string,
    negated: boolean,
    verb: string,
    object: string,
    position: number,
  ): GuardDraft | null {
    const phrase = subject.replace(/^(?:the|an?|its|their)\s+/, '');
    if (STOP.has(phrase) || phrase === 'it' || phrase === 'this') return null;
    if (verb === 'contain' || verb === 'include') {
      if (!negated) return null;
      const value = this.quotedValue(object, position + subject.length);
      return value
        ? { phrase, rule: 'not_contains', value, expectation: `must not contain "${value}"`, position, numeric: false }
        : null;
    }
    if (verb === 'exceed' || verb === 'go over') {
      const limit = new RegExp(`^${NUMBER}`).exec(object.trim());
      return negated && limit
        ? {
            phrase,
            rule: 'maximum',
            limit: num(limit[1]!),
            expectation: `must not exceed ${limit[1]}`,
            position,
            numeric: true,
          }
        : null;
    }
    return this.predicate(phrase, object.trim(), position, !negated);
  }

  /**
   * A predicate on a field: `holds` says whether the prompt wants it to hold ("must be positive")
   * or fails when it does ("fail if … is negative").
   */
  private predicate(phrase: string, predicate: string, position: number, holds: boolean): GuardDraft | null {
    const guard = (rule: GuardRule, limit: number | undefined, expectation: string): GuardDraft => ({
      phrase,
      rule,
      limit,
      expectation,
      position,
      numeric: rule !== 'required',
    });
    const p = predicate.replace(/^(?:a |an )/, '');
    let match: RegExpExecArray | null;
    if (/^(?:negative|below zero|less than (?:0|zero)|under (?:0|zero))\b/.test(p))
      return holds ? guard('exclusive_maximum', 0, 'must be negative') : guard('minimum', 0, 'must not be negative');
    if (/^(?:positive|above zero|greater than (?:0|zero)|more than (?:0|zero))\b/.test(p))
      return holds
        ? guard('exclusive_minimum', 0, 'must be greater than 0')
        : guard('maximum', 0, 'must not be positive');
    if (/^(?:zero or (?:negative|less)|not positive|non-positive)\b/.test(p) && !holds)
      return guard('exclusive_minimum', 0, 'must be greater than 0');
    if (/^(?:empty|missing|blank|not (?:given|provided|set|filled in))\b/.test(p))
      return holds ? null : { phrase, rule: 'required', expectation: 'is required', position, numeric: false };
    if ((match = new RegExp(`^(?:at least|no less than|not less than|not below|min(?:imum)?) ${NUMBER}`).exec(p)))
      return holds
        ? guard('minimum', num(match[1]!), `must be at least ${match[1]}`)
        : guard('exclusive_maximum', num(match[1]!), `must be less than ${match[1]}`);
    if ((match = new RegExp(`^(?:at most|no more than|not more than|not above|max(?:imum)?|up to) ${NUMBER}`).exec(p)))
      return holds
        ? guard('maximum', num(match[1]!), `must be at most ${match[1]}`)
        : guard('exclusive_minimum', num(match[1]!), `must be more than ${match[1]}`);
    if ((match = new RegExp(`^(?:less than|below|under|smaller than|lower than|fewer than) ${NUMBER}`).exec(p)))
      return holds
        ? guard('exclusive_maximum', num(match[1]!), `must be less than ${match[1]}`)
        : guard('minimum', num(match[1]!), `must be at least ${match[1]}`);
    if (
      (match = new RegExp(`^(?:more than|greater than|above|over|higher than|bigger than|larger than) ${NUMBER}`).exec(
        p,
      ))
    )
      return holds
        ? guard('exclusive_minimum', num(match[1]!), `must be more than ${match[1]}`)
        : guard('maximum', num(match[1]!), `must be at most ${match[1]}`);
    return null;
  }

  /** The value a "contains" rule looks for: a quoted string, else the next word as written. */
  private quotedValue(rest: string, position: number): string | null {
    const quoted = /["']([^"']+)["']/.exec(rest);
    if (quoted) return quoted[1]!;
    const word = /^(?:the (?:word|text|string|phrase) )?([^\s,.;]+)/.exec(rest.trim());
    if (!word) return null;
    const at = this.prompt.lower.indexOf(word[1]!, position);
    return at === -1 ? word[1]! : this.prompt.original(at, at + word[1]!.length);
  }

  private readExtraction(): void {
    const { prompt } = this;
    const pattern =
      /(?<!\b(?:a|the|of|to-do|todo) )\b(?:extract(?:s|ed|ing)?|find(?:s|ing)?|pull(?: out)?|detect|identify|collect|highlight|spot|list|grab|capture|pick out|with (?:the )?extracted|including (?:the )?extracted)\s+(?:out\s+)?(?:(?:all|any|the|every|each|of)\s+)*(?!\s)(.+?)(?=(?<!\s)\s+(?:from|in|out of|inside|within|into|mentioned|found|that|which)\b|[.;!?\n:]|(?<!\s)\s+(?:and )?then\b|$)/g;
    for (const match of prompt.matches(pattern)) {
      // "collect a name, age and email" asks for single values, not things to find in a text.
      if (/^(?:an?|one|my|your|their|his|her)\s/.test(match[1]!)) continue;
      const kinds = entityKindsIn(match[1]!);
      if (kinds.length === 0) continue;
      for (const kind of kinds) if (!this.entityKinds.includes(kind)) this.entityKinds.push(kind);
      prompt.mask(match.index, match.index + match[0].length);
    }
    // "a follow-up email" is what the workflow writes, not follow-ups to find in a text.
    for (const match of prompt.matches(
      /\b(?:action items?|to-?dos?|follow-?ups?(?!\s+(?:e-?mail|letter|message|note|call|meeting|reminder))|next steps)\b/g,
    )) {
      if (!this.entityKinds.includes('action_items')) this.entityKinds.push('action_items');
      prompt.mask(match.index, match.index + match[0].length);
    }
  }

  private readConcurrency(): void {
    const { prompt } = this;
    for (const match of prompt.matches(
      /\b(?:one at a time|one by one|sequential(?:ly)?|in sequence|serially|one after (?:the )?other|one after another|never in parallel)\b/g,
    )) {
      this.concurrency = 'low';
      prompt.mask(match.index, match.index + match[0].length);
    }
    if (this.concurrency === 'low') return;
    for (const match of prompt.matches(
      /\b(?:fast|quickly|quick|rapid(?:ly)?|in bulk|bulk|many|lots of|large batch(?:es)?|high[- ]volume|in parallel|parallel|thousands|hundreds|at scale|as fast as possible)\b/g,
    )) {
      this.concurrency = 'high';
      prompt.mask(match.index, match.index + match[0].length);
    }
  }

  private addEnum(keyPhrase: string, values: string[], position: number, extra: Partial<Field> = {}): void {
    const key = snakeCase(keyPhrase);
    const field = makeField(key, 'enum', keyPhrase.split(' ').at(-1)!, position, { enumValues: values, ...extra });
    this.fields.add(field);
  }

  private readEnums(): void {
    const { prompt } = this;
    const valueList = String.raw`((?:either\s+|one of\s+)?["']?[\w'-]+["']?(?:(?:\s*,\s*(?:or\s+)?|\s*\/\s*|\s+or\s+)["']?[\w'-]+["']?){1,11})`;
    // "tone: formal or casual", "priority = low/medium/high"
    for (const match of prompt.matches(
      new RegExp(String.raw`\b([a-z][a-z -]{0,30}?)\s*[:=]\s*${valueList}(?![\w'-])`, 'g'),
    )) {
      if (!/\bor\b|\//.test(match[2]!)) continue;
      const key = enumKey(match[1]!);
      const values = enumValues(match[2]!);
      if (!key || !values) continue;
      this.addEnum(key, this.originalValues(values, match.index), match.index + match[0].length - match[2]!.length - 2);
      prompt.mask(match.index + match[0].length - match[2]!.length - 2, match.index + match[0].length);
      prompt.mask(match.index + match[1]!.length - key.length, match.index + match[1]!.length);
    }
    // "priority (low, medium, high)", "tone (formal or casual, default formal)"
    for (const match of prompt.matches(
      /\b([a-z][a-z-]*(?: [a-z][a-z-]*)?)\s*\(\s*(?:one of\s*(?::\s*)?|either\s+)?([^()\s](?:[^()]*[^()\s])?)\s*\)/g,
    )) {
      const inner = match[2]!;
      const defaultMatch = /\b(?:defaults?(?: to| is)?|by default)\s*(?::\s*)?["']?([\w'-]+)["']?\s*$/.exec(inner);
      const list = defaultMatch ? trimEndOf(inner.slice(0, defaultMatch.index), ' \t\n\r\f\v,') : inner;
      if (
        /^(?:optional|required|e\.?g\.?|i\.?e\.?|default|yes\s*\/\s*no|y\/n|true\s*\/\s*false)\b/.test(list.trim()) ||
        /\d/.test(list)
      )
        continue;
      const values = enumValues(list);
      const key = enumKey(match[1]!);
      if (!values || !key) continue;
      const originals = this.originalValues(values, match.index);
      const fallback = defaultMatch
        ? originals.find((value) => value.toLowerCase() === defaultMatch[1]!.toLowerCase())
        : undefined;
      const keyStart = match.index + match[1]!.length - key.length;
      this.addEnum(key, originals, keyStart, fallback ? { default: fallback, required: false } : {});
      prompt.mask(keyStart, match.index + match[0].length);
    }
    // "a formal or casual tone"
    // The lookbehind reads back from a word start only, so each run of spaces is read once per word after it.
    for (const match of prompt.matches(
      new RegExp(
        // eslint-disable-next-line regexp/no-super-linear-move
        String.raw`\b(?<![a-z][\w-]*\s*,\s*)((?:[a-z][\w-]*\s*,\s*)*[a-z][\w-]*\s*(?:,\s*)?(?:or|\/)\s*[a-z][\w-]*)\s+(${ENUM_HEADS})\b`,
        'g',
      ),
    )) {
      const values = enumValues(match[1]!);
      if (!values) continue;
      this.addEnum(match[2]!, this.originalValues(values, match.index), match.index);
      prompt.mask(match.index, match.index + match[0].length);
    }
    // "in English, French or German"
    for (const match of prompt.matches(/\b(?:in|into|to) ((?:[a-z]+, )*[a-z]+,? or [a-z]+)\b/g)) {
      const values = enumValues(match[1]!);
      if (!values || !values.every((value) => LANGUAGES.has(value))) continue;
      this.addEnum('language', this.originalValues(values, match.index), match.index);
      prompt.mask(match.index, match.index + match[0].length);
    }
  }

  /** Enum values as the prompt wrote them ("Formal" stays "Formal"). */
  private originalValues(values: string[], from: number): string[] {
    return values.map((value) => {
      const at = this.prompt.lower.indexOf(value, from);
      return at === -1 ? value : this.prompt.original(at, at + value.length);
    });
  }

  private readBooleans(): void {
    const { prompt } = this;
    for (const match of prompt.matches(/\bwhether (?:or not )?(.+?)(?=[,.;!?\n)]| and | or |$)/g)) {
      const clause = match[1]!.trim();
      const key = booleanKey(clause);
      if (!key) continue;
      // The clause stops before a ")", so a trailing "(yes/no" would be left unclosed.
      const description = `Whether ${withoutOpenParenthesis(clause).replace(/\s+/g, ' ')}.`;
      this.fields.add(
        makeField(key, 'boolean', key.split('_').at(-1)!, match.index, {
          required: false,
          default: false,
          description,
        }),
      );
      prompt.mask(match.index, match.index + match[0].length);
    }
    for (const match of prompt.matches(/\b([a-z][a-z-]*) or not\b/g)) {
      const word = match[1]!;
      if (STOP.has(word)) continue;
      this.fields.add(makeField(snakeCase(word), 'boolean', word, match.index, { required: false, default: false }));
      prompt.mask(match.index, match.index + match[0].length);
    }
    for (const match of prompt.matches(
      /\b([a-z][a-z-]*(?: [a-z][a-z-]*)?)\s*\(\s*(?:yes\s*\/\s*no|y\s*\/\s*n|true\s*\/\s*false|yes or no)\s*\)/g,
    )) {
      const words = match[1]!.split(' ').filter((word) => !STOP.has(word));
      if (words.length === 0) continue;
      this.fields.add(
        makeField(snakeCase(words.join(' ')), 'boolean', words.at(-1)!, match.index, {
          required: false,
          default: false,
        }),
      );
      prompt.mask(match.index, match.index + match[0].length);
    }
    for (const match of prompt.matches(
      /\b(?:a |an )?(?:flag|checkbox|toggle|tick ?box|switch) (?:for|whether|if) (?:the |it is |it's )?([a-z][a-z-]*(?: [a-z][a-z-]*)?)/g,
    )) {
      const words = match[1]!.split(' ').filter((word) => !STOP.has(word));
      if (words.length === 0) continue;
      this.fields.add(
        makeField(snakeCase(words.join(' ')), 'boolean', words.at(-1)!, match.index, {
          required: false,
          default: false,
        }),
      );
      prompt.mask(match.index, match.index + match[0].length);
    }
  }

  private readLists(): void {
    const { prompt } = this;
    const tail = String.raw`(?:\s+(?:with|having|each with|containing|that have|including)\s+(?:(?:a|an|the|their|its|each|columns?|fields?)\s+)*(?!\s)(.+?))?`;
    // A lazy capture before `stop` starts with a non-space, so `stop` tests a run of spaces at its start only.
    const stop = String.raw`(?=[.;!?\n]|(?<!\s)\s+(?:into|to|as|in|then|so)\s|(?<!\s)\s+and (?:then |also )?(?:write|produce|return|generate|create|make|build|send|output|turn|summari[sz]e|render|export)\b|$)`;
    const listOf = new RegExp(
      String.raw`\b(?:an? |the )?(?:list|array|set|collection|table|series) of (?:(?:the|all|their|its|some|several|multiple)\s+)?([a-z][\w-]*(?: [a-z][\w-]*)?)(?:\s*\(([^()]*)\))?${tail}${stop}`,
      'g',
    );
    for (const match of prompt.matches(listOf)) this.addListField(match, match[1]!, match[3]);
    // "a CSV of leads": a file of many things is a list of them.
    for (const match of prompt.matches(
      /\b(?:csv|spreadsheet|excel file|sheet|file) of (?:the |all |their |its |some )?([a-z][\w-]*s)\b/g,
    )) {
      const noun = match[1]!;
      if (STOP.has(noun) || OUTPUT_WORDS.has(noun)) continue;
      this.fields.add(
        makeField(snakeCase(noun), 'list', noun, match.index + match[0].length - noun.length, {
          itemKind: itemKindOf(noun),
        }),
      );
      prompt.mask(match.index + match[0].length - noun.length, match.index + match[0].length);
    }
    const rowNouns =
      'rows|items|entries|line items|records|lines|products|orders|contacts|people|tasks|expenses|transactions|invoices|employees|students|participants|attendees|guests|books|tickets|leads|customers';
    const withColumns = new RegExp(
      String.raw`\b((?:[a-z][\w-]* )?(?:${rowNouns}))\s+(?:with|having|each with|containing|that have|including)\s+(?:(?:a|an|the|their|its|each|columns?|fields?)\s+)*(?!\s)(.+?)${stop}`,
      'g',
    );
    const inParens = new RegExp(String.raw`\b((?:[a-z][\w-]* )?(?:${rowNouns}))\s*\(([^()]+)\)`, 'g');
    for (const match of prompt.matches(inParens)) {
      const { columns } = this.columnsOf(match[2]!, match.index + match[0].length - match[2]!.length - 1);
      if (columns.length < 2) continue;
      const noun =
        match[1]!
          .split(' ')
          .filter((word) => !STOP.has(word) && !FILLER.has(word))
          .join(' ') || 'rows';
      this.fields.add(makeField(snakeCase(noun), 'rows', noun.split(' ').at(-1)!, match.index, { columns }));
      prompt.mask(match.index, match.index + match[0].length);
    }
    for (const match of prompt.matches(withColumns)) {
      const { columns, end } = this.columnsOf(match[2]!, match.index + match[0].length - match[2]!.length);
      if (columns.length === 0) continue;
      const noun =
        match[1]!
          .split(' ')
          .filter((word) => !STOP.has(word) && !FILLER.has(word))
          .join(' ') || 'rows';
      this.fields.add(makeField(snakeCase(noun), 'rows', noun.split(' ').at(-1)!, match.index, { columns }));
      prompt.mask(match.index, end);
    }
    for (const match of prompt.matches(
      /\b([a-z][\w-]*(?: [a-z][\w-]*)?)\s*(?:\(\s*(?:comma[- ]separated|one per line|a list|list|tags)\s*\)|,? one per line)/g,
    )) {
      const field = phraseToField(match[1]!, match.index, { allowUnknown: true });
      if (!field) continue;
      this.fields.add({ ...field, kind: 'list', itemKind: field.kind === 'list' ? field.itemKind : 'string' });
      prompt.mask(match.index, match.index + match[0].length);
    }
    for (const match of prompt.matches(/\bcomma[- ]separated ([a-z][\w-]*(?: [a-z][\w-]*)?)/g)) {
      const field = phraseToField(match[1]!, match.index, { allowUnknown: true });
      if (!field) continue;
      this.fields.add({
        ...field,
        kind: 'list',
        itemKind: field.kind === 'list' ? field.itemKind : itemKindOf(match[1]!.split(' ').at(-1)!),
      });
      prompt.mask(match.index, match.index + match[0].length);
    }
  }

  private addListField(match: RegExpExecArray, nounPhrase: string, columnText: string | undefined): void {
    const words = nounPhrase.split(' ').filter((word) => !STOP.has(word) && !FILLER.has(word));
    if (words.length === 0 || words.some((word) => OUTPUT_WORDS.has(word))) return;
    const noun = words.join(' ');
    const head = words.at(-1)!;
    const columnsStart = columnText === undefined ? -1 : match.index + match[0].length - columnText.length;
    const { columns, end } =
      columnText === undefined
        ? { columns: [], end: match.index + match[0].length }
        : this.columnsOf(columnText, columnsStart);
    const field =
      columns.length > 0
        ? makeField(snakeCase(noun), 'rows', head, match.index, { columns })
        : makeField(snakeCase(noun), 'list', head, match.index, {
            itemKind: /\be-?mail\b/.test(noun) ? 'email' : itemKindOf(head),
          });
    this.fields.add(field);
    this.prompt.mask(match.index, columns.length > 0 ? end : columnsStart === -1 ? end : columnsStart);
  }

  /** The columns of "rows with name, price and quantity", and where their list ends. */
  private columnsOf(text: string, offset: number): { columns: Field[]; end: number } {
    const columns = new FieldSet();
    const items = splitItems(text, offset);
    for (const item of items) {
      const field = phraseToField(item.text, item.start, { allowUnknown: true });
      if (field && field.kind !== 'rows')
        columns.add(field.kind === 'list' ? { ...field, kind: 'string', itemKind: undefined } : field);
    }
    return { columns: columns.all(), end: items.at(-1)?.end ?? offset };
  }

  private readCounts(): void {
    const { prompt } = this;
    for (const match of prompt.matches(
      /\b(?:the )?(?:number|count|total number) of ([a-z][a-z-]*)\b|\bhow many ([a-z][a-z-]*)\b/g,
    )) {
      const noun = match[1] ?? match[2]!;
      if (STOP.has(noun) || OUTPUT_WORDS.has(noun)) continue;
      this.fields.add(
        makeField(snakeCase(`number of ${noun}`), 'integer', 'number', match.index, { minimum: 0, qualified: true }),
      );
      prompt.mask(match.index, match.index + match[0].length);
    }
    for (const match of prompt.matches(/\b(years|months) of ([a-z]+)\b/g)) {
      this.fields.add(
        makeField(snakeCase(match[0]), 'integer', match[1]!, match.index, { minimum: 0, qualified: true }),
      );
      prompt.mask(match.index, match.index + match[0].length);
    }
  }

  private readExplicitLists(): void {
    const { prompt } = this;
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
          .map((item) => freePrefix(item, prompt))
          .filter((item) => item.text.trim() !== '');
        const fields = items.map((item) =>
          phraseToField(item.text, item.start + (item.text.length - item.text.trimStart().length), {
            allowUnknown: true,
          }),
        );
        const known = fields.filter((field): field is Field => field !== null && isKnown(field));
        const colon = isStrong && match[0].includes(':') && !/^(?:inputs?|fields?|parameters|params)\b/.test(match[0]);
        // A weak or bare-colon trigger only counts when it names something we recognise as an input.
        if ((!isStrong || colon) && known.length === 0) continue;
        if (colon && items.length < 2 && !/^(?:input|field)/.test(match[0])) continue;
        // "a company given its name": the name is the company's.
        const owner = lastWordOf(prompt.lower.slice(Math.max(0, match.index - 30), match.index).trim());
        const ownedStart = /^(?:its|their)\s/;
        let added = 0;
        for (const [index, field] of fields.entries()) {
          if (!field) continue;
          if (
            owner &&
            !STOP.has(owner) &&
            !OUTPUT_WORDS.has(owner) &&
            ownedStart.test(items[index]!.text.trim()) &&
            ['name', 'title', 'id'].includes(field.key)
          ) {
            field.key = snakeCase(`${owner} ${field.key}`);
            field.title = sentenceCase(field.key);
            field.qualified = true;
          }
          if (!isStrong && WEAK_HEADS.has(field.head) && !field.qualified && !known.includes(field) && known.length < 2)
            continue;
          // An unknown multi-word noun only counts beside known inputs in the same enumeration ("company size, budget and industry").
          if (
            !isStrong &&
            !known.includes(field) &&
            field.key.includes('_') &&
            !(items.length >= 2 && known.length > 0)
          )
            continue;
          this.fields.add(field);
          added++;
        }
        if (added > 0) {
          if (isStrong) this.strongList = true;
          prompt.mask(start, end);
        }
      }
    }
  }

  /**
   * The object of an opening transform verb is the input: "Research a company", "Convert a
   * markdown document to HTML".
   */
  private readVerbObject(): void {
    const { prompt } = this;
    const opening = openingObject(prompt.lower);
    if (!opening || TRANSFORM_VERBS[opening.verb] === undefined) return;
    const { start, end } = opening;
    if (!prompt.isFree(start, end)) return;
    // "Estimate a project cost", "Send a welcome email": the object is what the workflow makes.
    if (MAKING_VERBS.has(opening.verb)) {
      prompt.mask(start, end);
      return;
    }
    const words = opening.phrase.split(/\s+/);
    const head = words.at(-1)!;
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
    if (!field && content && this.fields.all().every((f) => f.kind === 'enum' || f.kind === 'boolean')) {
      const named = phraseToField(opening.phrase, start, { allowUnknown: true });
      if (named) field = makeField(named.key, 'text', named.head, start);
    }
    if (!field) return;
    this.fields.add(field);
    prompt.mask(start, end);
  }

  /**
   * "Classify a ticket by urgency (low, medium, high)": what a sorting verb sorts by is its
   * output, so neither it nor its values are inputs.
   */
  private readSortKey(): void {
    const { prompt } = this;
    const opening = openingObject(prompt.lower);
    if (!opening || !SORTING_VERBS.has(opening.verb)) return;
    const by =
      /^\s+(?:according to|by)\s+(?:its |their |the |how )?[a-z][\w-]*(?: (?:level|type|category|score|rating))?(?:\s*\([^)]*\)|\s*:[^.;!?\n]*)?/.exec(
        prompt.lower.slice(opening.end),
      );
    if (by) prompt.mask(opening.end, opening.end + by[0].length);
  }

  /** Finds input nouns anywhere else in the prompt ("Summarize meeting notes"). */
  private scanNouns(): void {
    const { prompt } = this;
    const free = prompt.free();
    const tokens = [...free.matchAll(/[a-z][a-z0-9'-]*/g)].map((m) => ({
      word: m[0].replace(/'s$/, ''),
      start: m.index,
      end: m.index + m[0].length,
    }));
    const gap = (a: number, b: number) => free.slice(tokens[a]!.end, tokens[b]!.start);
    const joined = (a: number, b: number) => /^ +$/.test(gap(a, b)) || /^'s +$/.test(gap(a, b));
    for (let i = 0; i < tokens.length; i++) {
      const { word } = tokens[i]!;
      const next = tokens[i + 1];
      const isHead =
        FIELD_HEADS.has(word) ||
        LIST_HEADS.has(word) ||
        FIELD_HEADS.get(singular(word)) === 'text' ||
        word === 'number';
      if (!isHead || WEAK_HEADS.has(word) || WEAK_HEADS.has(singular(word))) continue;
      // A noun followed by another noun only qualifies it: "company name", "meeting notes digest".
      if (
        next &&
        joined(i, i + 1) &&
        (FIELD_HEADS.has(next.word) ||
          LIST_HEADS.has(next.word) ||
          OUTPUT_WORDS.has(next.word) ||
          next.word === 'number' ||
          next.word === 'address')
      )
        continue;
      let first = i;
      while (first > 0 && i - first < 2 && joined(first - 1, first) && isQualifier(tokens[first - 1]!.word)) first--;
      const before = tokens[first - 1];
      const clauseStart = first === 0 || !joined(first - 1, first);
      if (first === i && clauseStart && (TRANSFORM_VERBS[word] !== undefined || CREATION_VERBS.has(word))) continue;
      // The object of "write/generate/…" is what the workflow makes.
      if (before && isMadeBy(tokens, first, joined)) continue;
      const phrase = tokens
        .slice(first, i + 1)
        .map((t) => t.word)
        .join(' ');
      const field = phraseToField(phrase, tokens[first]!.start, { allowUnknown: false });
      if (!field) continue;
      this.fields.add(field);
      prompt.mask(tokens[first]!.start, tokens[i]!.end);
    }
  }

  private readModifiers(): void {
    const { prompt } = this;
    const fields = this.fields.all();
    const after = (position: number, within: number) =>
      fields.find((field) => field.position > position && field.position - position <= within);
    const before = (position: number, within: number) =>
      [...fields].reverse().find((field) => field.position < position && position - field.position <= within);
    for (const match of prompt.lower.matchAll(/\b(?:optionally|optional)\b/g)) {
      const inParens = prompt.lower[match.index - 1] === '(';
      const field = inParens ? before(match.index, 40) : after(match.index, 40);
      if (field) field.required = false;
    }
    for (const match of prompt.lower.matchAll(
      /\b(?:if (?:available|known|any|possible|provided|applicable|given|you have (?:it|one|them))|when available|where available|is optional|are optional|can be (?:empty|left out|blank|omitted)|may be (?:empty|left out|blank|omitted))\b/g,
    )) {
      const field = before(match.index, 50);
      if (field) field.required = false;
    }
    for (const match of prompt.lower.matchAll(
      /\b(?:defaults? (?:to |is |value )?|by default |default:\s*|default value (?:of |is )?)["']?([\w.@/:-]+)["']?/g,
    )) {
      const field = before(match.index, 60);
      if (field)
        applyDefault(
          field,
          prompt
            .original(
              match.index + match[0].length - match[1]!.length - (/["']$/.test(match[0]) ? 1 : 0),
              match.index + match[0].length,
            )
            .replace(/["']/g, ''),
        );
    }
    const range = new RegExp(
      String.raw`\(\s*${NUMBER}\s*(?:-|to|\.\.)\s*${NUMBER}\s*\)|\b(?:from|between)\s+${NUMBER}\s+(?:to|and)\s+${NUMBER}\b|\b${NUMBER}\s*(?:-|to)\s*${NUMBER}\s+(?:scale|stars?|points?)\b|\bout of ${NUMBER}\b`,
      'g',
    );
    for (const match of prompt.lower.matchAll(range)) {
      const field = before(match.index, 30);
      if (!field) continue;
      const low = match[1] ?? match[3] ?? match[5] ?? '1';
      const high = match[2] ?? match[4] ?? match[6] ?? match[7]!;
      if (field.kind === 'string' || field.kind === 'text')
        field.kind = Number.isInteger(num(low)) && Number.isInteger(num(high)) ? 'integer' : 'number';
      if (field.kind !== 'integer' && field.kind !== 'number') continue;
      field.minimum = num(low);
      field.maximum = num(high);
    }
  }
}

/** The object of the verb a prompt opens with: "classify [a support ticket] by urgency". */
function openingObject(lower: string): { verb: string; phrase: string; start: number; end: number } | null {
  const opening =
    /^(?:please\s+)?([a-z]+)(?:\s+up)?\s+(?:(?:a|an|the|this|my|our|some|each|every|incoming|new|any)\s+)*((?:[a-z][\w-]*\s+){0,2}?[a-z][\w-]*)(?=\s+(?:from|for|with|using|to|into|in|on|as|and|by|about|that|which|so|then|every|each|one|before|after|according)\b|\s*[,.;:!?(\n]|$)/.exec(
      lower,
    );
  if (!opening) return null;
  const end = opening.index + opening[0].length;
  return { verb: opening[1]!, phrase: opening[2]!, start: end - opening[2]!.length, end };
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

/** The part of a list item before anything already understood ("company name in a [formal or casual tone]"). */
function freePrefix(item: { text: string; start: number }, prompt: PromptText): { text: string; start: number } {
  let length = 0;
  while (length < item.text.length && prompt.isFree(item.start + length, item.start + length + 1)) length++;
  return { text: item.text.slice(0, length), start: item.start };
}

function isQualifier(word: string): boolean {
  return (
    !STOP.has(word) &&
    !FILLER.has(word) &&
    !TEMPORAL.has(word) &&
    !OUTPUT_WORDS.has(word) &&
    !CREATION_VERBS.has(word) &&
    TRANSFORM_VERBS[word] === undefined
  );
}

/** Whether the noun phrase starting at `first` is the object of a making verb ("write a cover letter"). */
function isMadeBy(tokens: { word: string }[], first: number, joined: (a: number, b: number) => boolean): boolean {
  // Look back over a determiner and a few describing words ("write me a short welcome email").
  for (let i = first - 1, steps = 0; i >= 0 && steps < 5 && joined(i, i + 1); i--, steps++) {
    const word = tokens[i]!.word;
    if (CREATION_VERBS.has(word)) return true;
    if (STOP.has(word) && !['a', 'an', 'the', 'me', 'us', 'some', 'new'].includes(word)) return false;
  }
  return false;
}

function splitConditions(text: string, offset: number): { text: string; start: number }[] {
  const parts: { text: string; start: number }[] = [];
  let last = 0;
  for (const match of text.matchAll(/(?<!\s)\s*(?:,\s*)?\b(?:or|and)\s+(?:if\s+|when\s+)?|(?<!\s)\s*,\s*/g)) {
    parts.push({ text: text.slice(last, match.index), start: offset + last });
    last = match.index + match[0].length;
  }
  parts.push({ text: text.slice(last), start: offset + last });
  return parts.filter((part) => part.text.trim() !== '');
}

function entityKindsIn(text: string): EntityKind[] {
  const kinds: { kind: EntityKind; at: number }[] = [];
  const find = (kind: EntityKind, pattern: RegExp) => {
    const match = pattern.exec(text);
    if (match) kinds.push({ kind, at: match.index });
  };
  find('emails', /\b(?:e-?mails?|e-?mail addresses|addresses|contacts?|contact (?:details|info))\b/);
  find('urls', /\b(?:links?|urls?|websites?|web addresses|hyperlinks?)\b/);
  find('dates', /\b(?:dates?|deadlines?|due dates?|days)\b/);
  find('numbers', /\b(?:numbers?|amounts?|figures?|prices?|money|costs?|totals?|quantities|numeric values|metrics)\b/);
  find('action_items', /\b(?:action items?|tasks?|to-?dos?|follow-?ups?|next steps|commitments)\b/);
  if (
    /\b(?:entities|key facts|details|everything|key information|contact info(?:rmation)?)\b/.test(text) &&
    kinds.length === 0
  ) {
    return ['emails', 'urls', 'dates', 'numbers'];
  }
  return kinds.sort((a, b) => a.at - b.at).map((k) => k.kind);
}

/** The key of a "whether …" boolean: "it is urgent" → urgent, "to include a logo" → include_logo. */
function booleanKey(clause: string): string | null {
  const words = clause.toLowerCase().split(/\s+/).filter(Boolean);
  const content = (list: string[]) =>
    list.filter((word) => !STOP.has(word) && !FILLER.has(word) && /^[a-z][a-z-]*$/.test(word));
  if (words[0] === 'to') {
    const rest = content(words.slice(1)).slice(0, 3);
    return rest.length > 0 ? snakeCase(rest.join(' ')) : null;
  }
  const verb = words.findIndex((word) =>
    [
      'is',
      'are',
      'was',
      'were',
      'has',
      'have',
      'needs',
      'need',
      'requires',
      'should',
      'can',
      'includes',
      'wants',
      'did',
      'does',
    ].includes(word),
  );
  if (verb !== -1) {
    const predicate = words
      .slice(verb + 1)
      .filter((word) => !['been', 'be', 'a', 'an', 'the', 'to', 'already'].includes(word));
    const main = content(predicate).slice(0, 2);
    if (main.length === 0) return null;
    const lead =
      words[verb] === 'has' || words[verb] === 'have'
        ? main.length === 1 && /ed$/.test(main[0]!)
          ? []
          : ['has']
        : words[verb] === 'needs' || words[verb] === 'need' || words[verb] === 'requires'
          ? ['needs']
          : [];
    return snakeCase([...lead, ...main].join(' '));
  }
  const rest = content(words).slice(0, 3);
  return rest.length > 0 ? snakeCase(rest.join(' ')) : null;
}

function applyDefault(field: Field, raw: string): void {
  let value: unknown = raw;
  if (field.kind === 'number' || field.kind === 'integer') {
    const number = Number(raw);
    if (!Number.isFinite(number)) return;
    value = number;
  } else if (field.kind === 'boolean') {
    if (!/^(?:true|false|yes|no|on|off)$/i.test(raw)) return;
    value = /^(?:true|yes|on)$/i.test(raw);
  } else if (field.kind === 'enum') {
    const match = field.enumValues?.find((option) => option.toLowerCase() === raw.toLowerCase());
    if (!match) return;
    value = match;
  } else if (field.kind !== 'string' && field.kind !== 'text') return;
  field.default = value;
  field.required = false;
}

/** Reads a prompt's inputs, rules, extraction wishes and pace. */
export function readPrompt(prompt: string): Reading {
  return new Reader(new PromptText(prompt)).read();
}
