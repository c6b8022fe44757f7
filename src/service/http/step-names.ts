import type { StepSpec } from '../workflow/plan-types';

const KIND_LABELS: Record<StepSpec['kind'], string> = {
  markdown_report: 'Markdown report',
  extract_entities: 'Extract entities',
  summarize: 'Summarize',
  csv_table: 'CSV table',
  render_html: 'Render HTML',
  json_output: 'JSON output',
  pdf_document: 'PDF document',
  plain_text: 'Plain text',
  approval: 'Approval',
  guard: 'Check',
  bundle: 'Bundle results',
  model_write: 'Write with the model',
};

/** A readable label for a step: its kind, and the file it writes or the field it checks. */
export function stepName(step: StepSpec): string {
  const label = KIND_LABELS[step.kind];
  if (step.kind === 'guard') return `${label} · ${step.field}`;
  if ('filename' in step) return `${label} · ${step.filename}`;
  return label;
}
