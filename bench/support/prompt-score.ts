/**
 * Scores a planner on a prompt set (src/service/planner/prompt-sets/*.json): for each prompt, the
 * inputs a person expects (by key pattern, type, format, choices, optional), the name, and the notes
 * about what the local service cannot do. Issue #30: the development set is for tuning, the held-out
 * set is scored at the start and the end only, never tuned on.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** One input a person expects in the form. */
export interface ExpectedInput {
  /** A regular expression the whole key must match (case-insensitive), e.g. "(customer_)?email(_address)?". */
  key: string;
  /** Absent: any type (the older prompts name keys only). */
  type?: 'string' | 'number' | 'integer' | 'boolean' | 'array' | 'object';
  /** JSON Schema format: email, uri, date, date-time… */
  format?: string;
  /** Values a choice must offer (compared case-insensitively; the form may offer more). */
  enum?: string[];
  /** true: must not be required; false: must be required; absent: either. */
  optional?: boolean;
  /** A multi-line free text: the schema must say so (maxLength ≥ 1000, or a description naming free text). */
  long_text?: boolean;
}

export interface PromptCase {
  prompt: string;
  /** A regular expression the whole workflow name must match (case-insensitive). */
  name: string;
  inputs: ExpectedInput[];
  /** What the local service cannot do and must say so in a planning note. */
  notes?: ('schedule' | 'trigger' | 'integration' | 'browsing' | 'output')[];
}

/** The part of a plan the score reads. */
export interface PlannedShape {
  name: string;
  input_schema: Record<string, unknown> | null;
  planning_notes?: { kind: string }[];
}

export interface CaseScore {
  prompt: string;
  name: string;
  nameOk: boolean;
  inputsRight: number;
  inputsExpected: number;
  /** Why each expected input was missed or wrong, and each key nobody asked for. */
  misses: string[];
  extra: string[];
  notesMissing: string[];
  whollyRight: boolean;
}

export interface SetScore {
  prompts: number;
  inputsExpected: number;
  inputsRight: number;
  whollyRight: number;
  names: number;
  cases: CaseScore[];
}

type Property = Record<string, unknown>;

const whole = (pattern: string) => new RegExp(`^(?:${pattern})$`, 'i');

const typeOk = (expected: NonNullable<ExpectedInput['type']>, actual: unknown) =>
  actual === expected || (expected === 'number' && actual === 'integer');

function longTextOk(property: Property): boolean {
  const maxLength = typeof property.maxLength === 'number' ? property.maxLength : 0;
  const description = `${String(property.description ?? '')} ${String(property['x-multiline'] ?? '')}`;
  return maxLength >= 1000 || /free text|multi-?line|paste/i.test(description) || property.format === 'textarea';
}

/** Why a property does not meet an expected input, or null when it does. */
function mismatch(expected: ExpectedInput, key: string, property: Property, required: boolean): string | null {
  if (expected.type && !typeOk(expected.type, property.type))
    return `${key}: type ${String(property.type)}, expected ${expected.type}`;
  if (expected.format && property.format !== expected.format)
    return `${key}: format ${String(property.format ?? 'none')}, expected ${expected.format}`;
  if (expected.enum) {
    const offered = (Array.isArray(property.enum) ? property.enum : []).map((v) => String(v).toLowerCase());
    const lacking = expected.enum.filter((v) => !offered.includes(v.toLowerCase()));
    if (lacking.length > 0) return `${key}: choices lack ${lacking.join(', ')}`;
  }
  if (expected.optional === true && required) return `${key}: required, expected optional`;
  if (expected.optional === false && !required) return `${key}: optional, expected required`;
  if (expected.long_text && !longTextOk(property)) return `${key}: not marked as long text`;
  return null;
}

export function scoreCase(testCase: PromptCase, plan: PlannedShape): CaseScore {
  const schema = plan.input_schema ?? {};
  const properties = (schema.properties ?? {}) as Record<string, Property>;
  const required = new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const keys = Object.keys(properties);
  const used = new Set<string>();
  const misses: string[] = [];
  let inputsRight = 0;
  for (const expected of testCase.inputs) {
    const pattern = whole(expected.key);
    const candidates = keys.filter((key) => pattern.test(key) && !used.has(key));
    if (candidates.length === 0) {
      misses.push(`missing ${expected.key}`);
      continue;
    }
    const reasons = candidates.map((key) => mismatch(expected, key, properties[key]!, required.has(key)));
    const good = reasons.findIndex((reason) => reason === null);
    used.add(candidates[good === -1 ? 0 : good]!);
    if (good === -1) misses.push(reasons[0]!);
    else inputsRight += 1;
  }
  const extra = keys.filter((key) => !used.has(key));
  const notes = (plan.planning_notes ?? []).map((note) => note.kind);
  const notesMissing = (testCase.notes ?? []).filter((kind) => !notes.includes(kind));
  return {
    prompt: testCase.prompt,
    name: plan.name,
    nameOk: whole(testCase.name).test(plan.name.trim()),
    inputsRight,
    inputsExpected: testCase.inputs.length,
    misses,
    extra,
    notesMissing,
    whollyRight: inputsRight === testCase.inputs.length && extra.length === 0,
  };
}

/** A prompt the planner refuses scores as a plan with no name and no inputs. */
function planOrNothing(plan: (prompt: string) => PlannedShape, prompt: string): PlannedShape {
  try {
    return plan(prompt);
  } catch {
    return { name: '', input_schema: null };
  }
}

export function scoreSet(cases: PromptCase[], plan: (prompt: string) => PlannedShape): SetScore {
  const scored = cases.map((c) => scoreCase(c, planOrNothing(plan, c.prompt)));
  const sum = (of: (s: CaseScore) => number) => scored.reduce((acc, s) => acc + of(s), 0);
  return {
    prompts: scored.length,
    inputsExpected: sum((s) => s.inputsExpected),
    inputsRight: sum((s) => s.inputsRight),
    whollyRight: scored.filter((s) => s.whollyRight).length,
    names: scored.filter((s) => s.nameOk).length,
    cases: scored,
  };
}

const SETS_DIR = new URL('../../src/service/planner/prompt-sets/', import.meta.url);

export type PromptSetName =
  | 'development'
  | 'development-2'
  | 'held-out'
  | 'held-out-2'
  | 'held-out-3'
  | 'held-out-4'
  | 'held-out-5'
  | 'held-out-6'
  | 'held-out-7'
  | 'held-out-8'
  | 'held-out-9'
  | 'held-out-10'
  | 'held-out-11'
  | 'held-out-12'
  | 'held-out-13'
  | 'held-out-14'
  | 'held-out-15'
  | 'held-out-16'
  | 'held-out-17'
  | 'held-out-18'
  | 'held-out-19'
  | 'held-out-20'
  | 'held-out-21'
  | 'held-out-22'
  | 'held-out-23'
  | 'held-out-24'
  | 'held-out-25'
  | 'held-out-26'
  | 'held-out-27'
  | 'held-out-28'
  | 'held-out-29'
  | 'older'
  | 'newcomer';

export function loadPromptSet(name: PromptSetName): PromptCase[] {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`${name}.json`, SETS_DIR)), 'utf8')) as PromptCase[];
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

export function summary(score: SetScore): string {
  return (
    `inputs ${score.inputsRight}/${score.inputsExpected} (${percent(score.inputsRight, score.inputsExpected)}%), ` +
    `wholly right ${score.whollyRight}/${score.prompts} (${percent(score.whollyRight, score.prompts)}%), ` +
    `names ${score.names}/${score.prompts} (${percent(score.names, score.prompts)}%)`
  );
}
