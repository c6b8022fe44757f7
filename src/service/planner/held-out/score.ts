/**
 * Scores the planner on the held-out prompts: inputs found of those expected, inputs nobody asked
 * for, names matched and planning notes given. Run: `npx tsx src/service/planner/held-out/score.ts`
 * (`--verbose` lists every miss); `scoreHeldOut` gives the same figures to the bench.
 */
import { pathToFileURL } from 'node:url';
import { planWorkflow } from '../plan';
import { HELD_OUT, HELD_OUT_SETS, type HeldOutPrompt } from './prompts';

interface PromptScore {
  prompt: HeldOutPrompt;
  name: string;
  nameOk: boolean;
  keys: string[];
  missing: string[];
  extra: string[];
  missingNotes: string[];
}

/** What the planner got right on a set of held-out prompts. */
export interface HeldOutScore {
  prompts: number;
  names: number;
  inputsExpected: number;
  inputsFound: number;
  extraInputs: number;
  notesExpected: number;
  notesFound: number;
}

/** A key counts for an expected input when it is one of its keys, or one of them with a qualifier. */
const counts = (key: string, expected: string[]) =>
  expected.some((alt) => key === alt || key.endsWith(`_${alt}`) || alt.endsWith(`_${key}`));

function scoreOne(prompt: HeldOutPrompt): PromptScore {
  const plan = planWorkflow(prompt.prompt, {});
  const keys = Object.keys((plan.input_schema?.properties as Record<string, unknown> | undefined) ?? {});
  const notes = (plan.planning_notes ?? []).map((note) => note.kind);
  return {
    prompt,
    name: plan.name,
    // Exact, so "Youtube" for "YouTube" is a miss: spelling is part of a name a person accepts.
    nameOk: prompt.names.includes(plan.name),
    keys,
    missing: prompt.inputs.filter((expected) => !keys.some((key) => counts(key, expected))).map((e) => e.join('|')),
    extra: keys.filter((key) => !prompt.inputs.some((expected) => counts(key, expected))),
    missingNotes: (prompt.notes ?? []).filter((kind) => !notes.includes(kind)),
  };
}

function total(scores: PromptScore[]): HeldOutScore {
  const sum = (of: (s: PromptScore) => number) => scores.reduce((acc, s) => acc + of(s), 0);
  const inputsExpected = sum((s) => s.prompt.inputs.length);
  const notesExpected = sum((s) => s.prompt.notes?.length ?? 0);
  return {
    prompts: scores.length,
    names: scores.filter((s) => s.nameOk).length,
    inputsExpected,
    inputsFound: inputsExpected - sum((s) => s.missing.length),
    extraInputs: sum((s) => s.extra.length),
    notesExpected,
    notesFound: notesExpected - sum((s) => s.missingNotes.length),
  };
}

/** The planner's figures on `prompts` (every held-out prompt unless told). */
export function scoreHeldOut(prompts: HeldOutPrompt[] = HELD_OUT): HeldOutScore {
  return total(prompts.map(scoreOne));
}

const percent = (part: number, whole: number) => `${whole === 0 ? 100 : Math.round((part / whole) * 100)}%`;

function printScore(label: string, s: HeldOutScore): void {
  console.log(`${label}: ${s.prompts} prompts`);
  console.log(
    `  inputs found: ${s.inputsFound}/${s.inputsExpected} (${percent(s.inputsFound, s.inputsExpected)}), extra inputs: ${s.extraInputs}`,
  );
  console.log(`  names matched: ${s.names}/${s.prompts} (${percent(s.names, s.prompts)})`);
  console.log(`  planning notes: ${s.notesFound}/${s.notesExpected} (${percent(s.notesFound, s.notesExpected)})`);
}

function main(): void {
  if (process.argv.includes('--verbose')) {
    for (const s of HELD_OUT.map(scoreOne)) {
      if (s.nameOk && s.missing.length === 0 && s.extra.length === 0 && s.missingNotes.length === 0) continue;
      console.log(`\n${s.prompt.prompt}`);
      console.log(`  name: ${s.name}${s.nameOk ? '' : `  (expected ${s.prompt.names[0] ?? ''})`}`);
      console.log(`  inputs: ${s.keys.join(', ') || '(none)'}`);
      if (s.missing.length > 0) console.log(`  missing: ${s.missing.join(', ')}`);
      if (s.extra.length > 0) console.log(`  extra: ${s.extra.join(', ')}`);
      if (s.missingNotes.length > 0) console.log(`  missing notes: ${s.missingNotes.join(', ')}`);
    }
    console.log('');
  }
  for (const [set, prompts] of Object.entries(HELD_OUT_SETS)) printScore(`${set} set`, scoreHeldOut(prompts));
  printScore('all held-out prompts', scoreHeldOut());
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
