/**
 * Issue #30's measure of the rule planner: each prompt set scored BEFORE (the planner as of edaf18f,
 * when the work measured on held-out-29 begins, unpacked from git and loaded in this same run) and
 * AFTER (the planner of this tree), with the held-out goals beside the figures. The goals are read on
 * two blind sets, each written by a helper that had read neither the planner nor any other set, and
 * only their totals were ever printed: `held-out-28` (75 prompts, 312 inputs; 74/27/93 at its start,
 * 76/29/93 and 76/31/93 at the ends of the three rounds since) and `held-out-29`, new this round (75 prompts, 262
 * inputs; 78/37/88 at its start and its end). Blind sets written to one brief differ by several
 * points, so none alone says much. `held-out-27` was blind for three rounds (74/23/88 → 76/27/88); its
 * misses were read this round and it is spent, as are the earlier held-out sets. `development-2`
 * (informal prompts: terse notes, typos, chatty frames, rambling) is tuned on. A set that is absent is
 * said so.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadPromptSet, scoreSet, summary, type PlannedShape, type SetScore } from './support/prompt-score';
import type { Figure } from './service-bench';

const BEFORE_COMMIT = 'edaf18f';
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SETS = [
  'development',
  'development-2',
  'held-out',
  'held-out-2',
  'held-out-3',
  'held-out-4',
  'held-out-5',
  'held-out-6',
  'held-out-7',
  'held-out-8',
  'held-out-9',
  'held-out-10',
  'held-out-11',
  'held-out-12',
  'held-out-13',
  'held-out-14',
  'held-out-15',
  'held-out-16',
  'held-out-17',
  'held-out-18',
  'held-out-19',
  'held-out-20',
  'held-out-21',
  'held-out-22',
  'held-out-23',
  'held-out-24',
  'held-out-25',
  'held-out-26',
  'held-out-27',
  'held-out-28',
  'held-out-29',
  'older',
] as const;
const HELD_OUT: readonly string[] = ['held-out-28', 'held-out-29'];
const LABELS: Partial<Record<(typeof SETS)[number], string>> = {
  'held-out': 'held-out (spent)',
  'held-out-2': 'held-out-2 (spent)',
  'held-out-3': 'held-out-3 (spent)',
  'held-out-4': 'held-out-4 (spent)',
  'held-out-5': 'held-out-5 (spent: 67/28/53 at its end score, tuned on since)',
  'held-out-6': 'held-out-6 (spent: 84/43/63 at its end score, tuned on since)',
  'held-out-7': 'held-out-7 (spent: 71/41/72 at its end score, tuned on since)',
  'held-out-8': 'held-out-8 (spent: 74/41/66 blind, tuned on since)',
  'held-out-9': 'held-out-9 (spent: 68/33/44 → 73/34/44 blind, tuned on since)',
  'held-out-10': 'held-out-10 (spent: 75/34/86 → 77/39/86 blind, tuned on since)',
  'held-out-11': 'held-out-11 (spent: 67/33/86 → 68/33/90 blind, tuned on since)',
  'held-out-12': 'held-out-12 (spent: 66/19/92 → 67/20/92 blind, tuned on since)',
  'held-out-13': 'held-out-13 (spent: 66/31/84 → 70/36/84 blind, tuned on since)',
  'held-out-14': 'held-out-14 (spent: 63/32/84 → 70/36/87 blind, tuned on since)',
  'held-out-15': 'held-out-15 (spent: 85/47/93 → 85/47/93 blind, no plan of it changed; tuned on since)',
  'held-out-16':
    'held-out-16 (spent: 81/51/64 → 82/52/65 blind; 14 of 75 prompts seen before the end, no miss; tuned on since)',
  'held-out-17': 'held-out-17 (spent: 74/39/72 → 77/40/72 blind, tuned on since)',
  'held-out-18': 'held-out-18 (spent: 88/61/93 → 91/65/93 blind, tuned on since)',
  'held-out-19': 'held-out-19 (spent: 91/56/87 → 91/59/87 blind, tuned on since)',
  'held-out-20': 'held-out-20 (spent: 79/44/97 → 81/47/97 blind, tuned on since)',
  'held-out-21': 'held-out-21 (spent: 86/53/93 → 87/52/93 blind, tuned on since)',
  'held-out-22': 'held-out-22 (spent: 82/41/88 → 82/44/88 blind, tuned on since)',
  'held-out-23': 'held-out-23 (spent: 82/48/92 → 82/48/92 blind, tuned on since)',
  'held-out-24': 'held-out-24 (spent: 83/57/96 → 83/57/96 blind, tuned on since)',
  'held-out-25': 'held-out-25 (spent: 82/45/88 blind for two rounds, tuned on since)',
  'held-out-26': 'held-out-26 (spent: 86/48/93 blind for two rounds, tuned on since)',
  'held-out-27': 'held-out-27 (spent: 74/23/88 → 76/27/88 blind for three rounds, tuned on since)',
  'held-out-28': 'held-out-28 (blind: only its totals read; 74/27/93 at its start)',
  'held-out-29': 'held-out-29 (blind, new this round: only its totals read, at the start and the end)',
};
const GOALS = { inputs: 85, wholly: 65, names: 90 };

type Planner = (prompt: string) => PlannedShape;

/** The planner as of BEFORE_COMMIT, unpacked beside node_modules so its imports resolve. */
async function plannerBefore(): Promise<{ plan: Planner; cleanup: () => void }> {
  const dir = mkdtempSync(join(ROOT, 'node_modules', '.planner-before-'));
  execFileSync('sh', ['-c', `git archive ${BEFORE_COMMIT} src | tar -x -C "${dir}"`], { cwd: ROOT });
  const module = (await import(pathToFileURL(join(dir, 'src/service/planner/plan.ts')).href)) as {
    planWorkflow: (prompt: string, opts: object) => PlannedShape;
  };
  return {
    plan: (prompt) => module.planWorkflow(prompt, {}),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

const percent = (part: number, whole: number) => (whole === 0 ? 0 : Math.round((part / whole) * 100));

function heldOutGoals(set: string, score: SetScore): Figure[] {
  const inputs = percent(score.inputsRight, score.inputsExpected);
  const wholly = percent(score.whollyRight, score.prompts);
  const names = percent(score.names, score.prompts);
  return [
    {
      name: `${set} inputs right, after`,
      value: inputs,
      unit: '%',
      goal: `≥ ${GOALS.inputs}%`,
      ok: inputs >= GOALS.inputs,
    },
    {
      name: `${set} prompts wholly right, after`,
      value: wholly,
      unit: '%',
      goal: `≥ ${GOALS.wholly}%`,
      ok: wholly >= GOALS.wholly,
    },
    {
      name: `${set} names a person recognises, after`,
      value: names,
      unit: '%',
      goal: `≥ ${GOALS.names}%`,
      ok: names >= GOALS.names,
    },
  ];
}

export async function promptSetFigures(): Promise<Figure[]> {
  const { planWorkflow } = await import('../src/service/planner/plan');
  const after: Planner = (prompt) => planWorkflow(prompt, {});
  const before = await plannerBefore();
  const figures: Figure[] = [];
  try {
    for (const set of SETS) {
      if (!existsSync(join(ROOT, 'src/service/planner/prompt-sets', `${set}.json`))) {
        console.log(`  ${set} set: not present (src/service/planner/prompt-sets/${set}.json), skipped`);
        continue;
      }
      const cases = loadPromptSet(set);
      const was = scoreSet(cases, before.plan);
      const now = scoreSet(cases, after);
      const label = LABELS[set] ?? set;
      console.log(`  ${label} set, ${cases.length} prompts`);
      console.log(`    before (${BEFORE_COMMIT}): ${summary(was)}`);
      console.log(`    after:            ${summary(now)}`);
      figures.push({
        name: `${label}: inputs right, after (before ${percent(was.inputsRight, was.inputsExpected)}%)`,
        value: percent(now.inputsRight, now.inputsExpected),
        unit: '%',
      });
      if (HELD_OUT.includes(set)) figures.push(...heldOutGoals(set, now));
    }
  } finally {
    before.cleanup();
  }
  return figures;
}
