import { escapeMarkdown } from '../steps/markdown-escape';
import type { Field } from './fields';
import type { EntityKind } from './infer-fields';

export interface ReportOptions {
  name: string;
  fields: Field[];
  /** Key under `@files` of the summary (summary.md → `summary`), when a summarize step runs first. */
  summaryKey?: string;
  /** Key under `@files` of the extracted entities, when an extract step runs first. */
  entitiesKey?: string;
  entityKinds: EntityKind[];
  stage?: 'draft' | 'final';
  prompt: string;
}

/** Literal text in a template: escaped for markdown and unable to open a template tag. */
export function literal(text: string): string {
  return escapeMarkdown(text).replace(/\{\{/g, '{ {').replace(/\}\}/g, '} }');
}

const SCALAR = new Set(['string', 'email', 'uri', 'date', 'datetime', 'number', 'integer', 'boolean', 'enum']);

/** The field a document is about: the first name, title or subject. */
export function subjectField(fields: Field[]): Field | undefined {
  return fields.find((field) => field.kind === 'string' && /(?:^|_)(?:name|title|subject|company|topic|headline|product|event)$/.test(field.key));
}

function cell(field: Field): string {
  if (field.kind === 'date') return `{{${field.key} | date}}`;
  if (field.kind === 'string' || field.kind === 'email' || field.kind === 'uri') return `{{${field.key} | inline}}`;
  return `{{${field.key}}}`;
}

function detailsTable(fields: Field[]): string | null {
  const rows: string[] = [];
  for (const field of fields.filter((f) => SCALAR.has(f.kind))) {
    rows.push(`| ${literal(field.title)} | ${cell(field)} |`);
    if (field.kind === 'uri') rows.push(`| ${literal(field.title)} domain | {{${field.key} | host}} |`);
  }
  return rows.length === 0 ? null : ['## Details', '', '| Field | Value |', '| --- | --- |', ...rows].join('\n');
}

function listSection(field: Field): string {
  return [`## ${literal(field.title)}`, '', `{{#each ${field.key}}}`, '- {{this}}', '{{else}}', '- None given', '{{/each}}'].join('\n');
}

function rowsSection(field: Field): string {
  const columns = field.columns ?? [];
  if (columns.length === 0) return listSection(field);
  return [
    `## ${literal(field.title)}`,
    '',
    `| ${columns.map((c) => literal(c.title)).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    `{{#each ${field.key}}}`,
    `| ${columns.map((c) => `{{${c.key} | inline}}`).join(' | ')} |`,
    '{{/each}}',
    '',
    `_{{${field.key} | count}} rows._`,
  ].join('\n');
}

function entitySection(kind: EntityKind, key: string): string {
  const each = (heading: string, item: string, none = '- None found') => [`## ${heading}`, '', `{{#each @files.${key}.${kind}}}`, item, '{{else}}', none, '{{/each}}'].join('\n');
  switch (kind) {
    case 'emails':
      return each('Email addresses', '- {{this}}');
    case 'urls':
      return each('Links', '- {{this}}');
    case 'dates':
      return each('Dates', '- {{text}}{{#if iso}} ({{iso}}){{/if}}');
    case 'numbers':
      return each('Numbers and amounts', '- {{text}}');
    case 'action_items':
      return each('Action items', '- [ ] {{text}}{{#if owner}} (owner: {{owner}}){{/if}}{{#if due}} (due: {{due}}){{/if}}');
  }
}

function intro(options: ReportOptions): string {
  const subject = subjectField(options.fields);
  const about = subject ? `{{${subject.key}}}` : 'the details below';
  const what = literal(options.name.toLowerCase());
  const tone = options.fields.find((field) => field.kind === 'enum' && /tone|style|voice/.test(field.key) && (field.enumValues ?? []).some((v) => /casual|informal|friendly/i.test(v)));
  let text = `This ${what} covers ${about}.`;
  if (tone) {
    const casual = (tone.enumValues ?? []).find((value) => /casual|informal|friendly/i.test(value))!;
    text = [`{{#if ${tone.key} == "${casual.replace(/"/g, '')}"}}`, `Here's a quick, friendly look at ${about}.`, '{{else}}', `This ${what} sets out the key facts about ${about}.`, '{{/if}}'].join('\n');
  }
  if (options.stage === 'draft') return `${text}\n\n_Draft for review: a person must approve it before it is final._`;
  if (options.stage === 'final') return `${text}\n\n_Approved by a reviewer._`;
  return text;
}

const STATUS_SECTIONS = ['Summary', 'Done', 'In progress', 'Blocked', 'Next steps'];
const AGENDA_SECTIONS = ['Goals', 'Topics', 'Decisions needed', 'Action items'];

/** Short public-domain lines for prompts that ask for a quote; the prompt picks one, always the same. */
const QUOTES = [
  ['The secret of getting ahead is getting started.', 'Mark Twain'],
  ['It does not matter how slowly you go as long as you do not stop.', 'Confucius'],
  ['Well done is better than well said.', 'Benjamin Franklin'],
  ['A journey of a thousand miles begins with a single step.', 'Lao Tzu'],
  ['We suffer more often in imagination than in reality.', 'Seneca'],
  ['The best way out is always through.', 'Robert Frost'],
  ['Nothing will work unless you do.', 'Maya Angelou'],
] as const;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

/** A document for a workflow that takes no input: a fill-in template shaped by what was asked. */
function noInputTemplate(options: ReportOptions): string {
  const lower = options.prompt.toLowerCase();
  const blanks = (sections: string[]) => sections.map((section) => `## ${section}\n\n- \n`).join('\n');
  if (/\bquote|motivation|inspir/.test(lower)) {
    const [quote, author] = QUOTES[hash(lower) % QUOTES.length]!;
    return `> ${literal(quote)}\n>\n> - ${literal(author)}`;
  }
  if (/\bstatus|stand-?up|progress|weekly update/.test(lower)) return `**Date:** ____\n\n**Author:** ____\n\n${blanks(STATUS_SECTIONS)}`;
  if (/\bagenda|meeting/.test(lower)) return `**Date:** ____\n\n**Attendees:** ____\n\n${blanks(AGENDA_SECTIONS)}`;
  if (/\bchecklist|to-?do/.test(lower)) return ['- [ ] ', '- [ ] ', '- [ ] '].join('\n');
  return `## Request\n\n${literal(options.prompt.replace(/\s+/g, ' ').trim())}\n\n## Notes\n\n- \n`;
}

/** The title and markdown template of a workflow's report, built from its fields and earlier steps. */
export function reportTemplate(options: ReportOptions): { title: string; template: string } {
  const subject = subjectField(options.fields);
  const name = literal(options.name);
  const title = `${options.stage === 'draft' ? 'Draft: ' : ''}${name}${subject ? `: {{${subject.key} | inline}}` : ''}`;
  if (options.fields.length === 0) return { title, template: noInputTemplate(options) };
  const sections: string[] = [intro(options)];
  const table = detailsTable(options.fields);
  if (table) sections.push(table);
  if (options.summaryKey) sections.push(`## Summary\n\n{{{@files.${options.summaryKey}}}}`);
  if (options.entitiesKey) for (const kind of options.entityKinds) sections.push(entitySection(kind, options.entitiesKey));
  for (const field of options.fields) {
    if (field.kind === 'list') sections.push(listSection(field));
    if (field.kind === 'rows') sections.push(rowsSection(field));
  }
  for (const field of options.fields.filter((f) => f.kind === 'text')) {
    const heading = options.summaryKey || options.entitiesKey ? `Original ${literal(field.title.toLowerCase())}` : literal(field.title);
    sections.push(`## ${heading}\n\n{{#if ${field.key}}}\n{{${field.key} | quote}}\n{{else}}\n_Not given._\n{{/if}}`);
  }
  return { title, template: `${sections.join('\n\n')}\n` };
}
