import type { Deliverable, DraftKind } from './draft-templates';
import { draftBody } from './draft-templates';
import { forLines, ifLines, listSection, literal, out, ref } from './draft-parts';
import type { Field } from '../workflow/field';
import type { TemplateSyntax } from '../steps/step-io';

/*
 * Reports are Liquid templates (see steps/templates/liquid.ts): the input is `input`, earlier
 * findings are `files`, and a block tag alone on its line ends in `-%}` so the line goes with it.
 */

export interface ReportOptions {
  name: string;
  fields: Field[];
  /** Key under `files` of the summary (summary.md → `summary`), when a summarize step runs first. */
  summaryKey?: string;
  /** Key under `files` of the extracted entities, when an extract step runs first. */
  entitiesKey?: string;
  entityKinds: EntityKind[];
  stage?: 'draft' | 'final';
  prompt: string;
  /** What kind of document the prompt asks for, when the report should read as one. */
  documentKind: DocumentKind;
  /** The draft the prompt asks for, when documentKind is a draft kind. */
  deliverable?: Deliverable;
  /** The rules the input passed to get this far ("amount must not be negative"). */
  checks: string[];
  /** What the workflow does not produce of what was asked (its planning notes), said first. */
  notices?: string[];
}

/** What the extract step's findings hold. */
export type EntityKind = 'emails' | 'urls' | 'dates' | 'numbers' | 'action_items';

export type DocumentKind = 'reply' | 'certificate' | 'report' | DraftKind;

/** A reply or a certificate reads as one; anything else is a report. */
export function documentKindOf(text: string): DocumentKind {
  if (/\b(?:repl(?:y|ies)|respond|response|answer)\b/.test(text)) return 'reply';
  if (/\bcertificate\b/.test(text)) return 'certificate';
  return 'report';
}

/** `{% if input.tone == "casual" %}`: the value is compared as Liquid text. */
const equals = (key: string, value: string) => `${ref(key)} == "${value.replace(/"/g, '')}"`;

const SCALAR = new Set(['string', 'email', 'uri', 'date', 'datetime', 'time', 'number', 'integer', 'boolean', 'enum']);

/** The field a document is about: the first name, title or subject. */
export function subjectField(fields: Field[]): Field | undefined {
  return fields.find(
    (field) =>
      field.kind === 'string' && /(?:^|_)(?:name|title|subject|company|topic|headline|product|event)$/.test(field.key),
  );
}

function cell({ key, kind }: Field): string {
  if (kind === 'date') return out(key, 'long_date');
  if (kind === 'number') return out(key, 'number');
  if (kind === 'string' || kind === 'email' || kind === 'uri') return out(key, 'inline');
  return out(key);
}

function detailsTable(fields: Field[]): string | null {
  const rows: string[] = [];
  for (const field of fields.filter((f) => SCALAR.has(f.kind))) {
    rows.push(`| ${literal(field.title)} | ${cell(field)} |`);
    if (field.kind === 'uri') rows.push(`| ${literal(field.title)} domain | ${out(field.key, 'host')} |`);
  }
  return rows.length === 0 ? null : ['## Details', '', '| Field | Value |', '| --- | --- |', ...rows].join('\n');
}

function rowsSection(rows: Field): string {
  const columns = rows.columns ?? [];
  if (columns.length === 0) return listSection(rows);
  return [
    `## ${literal(rows.title)}`,
    '',
    `| ${columns.map((c) => literal(c.title)).join(' | ')} |`,
    `| ${columns.map(() => '---').join(' | ')} |`,
    `{% for row in ${ref(rows.key)} -%}`,
    `| ${columns.map((c) => out(c.key, 'inline', 'row')).join(' | ')} |`,
    '{% endfor -%}',
    '',
    `_${out(rows.key, 'size')} rows._`,
  ].join('\n');
}

/** What the extract step finds, by kind: its heading in a report, its words in a description, one finding's line. */
export const ENTITIES: Record<EntityKind, { heading: string; phrase: string; item: string }> = {
  emails: { heading: 'Email addresses', phrase: 'email addresses', item: '- {{ item }}' },
  urls: { heading: 'Links', phrase: 'links', item: '- {{ item }}' },
  dates: { heading: 'Dates', phrase: 'dates', item: `- {{ item.text }}${optional('iso', '')}` },
  numbers: { heading: 'Numbers and amounts', phrase: 'numbers', item: '- {{ item.text }}' },
  action_items: {
    heading: 'Action items',
    phrase: 'action items',
    item: `- [ ] {{ item.text }}${optional('owner', 'owner: ')}${optional('due', 'due: ')}`,
  },
};

function optional(name: string, label: string): string {
  return `{% if item.${name} != blank %} (${label}{{ item.${name} }}){% endif %}`;
}

const entitySection = (kind: EntityKind, key: string) =>
  [
    `## ${ENTITIES[kind].heading}`,
    '',
    forLines('item', `${ref(key, 'files')}.${kind}`, ENTITIES[kind].item, '- None found'),
  ].join('\n');

/** A letter-like reply: greeting by name, the message acknowledged, a closing. */
function replyBody(options: ReportOptions, tone: Field | undefined, casual: string | undefined): string {
  const person = options.fields.find((field) => field.kind === 'string' && /name$/.test(field.key));
  const message = options.fields.find((field) => field.kind === 'text');
  const letter = (greeting: string, body: string, closing: string) =>
    [greeting, '', body, '', closing, '', 'The team'].join('\n');
  const formal = letter(
    person ? `Dear ${out(person.key)},` : 'Hello,',
    `Thank you for your message${message ? ` ("${out(message.key, 'excerpt')}")` : ''}. We have read it carefully and will come back to you on every point you raised.`,
    'Kind regards,',
  );
  if (!tone || !casual) return formal;
  const friendly = letter(
    person ? `Hi ${out(person.key, 'first_word')},` : 'Hello,',
    `Thanks for getting in touch${message ? ` about "${out(message.key, 'excerpt')}"` : ''}. We're on it and will be back to you soon.`,
    'Cheers,',
  );
  return ifLines(equals(tone.key, casual), friendly, formal);
}

/** "This certifies that Ada has completed Data Basics on 20 November 2026." */
function certificateBody(options: ReportOptions): string {
  const strings = options.fields.filter((field) => field.kind === 'string');
  const person = strings.find((field) => /name$/.test(field.key)) ?? strings[0];
  const achievement = strings.find((field) => field !== person);
  const date = options.fields.find((field) => field.kind === 'date');
  return [
    `This certifies that **${person ? out(person.key) : 'the participant'}**`,
    `has successfully completed${achievement ? ` **${out(achievement.key)}**` : ''}${date ? ` on ${out(date.key, 'long_date')}` : ''}.`,
  ].join('\n');
}

function intro(options: ReportOptions): string {
  const subject = subjectField(options.fields);
  const what = literal(options.name.toLowerCase());
  const inputs = options.fields.slice(0, 4).map((field) => literal(field.title.toLowerCase()));
  const about = subject
    ? out(subject.key)
    : `the ${inputs.length > 1 ? `${inputs.slice(0, -1).join(', ')} and ${inputs.at(-1)}` : (inputs[0] ?? 'input')} provided`;
  const tone = options.fields.find(
    (field) =>
      field.kind === 'enum' &&
      /tone|style|voice/.test(field.key) &&
      (field.enumValues ?? []).some((v) => /casual|informal|friendly/i.test(v)),
  );
  const casual = tone ? (tone.enumValues ?? []).find((value) => /casual|informal|friendly/i.test(value)) : undefined;
  let text = subject ? `This ${what} covers ${about}.` : `Prepared from ${about}.`;
  if (options.documentKind === 'reply') text = replyBody(options, tone, casual);
  else if (options.documentKind === 'certificate') text = certificateBody(options);
  else if (tone && casual) {
    text = ifLines(
      equals(tone.key, casual),
      `Here's a quick, friendly look at ${about}.`,
      `This ${what} sets out the key facts about ${about}.`,
    );
  }
  return options.stage ? `${stageLine(options.stage)}\n\n${text}` : text;
}

function stageLine(stage: 'draft' | 'final'): string {
  return stage === 'draft'
    ? '_Draft for review: a person must approve it before it is final._'
    : '_Approved by a reviewer._';
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
  if (/\bstatus|stand-?up|progress|weekly update/.test(lower))
    return `**Date:** ____\n\n**Author:** ____\n\n${blanks(STATUS_SECTIONS)}`;
  if (/\bagenda|meeting/.test(lower)) return `**Date:** ____\n\n**Attendees:** ____\n\n${blanks(AGENDA_SECTIONS)}`;
  if (/\bchecklist|to-?do/.test(lower)) return ['- [ ] ', '- [ ] ', '- [ ] '].join('\n');
  return `## Request\n\n${literal(options.prompt.replace(/\s+/g, ' ').trim())}\n\n## Notes\n\n- \n`;
}

/** The title and markdown template of a workflow's report, built from its fields and earlier steps. */
export function reportTemplate(options: ReportOptions): { title: string; template: string; syntax: TemplateSyntax } {
  const subject = subjectField(options.fields);
  const name = literal(options.name);
  const title = `${options.stage === 'draft' ? 'Draft: ' : ''}${name}${subject ? `: ${out(subject.key, 'inline')}` : ''}`;
  if (options.fields.length === 0) return { title, template: noInputTemplate(options), syntax: 'liquid' };
  const notices = (options.notices ?? []).map((text) => `> **Not produced:** ${literal(text)}`).join('\n>\n');
  const kind = options.documentKind;
  if (options.deliverable && kind !== 'reply' && kind !== 'certificate' && kind !== 'report') {
    const body = draftBody(kind, options.fields, options.deliverable, options.prompt);
    const staged = options.stage ? `${stageLine(options.stage)}\n\n${body}` : body;
    return { title, template: `${[notices, staged].filter(Boolean).join('\n\n')}\n`, syntax: 'liquid' };
  }
  const sections: string[] = [...(notices ? [notices] : []), intro(options)];
  const table = detailsTable(options.fields);
  if (table) sections.push(table);
  if (options.checks.length > 0)
    sections.push(['## Checks', '', ...options.checks.map((check) => `- Passed: ${literal(check)}`)].join('\n'));
  if (options.summaryKey) sections.push(`## Summary\n\n{{ ${ref(options.summaryKey, 'files')} | raw }}`);
  if (options.entitiesKey)
    for (const kind of options.entityKinds) sections.push(entitySection(kind, options.entitiesKey));
  for (const field of options.fields) {
    if (field.kind === 'list') sections.push(listSection(field));
    if (field.kind === 'rows') sections.push(rowsSection(field));
  }
  for (const text of options.fields.filter((f) => f.kind === 'text')) {
    const heading =
      options.summaryKey || options.entitiesKey || options.documentKind === 'reply'
        ? `Original ${literal(text.title.toLowerCase())}`
        : literal(text.title);
    const value = ref(text.key);
    sections.push(`## ${heading}\n\n${ifLines(`${value} != blank`, `{{ ${value} | quote }}`, '_Not given._')}`);
  }
  return { title, template: `${sections.join('\n\n')}\n`, syntax: 'liquid' };
}
