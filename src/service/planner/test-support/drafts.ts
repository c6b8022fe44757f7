import { renderTemplate } from '../../steps/templates/liquid';
import type { WorkflowPlan } from '../../workflow/plan-types';

/** The last Markdown document a plan writes, rendered with `input`: its title line, then its body. */
export function renderedReport(plan: WorkflowPlan, input: Record<string, unknown>): string {
  const report = plan.steps.filter((step) => step.kind === 'markdown_report').at(-1);
  if (!report || report.kind !== 'markdown_report') throw new Error(`"${plan.name}" writes no Markdown document`);
  const title = renderTemplate(report.title, { input }, { escape: 'none', syntax: report.syntax });
  return `# ${title}\n\n${renderTemplate(report.template, { input }, { syntax: report.syntax })}`;
}

/** The texts of a plan's notes of one kind. */
export function notesOf(plan: WorkflowPlan, kind: string): string[] {
  return (plan.planning_notes ?? []).filter((note) => note.kind === kind).map((note) => note.text);
}
