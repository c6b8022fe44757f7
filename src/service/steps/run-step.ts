import { StepFailure, type OutputFile, type StepContext, type StepResult, type StepSpec } from '../workflow/plan-types';
import { toCsv } from './csv';
import { extractEntities } from './extract-entities';
import { runGuard } from './guard';
import { escapeMarkdown } from './markdown-escape';
import { binaryFile, fileText, latestMarkdown, readFindings, sortKeys, textFile } from './output-files';
import { renderPdfDocument } from './pdf-document';
import { markdownToPlainText } from './plain-text';
import { renderHtmlDocument } from './render-html';
import { summarize } from './summarize';
import { formatValue } from './templates/format-value';
import { renderTemplate } from './templates/liquid';

/** A csv_table `field` that makes a one-row table of the whole input. */
const WHOLE_INPUT = '*';

export const GENERATED_BY = 'Workflow Automation local service (rule-based planner)';

/** Nominal duration of each kind at time scale 1, in seconds. */
const SECONDS: Record<StepSpec['kind'], number> = {
  guard: 1,
  summarize: 3,
  extract_entities: 2,
  csv_table: 2,
  markdown_report: 2,
  render_html: 1,
  plain_text: 1,
  json_output: 1,
  pdf_document: 4,
  approval: 0,
  bundle: 1,
  // The model's own time is the step's time.
  model_write: 0,
};

export function stepSeconds(step: StepSpec): number {
  return SECONDS[step.kind] ?? 1;
}

/** The text of the named input fields, one after another; lists give one line per item. */
function fieldsText(input: Record<string, unknown>, fields: string[]): string {
  return fields
    .map((field) => {
      const value = input[field];
      if (typeof value === 'string') return value;
      if (typeof value === 'number') return String(value);
      if (Array.isArray(value))
        return value.map((item) => (typeof item === 'string' ? item : formatValue(item))).join('\n');
      return '';
    })
    .filter((text) => text.trim() !== '')
    .join('\n\n');
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a list';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string') return 'text';
  return `a ${typeof value}`;
}

function rowsOf(field: string, value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  if (Array.isArray(value)) return value;
  // Pasted text works too: one row per non-empty line.
  if (typeof value === 'string') return value.split(/\r?\n/).filter((line) => line.trim() !== '');
  throw new StepFailure(`${field} must be a list of rows to build a table (got ${describe(value)})`);
}

function markdownSource(ctx: StepContext, purpose: string): OutputFile {
  const source = latestMarkdown(ctx.previous, ctx.files);
  if (!source)
    throw new StepFailure(
      `there is no markdown report to turn into ${purpose}; the workflow needs a report step before this one`,
    );
  return source;
}

function files(...list: OutputFile[]): StepResult {
  return { kind: 'files', files: list };
}

/** Keeps one file per name, the latest version, in the order names first appeared. */
function bundle(all: OutputFile[]): OutputFile[] {
  const byName = new Map<string, OutputFile>();
  for (const file of all) byName.set(file.filename, file);
  return [...byName.values()];
}

/**
 * Runs one step on the input and the files so far. Deterministic: the same step, input and files
 * always give byte-identical files, so a run replayed after a crash writes the same results.
 * Throws StepFailure with a message for the person who ran the workflow.
 */
export async function runStep(step: StepSpec, ctx: StepContext): Promise<StepResult> {
  const { input } = ctx;
  switch (step.kind) {
    case 'guard':
      runGuard(step, input);
      return files();
    case 'markdown_report': {
      const data = { input, files: readFindings(ctx.files) };
      const title = renderTemplate(step.title, data, { syntax: step.syntax }).trim();
      const body = renderTemplate(step.template, data, { syntax: step.syntax }).trim();
      return files(textFile(step.filename, `${title ? `# ${title}\n\n` : ''}${body}\n`));
    }
    case 'summarize': {
      const sentences = summarize(fieldsText(input, step.fields), step.sentences);
      const body =
        sentences.length > 0
          ? sentences.map((s) => `- ${escapeMarkdown(s)}`).join('\n')
          : '_There was no text to summarise._';
      return files(textFile(step.filename, `# Summary\n\n${body}\n`));
    }
    case 'extract_entities': {
      const entities = extractEntities(fieldsText(input, step.fields));
      return files(
        textFile(step.filename, `${JSON.stringify({ source_fields: step.fields, ...entities }, null, 2)}\n`),
      );
    }
    case 'csv_table': {
      const rows = step.field === WHOLE_INPUT ? [input] : rowsOf(step.field, input[step.field]);
      return files(textFile(step.filename, toCsv(rows, step.field === WHOLE_INPUT ? 'value' : step.field)));
    }
    case 'render_html': {
      const source = markdownSource(ctx, 'an HTML page');
      return files(textFile(step.filename, renderHtmlDocument(fileText(source), step.filename)));
    }
    case 'plain_text': {
      const source = markdownSource(ctx, 'plain text');
      return files(textFile(step.filename, markdownToPlainText(fileText(source))));
    }
    case 'pdf_document': {
      const source = markdownSource(ctx, 'a PDF');
      const title =
        renderTemplate(step.title, { input }, { escape: 'none', syntax: step.syntax }).trim() || step.filename;
      return files(binaryFile(step.filename, await renderPdfDocument(fileText(source), title)));
    }
    case 'json_output': {
      const findings = readFindings(
        ctx.files,
        step.findings ?? ctx.files.filter((file) => file.filename.endsWith('.json')).map((file) => file.filename),
      );
      const document = {
        ...(step.notProduced?.length ? { not_produced: step.notProduced } : {}),
        input: sortKeys(input),
        findings: sortKeys(findings),
        files: [...new Set(ctx.files.map((file) => file.filename))],
        generated_by: GENERATED_BY,
      };
      return files(textFile(step.filename, `${JSON.stringify(document, null, 2)}\n`));
    }
    case 'approval':
      return {
        kind: 'approval',
        message: renderTemplate(step.message, { input }, { escape: 'none', syntax: step.syntax }),
      };
    case 'bundle':
      return files(...bundle(ctx.files));
    case 'model_write':
      // The runner calls the model on its own thread; a writing step never reaches the step pool.
      throw new StepFailure('a writing step needs the model, which only the runner can call');
    default:
      // Only reachable for a plan stored by another version of the service.
      throw new StepFailure(
        `this workflow uses a step this service does not know (${(step as { kind: string }).kind})`,
      );
  }
}
