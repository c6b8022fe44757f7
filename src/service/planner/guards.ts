/**
 * Rules a prompt states for failing a run ("fail if the amount is negative or the notes contain
 * FAIL"): each becomes a guard step on its field, adding the field when no input names it yet.
 */
import { makeField, type Field } from '../workflow/field';
import { lowerTitle } from '../drafting/draft-parts';
import { snakeCase } from '../lib/text-case';
import type { GuardRule, StepSpec } from '../workflow/plan-types';

/** "fail if …", "Reject it when …", "stop the run unless …": any capitals, so a rule may open its sentence. */
const CLAUSE =
  /\b(?:fail|fails|reject|rejects|stop|stops|error|errors|abort|aborts)\s+(?:(?:the run|it|them)\s+)?(?:if|when|whenever|unless)\s+([^.;!?\n]+)/gi;

/** A rule: the words that state it, its guard, and what it expects and reports ("$" is the value). */
type Rule = [pattern: RegExp, rule: GuardRule, expectation: string, violation: string];

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
const RULES: Rule[] = [
  [
    /^(.+?) (?:is|are) (?:zero or negative|not positive)$/,
    'exclusive_minimum',
    'must be positive',
    'is zero or negative',
  ],
  [/^(.+?) (?:is|are) (?:negative|below zero|less than zero)$/, 'minimum', 'must not be negative', 'is negative'],
  [
    new RegExp(`^(.+?) (?:is |are )?(?:over|above|more than|greater than|exceeds?|higher than) ${NUMBER}$`),
    'maximum',
    'must not be above $',
    'is above $',
  ],
  [
    new RegExp(`^(.+?) (?:is |are )?(?:under|below|less than|lower than) ${NUMBER}$`),
    'minimum',
    'must not be below $',
    'is below $',
  ],
  [
    /^(.+?) (?:contains?|includes?|mentions?|has|have) ["“']?([^"”']+)["”']?$/,
    'not_contains',
    'must not contain "$"',
    '"$" appears in',
  ],
  [/^(.+?) (?:is|are) (?:missing|empty|blank|not given)$/, 'required', 'is required', 'is missing'],
];

export interface Guards {
  steps: StepSpec[];
  /** "amount must not be negative", for the report's checks. */
  checks: string[];
  /** "the amount is negative", for the description. */
  violations: string[];
}

/** The words of a rule's value as written, without the quotes around them. */
const unquoted = (value: string) =>
  value
    .trim()
    .replace(/^["“']/, '')
    .replace(/["”']$/, '');

/** Reads the prompt's rules; fields it names that are not inputs yet are added to `fields`. */
export function readGuards(text: string, fields: Field[]): Guards {
  const guards: Guards = { steps: [], checks: [], violations: [] };
  for (const match of text.matchAll(CLAUSE)) {
    let subject: string | undefined;
    for (const part of match[1]!.split(/,? (?:or|and) |, /)) {
      const plain = part.trim();
      // A rule is a few words; a long run of text is no rule, and is never matched against the patterns.
      if (plain.length > 120) continue;
      const cased = plain.toLowerCase().replace(/^(?:the|a|an|its|their) /, '');
      for (const [pattern, rule, expects, violates] of RULES) {
        const found = pattern.exec(cased) ?? (subject ? pattern.exec(`${subject} ${cased}`) : null);
        if (!found) continue;
        subject = found[1]!.replace(/^(?:the|a|an|its|their) /, '');
        const contains = rule === 'not_contains';
        const numeric = !contains && rule !== 'required';
        const raw = contains
          ? unquoted(plain.split(/ (?:contains?|includes?|mentions?|has|have) /)[1] ?? found[2]!)
          : (found[2] ?? '');
        const key = snakeCase(subject);
        let field = fields.find((f) => f.key === key || f.key.endsWith(`_${key}`) || f.head === key);
        if (!field) {
          const kind = numeric ? 'number' : contains ? 'text' : 'string';
          field = makeField(key, kind, subject.split(' ').at(-1)!, match.index);
          fields.push(field);
        }
        if (numeric && (field.kind === 'string' || field.kind === 'text')) field.kind = 'number';
        // A function, so a value with "$&" or "$1" in it is put in as written, not read as a replacement pattern.
        const expectation = expects.replace('$', () => raw);
        const violation = violates.replace('$', () => raw);
        const name = lowerTitle(field);
        guards.steps.push({
          kind: 'guard',
          field: field.key,
          rule,
          ...(contains ? { value: raw } : {}),
          ...(numeric ? { limit: Number(raw || 0) } : {}),
          message: rule === 'required' ? `${name} is required` : `${name} ${expectation} (got {{value}})`,
        });
        guards.checks.push(`${name} ${expectation}`);
        guards.violations.push(contains ? `${violation} ${name}` : `${name} ${violation}`);
        break;
      }
    }
  }
  return guards;
}
