import { group, lastWord } from './reading/state';
import type { Field } from './fields';
import type { EntityKind } from './infer-fields';
import { FILLER, OUTPUT_WORDS, STOP, TRANSFORM_VERBS } from './lexicon';
import { PLURAL_ACRONYMS, SPELLINGS } from '../workflow/text-case';
import type { StepSpec } from '../workflow/plan-types';
import { humanList, singular, titleCase, withoutLastWord } from '../workflow/text-case';

const words = (text: string) => text.trim().split(/\s+/);

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
  // Tone says how a text is written, never what it is about.
  'polite',
  'warm',
  'formal',
  'informal',
  'casual',
  'professional',
  'apologetic',
  'firm',
  'gentle',
  'courteous',
  'cheerful',
  'upbeat',
  // Arrival, like "incoming": the leads are the subject, not that they came in.
  'inbound',
]);
const STOP_AFTER =
  /^(?:from|for|with|using|based|about|of|to|that|which|in|on|as|given|and|by|every|each|whenever|listing|containing|including|into|one|then|so|if|when|where|while|but|or|against|via|at|between|among|across|after|before|until|since|per|than|like|whether|is|are|was|were)$/;
/** A count is no part of a name: "3 subject lines", "three openers". */
const COUNTS = /^(?:\d+|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|dozen)$/;
const isContent = (word: string) => !STOP.has(word) && !NAME_FILLER.has(word) && !COUNTS.test(word);
/** Nouns ending in -ed that are not participles. */
const ED_NOUNS = new Set(['feed', 'need', 'seed', 'speed', 'embed', 'breed', 'bed', 'red', 'shed']);
/** What a thing comes in rather than what it is: "a call recording" is about the call. */
const MEDIUM_WORDS = new Set(['transcript', 'transcripts', 'recording', 'recordings', 'text', 'log', 'logs', 'dump']);
/** Containers a result is written to, too vague to name it ("into a CSV file"). */
const CONTAINER_WORDS = new Set(['file', 'files', 'output', 'outputs', 'document', 'documents', 'format']);
/** Nouns that are plural in their singular sense ("meeting notes", not "meeting note"). */
const PLURAL_NOUNS = new Set([
  'notes',
  'minutes',
  'news',
  'sales',
  'details',
  'earnings',
  'goods',
  'savings',
  'analytics',
]);
/** Words a text is made as; alone they say what was made but not about what. */
const MADE_WORDS = new Set([
  ...OUTPUT_WORDS,
  ...words(
    'update updates reminder message notification confirmation email note announcement alert answer summary letter',
  ),
]);
/** One of these alone names no workflow: which reply, whose object, a summary of what? */
const GENERIC = new Set([
  ...MADE_WORDS,
  ...words(`object objects data info information item items thing things price value result check review analysis list text
    details lookup status`),
]);
/** Questions before the request set the scene: "Where is my order? Look up its status". */
const QUESTIONS = /^(?:[^.?!]*\?)+/;
/** Where a message goes rather than what it is about. */
const CHANNEL_WORDS = new Set(['address', 'number', 'phone', 'inbox']);
/** Words that identify a thing rather than describe it. */
const IDENTIFIER_WORDS = new Set(['name', 'names', 'id', 'number', 'title', 'reference']);
/** Verbs that hand something over; the name is what they hand over. */
const DELIVERY_VERBS = new Set(['send', 'post', 'share', 'email', 'publish', 'deliver']);
/** "Email the team a summary" hands something over; "Email classification" names a thing. */
const delivers = (verb: string, rest: string) =>
  DELIVERY_VERBS.has(verb) &&
  (verb !== 'email' || /^(?:a|an|the|me|us|them|him|her|it|our|my|their|each|every) /.test(rest));
/** Verbs that only prepare for what is made next. */
const PREPARING_VERBS = new Set(['research', 'read', 'study', 'investigate']);

/**
 * The leading noun phrase of `text`, up to four words. `dropOwner` leaves out a possessive owner
 * ("the week's closed tickets" → closed tickets).
 */
function phraseWords(text: string, dropOwner = false): string[] {
  const words: string[] = [];
  let content = false;
  const raws = text.split(/\s+/);
  for (const [index, raw] of raws.entries()) {
    const word = raw.replace(/['’]s$/, '').replace(/[^a-z0-9-]/g, '');
    if (!word || STOP_AFTER.test(word) || /[,.;:!?()\n]/.test(raw.slice(0, -1))) break;
    // "a post announcing a launch": a participle with its own object starts a new phrase.
    if (index > 0 && /ing$/.test(word) && /^(?:an?|the|their|its|our|my)$/.test(raws[index + 1] ?? '')) break;
    // "issues labeled bug", "orders placed this week": a past participle after its noun does too.
    if (content && word.length > 4 && /ed$/.test(word) && !ED_NOUNS.has(word)) break;
    if (dropOwner && /['’]s$/.test(raw) && /^[a-z]/.test(raws[index + 1] ?? '')) {
      words.length = 0;
      content = false;
      continue;
    }
    words.push(word);
    content ||= isContent(word);
    if (/[,.;:!?()]$/.test(raw)) break;
  }
  return words
    .filter((word) => OUTPUT_WORDS.has(word) || isContent(word))
    .filter((word, index, all) => index === 0 || !MEDIUM_WORDS.has(word) || all.length === 1)
    .slice(0, 4);
}

/** A rough singular that knows acronyms: "cvs" → "cv", "kpis" → "kpi"; "notes" stays. */
function singularWord(word: string): string {
  if (PLURAL_NOUNS.has(word)) return word;
  if (word.endsWith('s') && PLURAL_ACRONYMS.has(word.slice(0, -1))) return word.slice(0, -1);
  return singular(word);
}

/** The object of an action as it reads in a compound: "support tickets" → "support ticket" (ticket triage). */
const asModifier = (phrase: string[]) => [...phrase.slice(0, -1), singularWord(phrase.at(-1) ?? '')];

/** Drops a format word before the noun it describes: "csv spreadsheet" → "spreadsheet". */
function tidy(words: string[]): string[] {
  return words.filter((word, index) => !(FORMATS.has(word) && index < words.length - 1));
}

function clip(name: string): string {
  if (name.length <= MAX_NAME) return name;
  return withoutLastWord(name.slice(0, MAX_NAME));
}

// The naming text has single spaces, so these read one space between words.
const FINDING =
  /^(?:find(?: out)?|look up|pull|fetch|get|gather|retrieve) (?:me |us )?(?:(?:the|all|a|an|our|my) )?(.*)$/;
const OUTPUT_OF = /^(?:an?|the) (summary|digest|report|list|overview|recap|breakdown) (?:of|for|about|on) (.*)$/;
const DETERMINER = String.raw`(?:a|an|the|its|their|our|my|his|her|this|that)`;
/** "where a company is headquartered" → Company Headquarters; "where a supplier is based" → Supplier Location. */
const WHERE_IS = new RegExp(String.raw`^where ${DETERMINER} ([a-z-]+) is (headquartered|located|based)\b`);
/** "whether a customer is eligible for a refund" asks about the refund. */
const ELIGIBLE_FOR = new RegExp(String.raw`\beligible for (?:${DETERMINER} )?([a-z-]+(?: [a-z-]+)?)`);
/** "read the contract and tell me if…": a check of what is read. */
const READ_AND_TELL = /^(?:read|look at|go through|review|check) (.*?) and tell (?:me|us) (?:if|whether)\b/;
/** "from one currency to another": what a conversion is between. */
const ONE_TO_ANOTHER = /\bfrom one ([a-z-]+) (?:to|into) another\b/;
/** "send a customer an update": the first object receives, the second is sent ("a tweet thanking a customer" is one thing). */
const RECIPIENT =
  /^(?:(?:me|us|them|him|her) |(?:a|an|the|its|their|our|my|his|her|this|that|each|every) (?:(?!(?:to|for|about|on|of|with|from) |[a-z-]*ing )[a-z-]+ ){1,2}(?=(?:a|an|the|their|its|our|my) ))/;

const titled = (phrase: string[]) => clip(titleCase(phrase.join(' ')));

/**
 * Names a workflow by what it finds or sums up: "pull the daily closing prices" → Daily Closing
 * Prices; "find the company's headquarters, industry and size" → Company Profile; "a summary of the
 * week's closed tickets" → Closed Tickets Summary.
 */
function findingName(text: string): string | null {
  const finding = FINDING.exec(text);
  if (finding) {
    const object = finding[1] ?? '';
    const where = WHERE_IS.exec(object);
    if (where) return titled([where[1] ?? '', where[2] === 'headquartered' ? 'headquarters' : 'location']);
    const owner = /^([a-z][a-z-]*)['’]s [^,.;]+,/.exec(object);
    if (owner?.[1] && !STOP.has(owner[1])) return clip(titleCase(`${singular(owner[1])} profile`));
    const words = tidy(phraseWords(object, true));
    if (words.length >= 2) return titled(words);
  }
  const summed = OUTPUT_OF.exec(text);
  if (summed) {
    const words = tidy(phraseWords(summed[2] ?? '', true));
    if (words.length > 0) return clip(titleCase(`${words.join(' ')} ${summed[1] ?? ''}`));
  }
  return null;
}

/**
 * A made word alone says what was made but not about what: "a reply to a customer's message" →
 * Customer Reply; "a reminder about the rent due date" → Rent Due Date Reminder.
 */
function madeAbout(object: string[], after: string): string | null {
  const made = object[0] ?? '';
  if (object.length !== 1 || !MADE_WORDS.has(made)) return null;
  const clause = new RegExp(`\\b${made}\\b([^,.;:!?]*)`).exec(after);
  const words = clause ? group(clause, 1) : '';
  for (const about of words.matchAll(/\b(to|for|about|of|on|regarding) /g)) {
    const rest = words.slice((about.index ?? 0) + about[0].length);
    // A possessive owner is the subject on its own: "a customer's message" is about the customer.
    const owned = /^(?:(?:a|an|the) )?([a-z-]+)['’]s\b/.exec(rest);
    const topic = owned?.[1]
      ? [owned[1]]
      : phraseWords(rest).filter((word) => !MADE_WORDS.has(word) || word === 'status');
    // "to an email address" says where it goes, not what it is about.
    if (topic.length === 0 || (about[1] === 'to' && CHANNEL_WORDS.has(topic.at(-1) ?? ''))) continue;
    // A name or a number stands for what it identifies: "a contact name" → the contact.
    if (topic.length > 1 && IDENTIFIER_WORDS.has(topic.at(-1) ?? '')) topic.pop();
    return titled([...topic, made]);
  }
  return null;
}

/** The name of what the prompt says to write or make: "write a brief about a company" → Company Brief. */
function madeName(text: string): string | null {
  const made =
    /\b(?:write|draft|generate|create|produce|make|compose|build|prepare|design|render|export|craft|assemble|give me|returns?|outputs?)\s+(\S.*)?$/.exec(
      text,
    );
  if (made) {
    const what = group(made, 1).replace(RECIPIENT, '');
    const object = tidy(phraseWords(what));
    if (object.length > 0) {
      const about = madeAbout(object, what);
      if (about) return about;
      // "the current price and stock level": two things returned together are named together.
      const both =
        object.length === 1
          ? new RegExp(String.raw`\b${object[0] ?? ''} and (?:(?:the|a|an|its|their) )?(.*)`).exec(what)
          : null;
      if (both) {
        const second = phraseWords(group(both, 1)).slice(0, 2);
        if (second.length > 0) return titled([...object, 'and', ...second]);
      }
      return titled(object);
    }
  }
  return null;
}

/** The name a workflow's main verb and its object give, before it is checked for being too vague. */
function nameFromText(text: string, entityKinds: EntityKind[]): string {
  const found = findingName(text);
  if (found) return found;
  const eligible = ELIGIBLE_FOR.exec(text);
  if (eligible && /^(?:check|verify|see|decide|determine|find out)\b/.test(text))
    return titled([...phraseWords(group(eligible, 1)), 'eligibility', 'check']);
  const reading = READ_AND_TELL.exec(text);
  if (reading) {
    const read = phraseWords(group(reading, 1).replace(/^(?:(?:a|an|the|my|our|this) )+/, ''));
    if (read.length > 0) return titled([...read, 'check']);
  }
  const verb = /^([a-z]+)\s+(\S.*)?$/.exec(text);
  // "research a prospect and write openers": research only prepares; what is written is the result.
  // A vague made thing ("and write a brief") says less than what was researched (Company Research).
  if (verb && PREPARING_VERBS.has(group(verb, 1)) && /\band (?:then )?(?:write|draft|compose)\s/.test(text)) {
    const written = madeName(text);
    if (written && (written.includes(' ') || !GENERIC.has(written.toLowerCase()))) return written;
  }
  const nominal = verb
    ? (TRANSFORM_VERBS[group(verb, 1)] ?? (delivers(group(verb, 1), group(verb, 2)) ? '' : undefined))
    : undefined;
  if (verb && nominal !== undefined) {
    if (verb[1] === 'extract' && entityKinds.length > 0) {
      return entityKinds.length <= 2
        ? `${entityKinds.map((kind) => ENTITY_NAMES[kind]).join(' & ')} Extraction`
        : 'Entity Extraction';
    }
    const between = ONE_TO_ANOTHER.exec(verb[2] ?? '');
    if (between && nominal === 'Converter') return titled([group(between, 1), 'converter']);
    let rest = (verb[2] ?? '').replace(/^up\s+/, '');
    if (delivers(group(verb, 1), group(verb, 2))) rest = rest.replace(RECIPIENT, '');
    rest = rest
      .replace(/^(?:(?:a|an|the|all|some|my|our|each|every|incoming|inbound|new|this|these)\s+)+/, '')
      .replace(/^(?:list|set|batch|collection) of\s+/, '');
    let object = phraseWords(rest);
    const about = madeAbout(object, rest);
    if (about) return about;
    // "Ticket Triage", "Lead Scoring": an action's object reads in the singular before it.
    if (object.length > 0 && nominal) object = asModifier(object);
    const into = /\binto\s+(?:an?\s+|the\s+)?(.*)/.exec(verb[2] ?? '');
    // "into a list of action items": the list made is named by what it lists.
    const listed = into ? /^(?:list|set|series) of\s+(.*)/.exec(group(into, 1)) : null;
    if (listed) {
      const items = phraseWords(group(listed, 1));
      if (items.length > 0) return titled(items);
    }
    // Only a made thing names the workflow ("into a digest"), not a language ("into French") or a file.
    const target = into
      ? tidy(phraseWords(group(into, 1))).filter((word, index, all) => index < all.length - 1 || OUTPUT_WORDS.has(word))
      : [];
    if (target.length > 0 && (!OUTPUT_WORDS.has(lastWord(target)) || target.every((w) => CONTAINER_WORDS.has(w))))
      target.length = 0;
    if (object.length > 0 && target.length > 0) return clip(titleCase(`${object.join(' ')} ${target.join(' ')}`));
    if (object.length > 0) return clip(titleCase(`${object.join(' ')} ${nominal}`.trim()));
  }
  const made = madeName(text);
  if (made) return made;
  const words = (text.match(/[a-z][a-z0-9'-]*/g) ?? [])
    .filter((word) => !STOP.has(word) && !NAME_FILLER.has(word))
    .slice(0, 3);
  return words.length > 0 ? clip(titleCase(words.join(' '))) : 'Untitled Workflow';
}

/**
 * The thing a prompt is about, to go with a generic name: the subject of "where the order is", else
 * the first noun phrase after its first verb ("take a customer message" → customer).
 */
function subjectOf(text: string, generic: string): string | null {
  const clause = new RegExp(String.raw`\b(?:where|whether|if|when|how) ${DETERMINER} ([a-z-]+)`).exec(text);
  if (clause?.[1] && !STOP.has(clause[1])) return singularWord(clause[1]);
  const first = /^[a-z]+\s+(\S.*)?$/.exec(text);
  const after = (first ? group(first, 1) : '').replace(
    /^(?:(?:a|an|the|each|every|this) )?(?:list|set|batch|collection) of /,
    '',
  );
  const phrase = phraseWords(after).slice(0, 2);
  if (phrase.length > 1 && IDENTIFIER_WORDS.has(phrase.at(-1) ?? '')) phrase.pop();
  if (phrase.length === 0 || phrase.includes(generic) || phrase.every((word) => GENERIC.has(word))) return null;
  return asModifier(phrase).join(' ');
}

/** A short title-cased name from the prompt's intent ("Company Brief", "Meeting Notes Digest"). */
export function deriveName(lower: string, entityKinds: EntityKind[]): string {
  const whole = lower.replace(/\bthank you\b/g, 'thank-you');
  const text = whole
    .replace(QUESTIONS, '')
    .trimStart()
    .replace(
      /^(?:(?:every|each|on)\s+[a-z]+,?\s+|(?:after|before|once|from|given|using|with)\s+[^,.;:]{1,80},\s*|(?:an?|the)\s+workflow\s+(?:that|which|to)\s+)/,
      '',
    )
    .replace(/^(?:please|kindly|i want to|i need to|i'd like to|can you|could you|help me)\s+/, '');
  const name = nameFromText(text, entityKinds);
  if (name.includes(' ') || !GENERIC.has(name.toLowerCase())) return name;
  // One generic word names nothing: say what it is about, else what is done.
  const subject = subjectOf(whole, name.toLowerCase());
  if (subject) return titled([...subject.split(' '), name.toLowerCase()]);
  const verb = /^([a-z]+)\s/.exec(text)?.[1];
  return verb && verb !== name.toLowerCase() ? titled([verb, name.toLowerCase()]) : `${name} Workflow`;
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
  const title =
    /^[A-Z]{2}/.test(field.title) || SPELLINGS.has(field.title.split(' ')[0]?.toLowerCase() ?? '')
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
