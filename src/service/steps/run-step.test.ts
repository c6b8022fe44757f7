import { describe, expect, it } from 'vitest';
import type { StepSpec } from '../workflow/plan-types';
import { StepFailure, type StepContext } from './step-io';
import { fileText, textFile } from './output-files';
import { runSteps } from '../test-support/run-steps';
import { GENERATED_BY } from './kinds/json-output';
import { runStep, stepSeconds } from './run-step';

const runAll = runSteps;

const only = async (step: StepSpec, ctx: Partial<StepContext> = {}) => {
  const outcome = await runStep(step, { input: {}, files: [], previous: [], ...ctx });
  if (outcome.kind !== 'files') throw new Error('expected files');
  return outcome.files;
};

const NOTES =
  'Ana will send the budget to cfo@acme.io by 2026-05-01. The budget grew 12% this quarter. Lunch was late.';

describe('runStep', () => {
  it('markdown_report fills its title and template and writes a .md file', async () => {
    const [file] = await only(
      {
        kind: 'markdown_report',
        filename: 'brief.md',
        title: 'Brief: {{ input.company }}',
        template: 'Site: {{ input.site | host }}',
        syntax: 'liquid',
      },
      { input: { company: 'Acme *Corp*', site: 'https://www.acme.io' } },
    );
    expect(file?.filename).toBe('brief.md');
    expect(file?.contentType).toBe('text/markdown; charset=utf-8');
    expect(fileText(file!)).toBe('# Brief: Acme \\*Corp\\*\n\nSite: acme.io\n');
  });

  it('summarize and extract_entities feed a report that reads their findings', async () => {
    const { results } = await runAll(
      [
        { kind: 'summarize', fields: ['notes'], sentences: 2, filename: 'summary.md' },
        { kind: 'extract_entities', fields: ['notes'], filename: 'entities.json' },
        {
          kind: 'markdown_report',
          filename: 'digest.md',
          title: 'Digest',
          template:
            '{{ files.summary | raw }}\n\n{% for email in files.entities.emails %}- {{ email }}\n{% endfor %}' +
            '{% for item in files.entities.action_items %}- [ ] {{ item.text }} ({{ item.due }})\n{% endfor %}',
          syntax: 'liquid',
        },
        { kind: 'bundle' },
      ],
      { notes: NOTES },
    );
    expect(results.map((f) => f.filename)).toEqual(['summary.md', 'entities.json', 'digest.md']);
    const entities = JSON.parse(fileText(results[1]!)) as Record<string, unknown>;
    expect(entities).toMatchObject({
      source_fields: ['notes'],
      emails: ['cfo@acme.io'],
      dates: [{ text: '2026-05-01', iso: '2026-05-01' }],
    });
    expect(fileText(results[2]!)).toBe(
      '# Digest\n\n- Ana will send the budget to cfo@acme.io by 2026-05-01.\n- The budget grew 12% this quarter.\n\n- cfo@acme.io\n- [ ] Ana will send the budget to cfo@acme.io by 2026-05-01. (2026-05-01)\n',
    );
  });

  it('summarize writes a note instead of failing when there is no text', async () => {
    const [file] = await only({ kind: 'summarize', fields: ['notes'], sentences: 3, filename: 'summary.md' });
    expect(fileText(file!)).toBe('# Summary\n\n_There was no text to summarise._\n');
  });

  it('csv_table builds a table from a list, from pasted lines, and rejects other values', async () => {
    const [table] = await only(
      { kind: 'csv_table', field: 'rows', filename: 'rows.csv' },
      { input: { rows: [{ name: 'Tea', price: 3 }] } },
    );
    expect(table?.contentType).toBe('text/csv; charset=utf-8');
    expect(fileText(table!)).toBe('"name","price"\r\n"Tea","3"\r\n');
    const [lines] = await only(
      { kind: 'csv_table', field: 'names', filename: 'names.csv' },
      { input: { names: 'Ann\n\nBo\n' } },
    );
    expect(fileText(lines!)).toBe('"names"\r\n"Ann"\r\n"Bo"\r\n');
    await expect(
      runStep({ kind: 'csv_table', field: 'rows', filename: 'x.csv' }, { input: { rows: 5 }, files: [], previous: [] }),
    ).rejects.toThrow(new StepFailure('rows must be a list of rows to build a table (got a number)'));
  });

  it('csv_table writes large tables in full, so results can exceed the inline limit', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      id: i,
      name: `Product number ${i}`,
      note: 'a fairly long description cell',
    }));
    const [file] = await only({ kind: 'csv_table', field: 'rows', filename: 'big.csv' }, { input: { rows } });
    expect(file!.data.byteLength).toBeGreaterThan(100 * 1024);
    expect(fileText(file!).split('\r\n')).toHaveLength(5002);
  });

  it('render_html, plain_text and pdf_document render the latest markdown', async () => {
    const report = textFile('report.md', '# Report\n\n<b>hi</b> **there**\n');
    const html = await only({ kind: 'render_html', filename: 'report.html' }, { files: [report], previous: [report] });
    expect(html[0]?.contentType).toBe('text/html; charset=utf-8');
    expect(fileText(html[0]!)).toContain('<p>&lt;b>hi&lt;/b> <strong>there</strong></p>');
    // The PDF step follows the HTML step, so it looks back past it to the markdown.
    const pdf = await only(
      { kind: 'pdf_document', filename: 'report.pdf', title: 'Report for {{ input.who }}', syntax: 'liquid' },
      { input: { who: 'Ada' }, files: [report, ...html], previous: html },
    );
    expect(pdf[0]?.contentType).toBe('application/pdf');
    expect(new TextDecoder('latin1').decode(pdf[0]!.data.slice(0, 5))).toBe('%PDF-');
    const text = await only({ kind: 'plain_text', filename: 'report.txt' }, { files: [report], previous: [report] });
    expect(fileText(text[0]!)).toBe('Report\n======\n\n<b>hi</b> there\n');
  });

  it('rendering steps fail with a clear message when there is no markdown', async () => {
    await expect(only({ kind: 'render_html', filename: 'x.html' })).rejects.toThrow(
      'there is no markdown report to turn into an HTML page; the workflow needs a report step before this one',
    );
  });

  it('json_output writes the input with sorted keys and the named findings', async () => {
    const summary = textFile('summary.md', '# Summary\n\n- Point.\n');
    const entities = textFile('entities.json', '{"emails":["a@b.co"]}');
    const [file] = await only(
      { kind: 'json_output', filename: 'result.json', findings: ['summary.md', 'entities.json'] },
      { input: { b: 1, a: { d: 2, c: 3 } }, files: [summary, entities] },
    );
    expect(fileText(file!)).toBe(
      `${JSON.stringify({ input: { a: { c: 3, d: 2 }, b: 1 }, findings: { entities: { emails: ['a@b.co'] }, summary: '- Point.' }, files: ['summary.md', 'entities.json'], generated_by: GENERATED_BY }, null, 2)}\n`,
    );
  });

  it('json_output says first what the workflow does not produce, when the plan names it', async () => {
    const [file] = await only(
      { kind: 'json_output', filename: 'result.json', notProduced: ['Does not look up order status.'] },
      { input: { order: 'A-1' }, files: [] },
    );
    expect(fileText(file!).split('\n').slice(0, 4)).toEqual([
      '{',
      '  "not_produced": [',
      '    "Does not look up order status."',
      '  ],',
    ]);
  });

  it('approval asks for a decision with a message about this input', async () => {
    expect(
      await runStep(
        { kind: 'approval', message: 'Approve the reply to {{ input.customer }}?', syntax: 'liquid' },
        { input: { customer: 'Ann *B*' }, files: [], previous: [] },
      ),
    ).toEqual({
      kind: 'approval',
      message: 'Approve the reply to Ann *B*?',
    });
  });

  it('guard stops the run with its message', async () => {
    await expect(
      runStep(
        {
          kind: 'guard',
          field: 'amount',
          rule: 'minimum',
          limit: 0,
          message: 'amount must not be negative (got {{value}})',
        },
        { input: { amount: -5 }, files: [], previous: [] },
      ),
    ).rejects.toThrow(new StepFailure('amount must not be negative (got -5)'));
  });

  it('bundle returns every file once, the latest version of each name', async () => {
    const files = [textFile('a.md', 'old'), textFile('b.json', '{}'), textFile('a.md', 'new')];
    const bundled = await only({ kind: 'bundle' }, { files });
    expect(bundled.map((f) => [f.filename, fileText(f)])).toEqual([
      ['a.md', 'new'],
      ['b.json', '{}'],
    ]);
  });

  it('gives byte-identical files when the same steps run again on the same input', async () => {
    const steps: StepSpec[] = [
      { kind: 'summarize', fields: ['notes'], sentences: 2, filename: 'summary.md' },
      { kind: 'extract_entities', fields: ['notes'], filename: 'entities.json' },
      {
        kind: 'markdown_report',
        filename: 'r.md',
        title: 'R',
        template: '{{ files.summary | raw }}\n\n{{ input.notes | quote }}',
        syntax: 'liquid',
      },
      { kind: 'render_html', filename: 'r.html' },
      { kind: 'pdf_document', filename: 'r.pdf', title: 'R' },
      { kind: 'plain_text', filename: 'r.txt' },
      { kind: 'json_output', filename: 'r.json' },
      { kind: 'bundle' },
    ];
    const first = await runAll(steps, { notes: NOTES });
    const second = await runAll(steps, { notes: NOTES });
    expect(first.results.map((f) => f.filename)).toEqual([
      'summary.md',
      'entities.json',
      'r.md',
      'r.html',
      'r.pdf',
      'r.txt',
      'r.json',
    ]);
    first.results.forEach((file, index) =>
      expect(Buffer.from(file.data).equals(Buffer.from(second.results[index]!.data))).toBe(true),
    );
  });

  it('gives each kind a nominal duration of 1 to 4 seconds, and approval none', () => {
    const kinds: StepSpec[] = [
      { kind: 'guard', field: 'x', rule: 'required', message: 'm' },
      { kind: 'summarize', fields: [], sentences: 1, filename: 's.md' },
      { kind: 'extract_entities', fields: [], filename: 'e.json' },
      { kind: 'csv_table', field: 'x', filename: 'x.csv' },
      { kind: 'markdown_report', filename: 'r.md', title: '', template: '' },
      { kind: 'render_html', filename: 'r.html' },
      { kind: 'plain_text', filename: 'r.txt' },
      { kind: 'json_output', filename: 'r.json' },
      { kind: 'pdf_document', filename: 'r.pdf', title: '' },
      { kind: 'bundle' },
    ];
    for (const step of kinds) expect(stepSeconds(step)).toBeGreaterThanOrEqual(1);
    for (const step of kinds) expect(stepSeconds(step)).toBeLessThanOrEqual(4);
    expect(stepSeconds({ kind: 'approval', message: 'ok?' })).toBe(0);
  });
});
