import { STOP } from '../lexicon';
import type { GuardRule } from '../../workflow/plan-types';
import { END, NUMBER, num, group, type ReadState, type GuardDraft, groupStart } from './state';

/** Validation rules: "fail if the amount is negative", "notes must not contain FAIL", "X is required". */
export function readGuards(state: ReadState): void {
  const { prompt } = state;
  const conditionList = new RegExp(
    String.raw`\b(?:fail|fails|reject|rejects|error|errors|stop|stops|abort|aborts)(?: out)?(?: the (?:run|execution|workflow))?(?: with an error)? (?:if|when|whenever) (.+?)${END}`,
    'g',
  );
  for (const match of prompt.matches(conditionList)) {
    const start = groupStart(match, 1);
    for (const part of splitConditions(group(match, 1), start)) {
      const guard = readCondition(state, part.text, part.start);
      if (guard) state.guards.push(guard);
    }
    prompt.mask(match.index, match.index + match[0].length);
  }
  const must =
    // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
    /\b((?:the |an? |its |their )?(?<![a-z]-+)[a-z][a-z-]*(?: [a-z][a-z-]*)?) (?:must|should|has to|needs to|may|can)( not|n't|not)? (be|contain|include|exceed|go over) (.+?)(?=[.;,!?\n]| and | or |$)/g;
  for (const match of prompt.matches(must)) {
    const [, subject = '', negated, verb = '', object = ''] = match;
    const guard = readRequirement(state, subject, Boolean(negated), verb, object, match.index);
    if (guard) {
      state.guards.push(guard);
      prompt.mask(match.index, match.index + match[0].length);
    }
  }
  for (const match of prompt.matches(
    // eslint-disable-next-line regexp/no-super-linear-move -- the lookbehind runs only at a letter right after hyphens, so each hyphen is read back once
    /\b((?:the |an? )?(?<![a-z]-+)[a-z][a-z-]*(?: [a-z][a-z-]*)?) (?:is|are) (?:required|mandatory)\b/g,
  )) {
    const phrase = group(match, 1).replace(/^(?:the|an?)\s+/, '');
    if (STOP.has(phrase)) continue;
    state.guards.push({ phrase, rule: 'required', expectation: 'is required', position: match.index, numeric: false });
    prompt.mask(match.index, match.index + match[0].length);
  }
}

/** "the amount is negative", "the notes contain FAIL", "quantity is over 100". */
function readCondition(state: ReadState, condition: string, position: number): GuardDraft | null {
  const match =
    /^(?:the |an? |its |their )?([a-z][a-z-]*(?: [a-z][a-z-]*){0,2}?) (is|are|contains?|includes?|has|have|exceeds?|goes over) (.+)$/.exec(
      condition.trim(),
    );
  if (!match) return null;
  const [, phrase = '', verb = '', rest = ''] = match;
  if (/^(?:contain|include|has|have)/.test(verb)) {
    const value = quotedValue(state, rest, position + condition.indexOf(rest));
    return value ? notContainsGuard(phrase, value, position) : null;
  }
  if (/^(?:exceed|goes over)/.test(verb)) {
    return maximumGuard(phrase, rest, position);
  }
  return predicate(state, phrase, rest.trim(), position, false);
}

function notContainsGuard(phrase: string, value: string, position: number): GuardDraft {
  return { phrase, rule: 'not_contains', value, expectation: `must not contain "${value}"`, position, numeric: false };
}

/** "exceed 500" / "go over 500": the limit is the number the text starts with. */
function maximumGuard(phrase: string, text: string, position: number): GuardDraft | null {
  const limit = new RegExp(`^${NUMBER}`).exec(text.trim());
  return limit
    ? {
        phrase,
        rule: 'maximum',
        limit: num(group(limit, 1)),
        expectation: `must not exceed ${limit[1]}`,
        position,
        numeric: true,
      }
    : null;
}

/** "amount must not be negative", "notes must not contain FAIL", "quantity must be at least 1". */
function readRequirement(
  state: ReadState,
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
    const value = quotedValue(state, object, position + subject.length);
    return value ? notContainsGuard(phrase, value, position) : null;
  }
  if (verb === 'exceed' || verb === 'go over') {
    return negated ? maximumGuard(phrase, object, position) : null;
  }
  return predicate(state, phrase, object.trim(), position, !negated);
}

/**
 * A predicate on a field: `holds` says whether the prompt wants it to hold ("must be positive")
 * or fails when it does ("fail if … is negative").
 */
function predicate(
  state: ReadState,
  phrase: string,
  predicate: string,
  position: number,
  holds: boolean,
): GuardDraft | null {
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
      ? guard('minimum', num(group(match, 1)), `must be at least ${match[1]}`)
      : guard('exclusive_maximum', num(group(match, 1)), `must be less than ${match[1]}`);
  if ((match = new RegExp(`^(?:at most|no more than|not more than|not above|max(?:imum)?|up to) ${NUMBER}`).exec(p)))
    return holds
      ? guard('maximum', num(group(match, 1)), `must be at most ${match[1]}`)
      : guard('exclusive_minimum', num(group(match, 1)), `must be more than ${match[1]}`);
  if ((match = new RegExp(`^(?:less than|below|under|smaller than|lower than|fewer than) ${NUMBER}`).exec(p)))
    return holds
      ? guard('exclusive_maximum', num(group(match, 1)), `must be less than ${match[1]}`)
      : guard('minimum', num(group(match, 1)), `must be at least ${match[1]}`);
  if (
    (match = new RegExp(`^(?:more than|greater than|above|over|higher than|bigger than|larger than) ${NUMBER}`).exec(p))
  )
    return holds
      ? guard('exclusive_minimum', num(group(match, 1)), `must be more than ${match[1]}`)
      : guard('maximum', num(group(match, 1)), `must be at most ${match[1]}`);
  return null;
}

/** The value a "contains" rule looks for: a quoted string, else the next word as written. */
function quotedValue(state: ReadState, rest: string, position: number): string | null {
  const quoted = /["']([^"']+)["']/.exec(rest);
  const word = /^(?:the (?:word|text|string|phrase) )?([^\s,.;]+)/.exec(rest.trim());
  const value = quoted ? group(quoted, 1) : word ? group(word, 1) : null;
  if (value === null) return null;
  // `rest` is lower-case: the value is taken as the prompt wrote it ("VOID" stays "VOID").
  const at = state.prompt.lower.indexOf(value, position);
  return at === -1 ? value : state.prompt.original(at, at + value.length);
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
