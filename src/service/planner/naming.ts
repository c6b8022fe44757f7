import { group, lastWord } from './reading/state';
import type { Field } from './fields';
import type { EntityKind } from './infer-fields';
import { FILLER, OUTPUT_WORDS, STOP, TRANSFORM_VERBS } from './lexicon';
import type { StepSpec } from './plan-types';
import { humanList, singular, titleCase, withoutLastWord } from './text-case';

const MAX_NAME = 60;
const ENTITY_NAMES: Record<EntityKind, string> = {
  emails: 'Email',
  urls: 'Link',
  dates: 'Date',
  numbers: 'Number',
  action_items: 'Action Item',
};
const FORMATS = new Set(['csv', 'json', 'html', 'markdown', 'txt']);
const NAME_FILLER = new Set([
  ...FILLER,
  'today',
  'todays',
  "today's",
  'tomorrow',
  'tomorrows',
  'printable',
  'me',
  'us',
]);
const STOP_AFTER =
  /^(?:from|for|with|using|based|about|of|to|that|which|in|on|as|given|and|by|every|each|whenever|listing|containing|including|into|one|then|so|if|when|where|while|but|or|against|via|at)$/;

/**
 * The leading noun phrase of `text`, up to four words. `dropOwner` leaves out a possessive owner
 * ("the week's closed tickets" → closed tickets).
 */
function phraseWords(text: string, dropOwner = false): string[] {
  const words: string[] = [];
  const raws = text.split(/\s+/);
  for (const [index, raw] of raws.entries()) {
    const word = raw.replace(/['’]s$/, '').replace(/[^a-z0-9-]/g, '');
    if (!word || STOP_AFTER.test(word) || /[,.;:!?()\n]/.test(raw.slice(0, -1))) break;
    // "a post announcing a launch": a participle with its own object starts a new phrase.
    if (index > 0 && /ing$/.test(word) && /^(?:an?|the|their|its|our|my)$/.test(raws[index + 1] ?? '')) break;
    if (dropOwner && /['’]s$/.test(raw) && /^[a-z]/.test(raws[index + 1] ?? '')) {
      words.length = 0;
      continue;
    }
    words.push(word);
    if (/[,.;:!?()]$/.test(raw)) break;
  }
  return words.filter((word) => OUTPUT_WORDS.has(word) || (!STOP.has(word) && !NAME_FILLER.has(word))).slice(0, 4);
}

/** Drops a format word before the noun it describes: "csv spreadsheet" → "spreadsheet". */
function tidy(words: string[]): string[] {
  return words.filter((word, index) => !(FORMATS.has(word) && index < words.length - 1));
}

function clip(name: string): string {
  if (name.length <= MAX_NAME) return name;
  return withoutLastWord(name.slice(0, MAX_NAME));
}

// The naming text has single spaces, so these read one space between words.
const FINDING = /^(?:find|look up|pull|fetch|get|gather|retrieve) (?:me |us )?(?:(?:the|all|a|an) )?(.*)$/;
const OUTPUT_OF = /^(?:an?|the) (summary|digest|report|list|overview|recap|breakdown) (?:of|for|about|on) (.*)$/;

/**
 * Names a workflow by what it finds or sums up: "pull the daily closing prices" → Daily Closing
 * Prices; "find the company's headquarters, industry and size" → Company Profile; "a summary of the
 * week's closed tickets" → Closed Tickets Summary.
 */
function findingName(text: string): string | null {
  const finding = FINDING.exec(text);
  if (finding) {
    const object = finding[1] ?? '';
    const owner = /^([a-z][a-z-]*)['’]s [^,.;]+,/.exec(object);
    if (owner?.[1] && !STOP.has(owner[1])) return clip(titleCase(`${singular(owner[1])} profile`));
    const words = tidy(phraseWords(object, true));
    if (words.length >= 2) return clip(titleCase(words.join(' ')));
  }
  const summed = OUTPUT_OF.exec(text);
  if (summed) {
    const words = tidy(phraseWords(summed[2] ?? '', true));
    if (words.length > 0) return clip(titleCase(`${words.join(' ')} ${summed[1] ?? ''}`));
  }
  return null;
}

/** A short title-cased name from the prompt's intent ("Company Brief", "Meeting Notes Digest"). */
export function deriveName(lower: string, entityKinds: EntityKind[]): string {
  const text = lower
    .replace(/^(?:(?:every|each|on)\s+[a-z]+,?\s+|(?:an?|the)\s+workflow\s+(?:that|which|to)\s+)/, '')
    .replace(/^(?:please|kindly|i want to|i need to|i'd like to|can you|could you|help me)\s+/, '');
  const found = findingName(text);
  if (found) return found;
  const verb = /^([a-z]+)\s+(\S.*)?$/.exec(text);
  const nominal = verb ? TRANSFORM_VERBS[group(verb, 1)] : undefined;
  if (verb && nominal !== undefined) {
    if (verb[1] === 'extract' && entityKinds.length > 0) {
      return entityKinds.length <= 2
        ? `${entityKinds.map((kind) => ENTITY_NAMES[kind]).join(' & ')} Extraction`
        : 'Entity Extraction';
    }
    let rest = (verb[2] ?? '')
      .replace(/^up\s+/, '')
      .replace(/^(?:(?:a|an|the|all|some|my|our|each|every|incoming|new|this|these)\s+)+/, '');
    rest = rest.replace(/^(?:list|set|batch|collection) of\s+/, '');
    let object = phraseWords(rest);
    if (object.length === 1) object = [singular(object[0] ?? '')];
    const into = /\binto\s+(?:an?\s+|the\s+)?(.*)/.exec(verb[2] ?? '');
    // Only a made thing names the workflow ("into a digest"), not a language ("into French").
    const target = into
      ? tidy(phraseWords(group(into, 1))).filter((word, index, all) => index < all.length - 1 || OUTPUT_WORDS.has(word))
      : [];
    if (target.length > 0 && !OUTPUT_WORDS.has(lastWord(target))) target.length = 0;
    if (object.length > 0 && target.length > 0) return clip(titleCase(`${object.join(' ')} ${target.join(' ')}`));
    if (object.length > 0) return clip(titleCase(`${object.join(' ')} ${nominal}`.trim()));
  }
  const made =
    /\b(?:write|draft|generate|create|produce|make|compose|build|prepare|design|render|export|craft|assemble|give me|returns?|outputs?)\s+(?:me\s+|us\s+)?(.*)/.exec(
      text,
    );
  if (made) {
    const object = tidy(phraseWords(group(made, 1)));
    if (object.length > 0) {
      // "a reply to a customer's message" → "Customer Reply"; "a brief about a company" → "Company Brief".
      if (object.length === 1 && OUTPUT_WORDS.has(object[0] ?? '')) {
        const after = new RegExp(`\\b${object[0]}\\s+(?:to|for|about|of|on)\\s+(.*)`).exec(group(made, 1));
        const owner = after ? phraseWords(group(after, 1)).filter((word) => !OUTPUT_WORDS.has(word)) : [];
        if (owner.length > 0) return clip(titleCase(`${owner[0]} ${object[0]}`));
      }
      return clip(titleCase(object.join(' ')));
    }
  }
  const words = (text.match(/[a-z][a-z0-9'-]*/g) ?? [])
    .filter((word) => !STOP.has(word) && !NAME_FILLER.has(word))
    .slice(0, 3);
  return words.length > 0 ? clip(titleCase(words.join(' '))) : 'Untitled Workflow';
}

const OUTPUT_PHRASES: Partial<Record<StepSpec['kind'], string>> = {
  summarize: 'a summary',
  csv_table: 'a CSV table',
  render_html: 'an HTML page',
  pdf_document: 'a PDF',
  plain_text: 'a plain-text copy',
  json_output: 'a JSON file',
};

const ENTITY_PHRASES: Record<EntityKind, string> = {
  emails: 'email addresses',
  urls: 'links',
  dates: 'dates',
  numbers: 'numbers',
  action_items: 'action items',
};

function fieldPhrase(field: Field): string {
  // Titles are in sentence case: only their first letter is lowered, so "URL" stays as it is.
  const title = /^[A-Z]{2}/.test(field.title)
    ? field.title
    : field.title.charAt(0).toLowerCase() + field.title.slice(1);
  if (field.kind === 'boolean') return `${title} (yes or no)`;
  return field.kind === 'enum' ? `${title} (${humanList(field.enumValues ?? [], 'or')})` : title;
}

/** One sentence saying what the workflow takes, checks and returns. */
export function describePlan(
  fields: Field[],
  steps: StepSpec[],
  guards: string[],
  entityKinds: EntityKind[],
  shape: { document?: string; leftOut?: string[] } = {},
): string {
  const shown = fields.slice(0, fields.length > 6 ? 5 : 6).map(fieldPhrase);
  const takes =
    fields.length === 0
      ? 'Needs no input'
      : `Takes the ${humanList(fields.length > 6 ? [...shown, `${fields.length - 5} more inputs`] : shown)}`;
  const outputs: string[] = [];
  for (const step of steps) {
    const report = shape.document ? `${shape.document} (Markdown)` : 'a Markdown report';
    if (step.kind === 'markdown_report' && !outputs.includes(report)) outputs.push(report);
    else {
      const phrase = OUTPUT_PHRASES[step.kind];
      if (phrase && !outputs.includes(phrase)) outputs.push(phrase);
    }
  }
  // Last, so the "and" inside it reads as part of the list.
  if (steps.some((step) => step.kind === 'extract_entities')) {
    outputs.push(
      `the ${humanList((entityKinds.length > 0 ? entityKinds : (['emails', 'urls', 'dates', 'numbers'] as EntityKind[])).map((k) => ENTITY_PHRASES[k]))} it finds (JSON)`,
    );
  }
  const middle: string[] = [];
  if (guards.length > 0) middle.push(`stops with an error when ${humanList(guards, 'or')}`);
  if (steps.some((step) => step.kind === 'approval')) middle.push('waits for a person to approve the draft');
  const parts = [takes, ...middle, `returns ${humanList(outputs)}`];
  const does = `${parts.length > 2 ? `${parts.slice(0, -1).join(', ')}, and ${parts.at(-1)}` : parts.join(' and ')}.`;
  const leftOut = shape.leftOut ?? [];
  return leftOut.length === 0
    ? does
    : `${does} It does not ${humanList(leftOut, 'or')}: that needs a language model, the web or another system.`;
}
