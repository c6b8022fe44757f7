/** Word lists the rule-based planner reads prompts with. */
import type { FieldKind, ItemKind } from '../workflow/field';

export type { FieldKind, ItemKind };

const words = (text: string) => text.trim().split(/\s+/);

function table<T extends string>(entries: Partial<Record<T, string>>): Map<string, T> {
  const map = new Map<string, T>();
  for (const [kind, list] of Object.entries(entries) as [T, string][])
    for (const word of words(list)) map.set(word, kind);
  return map;
}

/** Singular nouns that name an input value, and the kind of value they name. */
export const FIELD_HEADS = table<Exclude<FieldKind, 'enum' | 'list' | 'rows' | 'boolean'>>({
  string: `name title subject topic headline role position city country address company organization organisation product language
    location venue destination department team industry category username handle colour color code id sku reference question keyword
    phone postcode zip occupation job school course event brand slogan hashtag recipient sender author customer client applicant`,
  email: 'email e-mail',
  uri: 'website url homepage link site',
  date: 'date deadline birthday dob',
  datetime: 'datetime timestamp',
  number: `amount price cost total budget salary revenue fee rate discount percentage percent weight height distance temperature balance
    income tax score value`,
  integer: 'count quantity age year rating headcount seats',
  text: `notes note transcript text body message content article feedback review complaint comments comment description details bio
    biography letter essay story minutes instructions request paragraph post announcement summary abstract excerpt`,
});

/**
 * Nouns that are only fields when something else makes them one (a list of them, an input list):
 * alone, "customer" or "company" usually qualify another noun or describe the workflow.
 */
export const WEAK_HEADS = new Set([
  'company',
  'organization',
  'organisation',
  'product',
  'customer',
  'client',
  'applicant',
  'recipient',
  'sender',
  'author',
  'event',
  'job',
  'course',
  'school',
  'brand',
  'value',
  'summary',
  'post',
  'request',
  'code',
  'role',
  'position',
  'team',
  'language',
  'reference',
  'question',
  'handle',
  'site',
  'link',
  'rate',
  'minutes',
  'text',
  'content',
  'score',
]);

/** Plural nouns that name a list input, and what each item is. */
export const LIST_HEADS = table<ItemKind>({
  string: `tags keywords skills attendees participants recipients items names ingredients topics members guests entries contacts tasks
    lines hashtags categories questions features speakers invitees authors goals`,
  email: 'emails e-mails',
  uri: 'links urls websites',
  date: 'dates',
  number: 'prices amounts',
});

/** Qualifier + head pairs that mean something other than their head. */
export const COMPOUNDS: Record<string, { key: string; kind: FieldKind }> = {
  'first name': { key: 'first_name', kind: 'string' },
  'last name': { key: 'last_name', kind: 'string' },
  'full name': { key: 'full_name', kind: 'string' },
  'email address': { key: 'email', kind: 'email' },
  'e-mail address': { key: 'email', kind: 'email' },
  'web site': { key: 'website', kind: 'uri' },
  'home page': { key: 'homepage', kind: 'uri' },
  'phone number': { key: 'phone_number', kind: 'string' },
  'meeting minutes': { key: 'meeting_minutes', kind: 'text' },
  'date of birth': { key: 'date_of_birth', kind: 'date' },
  'email body': { key: 'email_body', kind: 'text' },
  'cover letter': { key: 'cover_letter', kind: 'text' },
  'job title': { key: 'job_title', kind: 'string' },
  'job description': { key: 'job_description', kind: 'text' },
  'zip code': { key: 'zip_code', kind: 'string' },
  'post code': { key: 'postcode', kind: 'string' },
};

/** "<qualifier> number" names an identifier (a string), not a quantity. */
export const IDENTIFIER_QUALIFIERS = new Set([
  'invoice',
  'order',
  'phone',
  'reference',
  'account',
  'tracking',
  'ticket',
  'serial',
  'case',
  'customer',
  'policy',
  'vat',
  'tax',
  'registration',
  'booking',
  'confirmation',
  'id',
  'passport',
  'license',
  'licence',
  'part',
  'item',
  'model',
  'house',
  'street',
  'room',
  'flight',
]);

/** Nouns a workflow produces; never input fields, and they qualify nothing into a field. */
export const OUTPUT_WORDS = new Set(
  words(`report reports brief briefing overview digest recap table spreadsheet sheet csv html page webpage json pdf document documents
    certificate reply response draft newsletter quote template file files markdown output outputs result results memo profile proposal
    agenda checklist invitation card summaries one-pager writeup write-up doc docs workflow workflows email-draft slide slides deck`),
);

/** Verbs whose object is what the workflow makes (an output), not what it takes. */
export const CREATION_VERBS = new Set(
  words(
    'write draft generate create produce make compose build prepare design render output return export give craft put assemble',
  ),
);

/** Words that start or join clauses; a noun phrase never includes them. */
export const STOP = new Set(
  words(`a an the its their his her our your my this that these those some any each every all both either one per of for to from in on at by
    with about into onto as and or but nor so then than also plus via using based given it them they we you i he she me us is are was were be
    been being has have had do does did will would should could can may might must shall not no if when whenever while where which who whom
    whose what how why there here out up down over under again just only very really please such other another same own more most less least
    new few many much lot lots kind sort way`),
);

/** Adjectives and filler dropped from the front of a noun phrase. */
export const FILLER = new Set(
  words(`optional optionally short long brief quick simple basic nice good great full complete entire whole main primary key important
    relevant related given pasted raw plain original current latest recent new old free-form freeform free small large big random
    custom personal personalised personalized friendly detailed concise clear own respective corresponding appropriate typed written
    provided submitted incoming uploaded first last final following said certain specific particular`),
);

/** Time words that describe when a workflow runs, never an input. */
export const TEMPORAL = new Set(
  words(
    'today todays tomorrow yesterday daily weekly monthly yearly annual annually morning evening night afternoon week month day hour minute now tonight',
  ),
);

/** Verbs that start an imperative prompt; used to find the object a name is made from. */
export const TRANSFORM_VERBS: Record<string, string> = {
  summarize: 'Summary',
  summarise: 'Summary',
  check: 'Check',
  validate: 'Validation',
  verify: 'Check',
  triage: 'Triage',
  score: 'Scoring',
  rate: 'Rating',
  review: 'Review',
  process: 'Processing',
  analyze: 'Analysis',
  analyse: 'Analysis',
  classify: 'Classification',
  translate: 'Translation',
  clean: 'Cleanup',
  format: 'Formatter',
  tag: 'Tagging',
  categorize: 'Categorization',
  categorise: 'Categorization',
  screen: 'Screening',
  qualify: 'Qualification',
  track: 'Tracker',
  monitor: 'Monitor',
  send: '',
  schedule: 'Scheduler',
  remind: 'Reminder',
  convert: 'Converter',
  turn: 'Converter',
  compare: 'Comparison',
  evaluate: 'Evaluation',
  assess: 'Assessment',
  grade: 'Grading',
  approve: 'Approval',
  route: 'Routing',
  welcome: 'Welcome',
  onboard: 'Onboarding',
  research: 'Research',
  plan: 'Planner',
  estimate: 'Estimate',
  calculate: 'Calculator',
  compute: 'Calculator',
  count: 'Counter',
  list: 'List',
  collect: 'Collector',
  reply: 'Reply',
  respond: 'Response',
  answer: 'Answers',
  proofread: 'Proofreading',
  rewrite: 'Rewrite',
  shorten: 'Shortener',
  parse: 'Parser',
  extract: 'Extraction',
  enrich: 'Enrichment',
  reconcile: 'Reconciliation',
};

/** Words that mark a clause as English even when no field or output word appears. */
export const COMMON_WORDS = new Set([
  ...STOP,
  ...OUTPUT_WORDS,
  ...CREATION_VERBS,
  ...Object.keys(TRANSFORM_VERBS),
  ...FIELD_HEADS.keys(),
  ...LIST_HEADS.keys(),
  ...FILLER,
  ...TEMPORAL,
  ...words(`find get show tell help need want use take read look keep let go see ask work run start stop fail add put set give know say
    data info information thing things stuff people person user users team time status progress update updates motivational inspirational
    quote quotes joke fact facts idea ideas tip tips story poem song recipe meal plan schedule invoice order orders ticket tickets lead leads
    contact contacts meeting meetings project projects task tasks issue issues bug bugs customer customers sales marketing support hello hi test`),
]);
