/**
 * Rules a prompt states for failing a run ("fail if the amount is negative or the notes contain
 * FAIL"): each becomes a guard step on its field, adding the field when no input names it yet.
 */
import { makeField, type Field } from '../workflow/field';
import { lowerTitle } from './draft-parts';
import { snakeCase } from '../lib/text-case';
import type { GuardRule, StepSpec } from '../workflow/plan-types';

const CLAUSE =
  /\b(?:fail|fails|reject|rejects|stop|stops|error|errors|abort|aborts)\s+(?:the run\s+)?(?:if|when|whenever|unless)\s+([^.;!?\n]+)/g;

interface Rule {
  pattern: RegExp;
  rule: GuardRule;
  numeric: boolean;
  expectation: (value: string) => string;
  violation: (value: string) => string;
}

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`;
const RULES: Rule[] = [
  {
    pattern: /^(.+?) (?:is|are) (?:zero or negative|not positive)$/,
    rule: 'exclusive_minimum',
    numeric: true,
    expectation: () => 'must be positive',
    violation: () => 'is zero or negative',
  },
  {
    pattern: /^(.+?) (?:is|are) (?:negative|below zero|less than zero)$/,
    rule: 'minimum',
    numeric: true,
    expectation: () => 'must not be negative',
    violation: () => 'is negative',
  },
  {
    pattern: new RegExp(`^(.+?) (?:is |are )?(?:over|above|more than|greater than|exceeds?|higher than) ${NUMBER}$`),
    rule: 'maximum',
    numeric: true,
    expectation: (n) => `must not be above ${n}`,
    violation: (n) => `is above ${n}`,
  },
  {
    pattern: new RegExp(`^(.+?) (?:is |are )?(?:under|below|less than|lower than) ${NUMBER}$`),
    rule: 'minimum',
    numeric: true,
    expectation: (n) => `must not be below ${n}`,
    violation: (n) => `is below ${n}`,
  },
  {
    pattern: /^(.+?) (?:contains?|includes?|mentions?|has|have) ["“']?([^"”']+)["”']?$/,
    rule: 'not_contains',
    numeric: false,
    expectation: (v) => `must not contain "${v}"`,
    violation: (v) => `"${v}" appears in`,
  },
  {
    pattern: /^(.+?) (?:is|are) (?:missing|empty|blank|not given)$/,
    rule: 'required',
    numeric: false,
    expectation: () => 'is required',
    violation: () => 'is missing',
  },
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
      for (const rule of RULES) {
        const found = rule.pattern.exec(cased) ?? (subject ? rule.pattern.exec(`${subject} ${cased}`) : null);
        if (!found) continue;
        subject = found[1]!.replace(/^(?:the|a|an|its|their) /, '');
        const raw =
          rule.rule === 'not_contains'
            ? unquoted(plain.split(/ (?:contains?|includes?|mentions?|has|have) /)[1] ?? found[2]!)
            : (found[2] ?? '');
        const key = snakeCase(subject);
        let field = fields.find((f) => f.key === key || f.key.endsWith(`_${key}`) || f.head === key);
        if (!field) {
          field = makeField(
            key,
            rule.numeric ? 'number' : rule.rule === 'not_contains' ? 'text' : 'string',
            subject.split(' ').at(-1)!,
            match.index,
          );
          fields.push(field);
        }
        if (rule.numeric && (field.kind === 'string' || field.kind === 'text')) field.kind = 'number';
        const limit = rule.numeric ? Number(raw || 0) : undefined;
        const expectation = rule.expectation(raw);
        const name = lowerTitle(field);
        guards.steps.push({
          kind: 'guard',
          field: field.key,
          rule: rule.rule,
          ...(rule.rule === 'not_contains' ? { value: raw } : {}),
          ...(limit !== undefined ? { limit } : {}),
          message: rule.rule === 'required' ? `${name} is required` : `${name} ${expectation} (got {{value}})`,
        });
        guards.checks.push(`${name} ${expectation}`);
        guards.violations.push(
          rule.rule === 'not_contains' ? `${rule.violation(raw)} ${name}` : `${name} ${rule.violation(raw)}`,
        );
        break;
      }
    }
  }
  return guards;
}
