/**
 * Scores the planner on the held-out prompts: inputs found of those expected, inputs nobody asked
 * for, names matched and planning notes given. Run: `npx tsx src/service/planner/held-out/score.ts`
 * (`--verbose` lists every miss).
 */
import { planWorkflow } from '../plan';
import { HELD_OUT, type HeldOutPrompt } from './prompts';

interface PromptScore {
  prompt: HeldOutPrompt;
  name: string;
  keys: string[];
  missing: string[];
  extra: string[];
  notes: string[];
  missingNotes: string[];
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
    keys,
    missing: prompt.inputs.filter((expected) => !keys.some((key) => counts(key, expected))).map((e) => e.join('|')),
    extra: keys.filter((key) => !prompt.inputs.some((expected) => counts(key, expected))),
    notes,
    missingNotes: (prompt.notes ?? []).filter((kind) => !notes.includes(kind)),
  };
}

const percent = (part: number, whole: number) => `${whole === 0 ? 100 : Math.round((part / whole) * 100)}%`;

function main(): void {
  const verbose = process.argv.includes('--verbose');
  const scores = HELD_OUT.map(scoreOne);
  const expected = HELD_OUT.reduce((sum, p) => sum + p.inputs.length, 0);
  const found = expected - scores.reduce((sum, s) => sum + s.missing.length, 0);
  const extra = scores.reduce((sum, s) => sum + s.extra.length, 0);
  const names = scores.filter((s) => s.prompt.names.some((n) => n.toLowerCase() === s.name.toLowerCase())).length;
  const notesExpected = HELD_OUT.reduce((sum, p) => sum + (p.notes?.length ?? 0), 0);
  const notesFound = notesExpected - scores.reduce((sum, s) => sum + s.missingNotes.length, 0);
  if (verbose) {
    for (const s of scores) {
      const nameOk = s.prompt.names.some((n) => n.toLowerCase() === s.name.toLowerCase());
      if (nameOk && s.missing.length === 0 && s.extra.length === 0 && s.missingNotes.length === 0) continue;
      console.log(`\n${s.prompt.prompt}`);
      console.log(`  name: ${s.name}${nameOk ? '' : `  (expected ${s.prompt.names[0] ?? ''})`}`);
      console.log(`  inputs: ${s.keys.join(', ') || '(none)'}`);
      if (s.missing.length > 0) console.log(`  missing: ${s.missing.join(', ')}`);
      if (s.extra.length > 0) console.log(`  extra: ${s.extra.join(', ')}`);
      if (s.missingNotes.length > 0) console.log(`  missing notes: ${s.missingNotes.join(', ')}`);
    }
    console.log('');
  }
  console.log(`held-out prompts: ${HELD_OUT.length}`);
  console.log(`inputs found: ${found}/${expected} (${percent(found, expected)}), extra inputs: ${extra}`);
  console.log(`names matched: ${names}/${HELD_OUT.length} (${percent(names, HELD_OUT.length)})`);
  console.log(`planning notes: ${notesFound}/${notesExpected} (${percent(notesFound, notesExpected)})`);
}

main();
