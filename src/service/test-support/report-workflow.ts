import { provisionKeys } from '../accounts/provision';
import { planColumns } from '../engine/planning';
import type { Store } from '../store/store';

/**
 * Provisions `key`'s account and writes it a ready workflow called `name` without the planner: two
 * steps (a markdown report of input `n`, rendered as report.html) at high concurrency. Answers its id.
 */
export async function addReportWorkflow(store: Store, key: string, name: string): Promise<string> {
  const [account] = await provisionKeys(store, [key]);
  const columns = planColumns({
    name,
    description: '',
    input_schema: null,
    concurrency: 'high',
    steps: [
      {
        kind: 'markdown_report',
        filename: 'report.md',
        title: 'Item {{ input.n }}',
        template: 'Number {{ input.n }}',
        syntax: 'liquid',
      },
      { kind: 'render_html', filename: 'report.html' },
    ],
  });
  const workflow = await store.createWorkflow(
    { accountId: account!.id, prompt: 'test', name, description: '', nameGiven: true, descriptionGiven: true },
    { status: 'ready', input_schema: null, steps: columns.steps, concurrency: 'high' },
  );
  return workflow.id;
}
