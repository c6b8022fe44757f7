// One tour of the dashboard's in-app moves (issue #33), each timed from click to content. The tour
// starts and ends on the workflow list, so tours repeat back to back in the same warm tab.
import type { Page } from '@playwright/test';
import { settle, timeBack, timeClick, type Arrival } from './support/moves';

export const MOVES = [
  'workflow list → a workflow (run form)',
  'Run tab → Executions tab (rows)',
  'Executions tab → Schema tab',
  'Schema tab → Batch tab',
  'Batch tab → Run tab',
  'Back (Run tab → Batch tab)',
  'header → Runs (rows)',
  'a run row → its page',
  'Back (run page → Runs)',
  'header → Approvals',
  'header → Workflows (list)',
] as const;

export type Move = (typeof MOVES)[number];

const list: Arrival = { path: /^\/workflows\/?$/, selector: 'main ul li a[href^="/workflows/"]' };

/** Opens the list in `page` (a full load) and waits for it: the start of every tour. */
export async function openList(page: Page, origin: string): Promise<void> {
  await page.goto(`${origin}/workflows`);
  await settle(page, list);
}

/**
 * Runs every move once, from the list back to the list: `wid` is a workflow with an input form
 * (another each tour, so its data is not in the tab's cache yet), `runRow` the runs list's row to open.
 */
export async function tour(page: Page, wid: string, runRow: number): Promise<Map<Move, number>> {
  const w = `/workflows/${wid}`;
  const runForm: Arrival = { path: new RegExp(`^${w}/?$`), selector: 'main button', text: /Run workflow/ };
  const executions: Arrival = {
    path: new RegExp(`^${w}/executions/?$`),
    selector: 'main ul[aria-label="Runs"] li, main h2, main h3',
    text: /\S/,
  };
  const schema: Arrival = { path: new RegExp(`^${w}/schema/?$`), selector: 'main ul[aria-label="Input fields"] li' };
  const batch: Arrival = { path: new RegExp(`^${w}/batch/?$`), selector: 'main input[type=file]' };
  const runs: Arrival = { path: /^\/runs\/?$/, selector: 'main ul[aria-label="Runs"] li' };
  const runPage: Arrival = { path: /\/executions\/[^/]+$/, selector: 'main', text: /All runs[\s\S]*Finished/ };
  const approvals: Arrival = {
    path: /^\/approvals\/?$/,
    selector: 'main',
    text: /Nothing waits for approval|Runs waiting|Approve/,
  };
  const times = new Map<Move, number>();
  const at = (move: Move, ms: number) => times.set(move, ms);
  at(MOVES[0], await timeClick(page, `main a[href="${w}"]`, runForm));
  at(MOVES[1], await timeClick(page, `main a[href="${w}/executions"]`, executions));
  at(MOVES[2], await timeClick(page, `main a[href="${w}/schema"]`, schema));
  at(MOVES[3], await timeClick(page, `main a[href="${w}/batch"]`, batch));
  at(MOVES[4], await timeClick(page, `main a[href="${w}"]`, runForm));
  at(MOVES[5], await timeBack(page, batch));
  at(MOVES[6], await timeClick(page, 'header a[href="/runs"]', runs));
  at(MOVES[7], await timeClick(page, `main ul[aria-label="Runs"] li:nth-child(${runRow}) a`, runPage));
  at(MOVES[8], await timeBack(page, runs));
  at(MOVES[9], await timeClick(page, 'header a[href="/approvals"]', approvals));
  at(MOVES[10], await timeClick(page, 'header a[href="/workflows"]', list));
  return times;
}
