/**
 * One vocabulary of the things a form field holds, shared by the rule planner (which types a noun
 * phrase by its head noun: "renewal date" is a date) and the batch column matcher (which reads
 * "Qty" as quantity and "E-mail" as email). Words are lower case and singular.
 */

/** What kind of value a concept's field holds; `text` is a long free text, `identifier` a short code. */
type ConceptKind = 'string' | 'text' | 'email' | 'uri' | 'date' | 'datetime' | 'time' | 'number' | 'integer';

export interface FieldConcept {
  /** The one word both sides compare in ("email", "quantity"). */
  word: string;
  kind: ConceptKind;
  /** Words and abbreviations that mean the same thing, as heads or column headers ("e-mail", "qty"). */
  same: string[];
  /** Other head nouns a planner types the same way, though they do not mean the same ("price" is a number, not an amount). */
  alike?: string[];
  /** The title a field of this concept alone gets ("url" → "Website"). */
  title?: string;
}

/** "response time", "travel time": the words before "time" that make it a length of time. */
const DURATIONS =
  'response turnaround travel lead wait waiting journey drive driving processing resolution cooking prep run running screen';

const FIELD_CONCEPTS: FieldConcept[] = [
  { word: 'email', kind: 'email', same: ['e-mail', 'mail', 'email address'], title: 'Email' },
  {
    word: 'website',
    kind: 'uri',
    same: ['url', 'uri', 'web', 'homepage', 'home page', 'web site', 'www', 'domain', 'link', 'web page'],
    alike: ['webpage', 'page url', 'profile', 'web address', 'website address'],
    title: 'Website',
  },
  {
    word: 'phone',
    kind: 'string',
    same: ['tel', 'telephone', 'mobile', 'mob', 'cell', 'cellphone', 'phone number'],
    title: 'Phone number',
  },
  {
    word: 'date',
    kind: 'date',
    same: [],
    alike: ['deadline', 'birthday', 'anniversary', 'due date', 'day', 'eta'],
  },
  { word: 'birthdate', kind: 'date', same: ['dob', 'date of birth', 'birth date'] },
  // The time of a booking or of a record is a moment, unless the form asks its date apart (planner/fields.ts).
  {
    word: 'datetime',
    kind: 'datetime',
    same: ['timestamp', 'date time'],
    alike: [
      'appointment time',
      'appt time',
      'booking time',
      'reservation time',
      'meeting time',
      'interview time',
      'hearing time',
      'visit time',
      'creation time',
      'submission time',
    ],
  },
  // A time is a time of day ("arrival time", "what time to arrive"); one that is spent is a number (below).
  { word: 'time', kind: 'time', same: ['time of day'] },
  {
    word: 'amount',
    kind: 'number',
    same: ['amt', 'sum'],
    alike: [
      'price',
      'cost',
      'total',
      'rent',
      'rental',
      'fee',
      'salary',
      'budget',
      'hour',
      'duration',
      'revenue',
      'takings',
      'sales',
      'turnover',
      'income',
      'expense',
      'spend',
      'balance',
      'wage',
      'pay',
      'payment',
      'deposit',
      'discount',
      'tax',
      'rate',
      'weight',
      'distance',
      'score',
      'rating',
      'value',
      'margin',
      'profit',
      'invoice amount',
      'mileage',
      'temperature',
      'height',
      'length',
      'width',
      'area',
      'volume',
      'allowance',
      'limit',
      'threshold',
      'target',
      'bonus',
      'commission',
      'interest',
      'loan',
      'mortgage',
      'charge',
      'refund',
      'principal',
      'footage',
      'square footage',
      'premium',
      'diameter',
      'radius',
      'thickness',
      'depth',
      'subtotal',
      'markup',
      'donation',
      'turnover',
      'earnings',
      'speed',
      'factor',
      'multiplier',
      'ratio',
      'odometer',
      'arrears',
      'capacity',
      'reading',
      'gravity',
      'excess',
      // How long something takes: "response time", "time spent", counted in hours or minutes.
      ...DURATIONS.split(' ').map((word) => `${word} time`),
      'time spent',
      'time taken',
      'time worked',
      // Measures a form asks for by what they measure ("kWh usage", "the reorder level").
      ...'usage|reorder level|stock level|salary expectation|mpg|fuel economy|og|fg'.split('|'),
      // A club's or a box scheme's regular payment.
      ...'sub|subs|membership fee'.split('|'),
    ],
  },
  { word: 'percent', kind: 'number', same: ['pct', '%', 'percentage', 'abv'] },
  {
    word: 'quantity',
    kind: 'integer',
    same: ['qty', 'qnty'],
    alike: [
      'count',
      'headcount',
      'size',
      'team size',
      'age',
      'seat',
      'guest count',
      'attendee count',
      'day count',
      'night',
      'serving',
      'portion',
      'stock',
      'stock level',
      // A place in a numbered run ("lane 4", "table 12"), where a reference would be a code.
      ...'lane number|table number|page number|week number|court number|reorder point'.split('|'),
    ],
  },
  { word: 'minutes', kind: 'number', same: ['min', 'mins'] },
  { word: 'seconds', kind: 'number', same: ['sec', 'secs'] },
  { word: 'hours', kind: 'number', same: ['hrs', 'hr'] },
  // When a place is open is a timetable ("Mon–Fri 9–5"), not a number of hours.
  {
    word: 'opening hours',
    kind: 'string',
    same: ['opening times', 'business hours', 'office hours', 'trading hours', 'surgery hours', 'visiting hours'],
  },
  { word: 'year', kind: 'integer', same: ['yr'] },
  // ("the tax year": a span written "2024/25", no number.)
  { word: 'tax year', kind: 'string', same: ['financial year', 'academic year', 'school year', 'fiscal year'] },
  { word: 'month', kind: 'string', same: ['mo'] },
  {
    word: 'number',
    kind: 'string',
    same: ['no', 'nr', 'num', 'nbr', '#'],
    alike: ['id', 'code', 'reference', 'sku', 'ticker', 'iban', 'vat number', 'tracking number'],
  },
  { word: 'reference', kind: 'string', same: ['ref'] },
  {
    word: 'text',
    kind: 'text',
    same: [],
    // Free texts of every kind, each word or phrase between bars.
    alike: (
      'note|body|paragraph|transcript|message|description|feedback|comment|content|letter|review|' +
      'complaint|bio|essay|article|ticket|question|response|log|story|draft|copy|cv|resume|policy|' +
      'contract|document|request|enquiry|inquiry|report|survey response|answer|chat|conversation|' +
      'thread|minute|meeting minutes|abstract|speech|script|job description|terms|input|excerpt|' +
      'passage|post|complaint email|timeline|export|rubric|agreement|posting|ad|advert|proposal|' +
      'observation|symptom|requirement|dietary requirements|dietary needs|access needs|reflection'
    ).split('|'),
  },
  { word: 'description', kind: 'text', same: ['desc', 'descr'] },
  { word: 'address', kind: 'string', same: ['addr', 'street', 'st'] },
  { word: 'city', kind: 'string', same: ['town'] },
  { word: 'postcode', kind: 'string', same: ['zip', 'postal', 'zipcode', 'postalcode', 'zip code', 'postal code'] },
  {
    word: 'company',
    kind: 'string',
    same: ['org', 'organisation', 'organization', 'business', 'employer', 'firm', 'co'],
  },
  { word: 'customer', kind: 'string', same: ['cust'] },
  { word: 'invoice', kind: 'string', same: ['inv'] },
  { word: 'department', kind: 'string', same: ['dept'] },
  { word: 'firstname', kind: 'string', same: ['fname', 'forename', 'first name', 'given name'] },
  { word: 'lastname', kind: 'string', same: ['lname', 'surname', 'last name', 'family name'] },
  { word: 'fullname', kind: 'string', same: ['full name'] },
  { word: 'name', kind: 'string', same: [] },
  { word: 'category', kind: 'string', same: ['cat'] },
  { word: 'bedroom', kind: 'integer', same: ['bed', 'beds', 'bedrooms', 'br'] },
  { word: 'bathroom', kind: 'integer', same: ['bath', 'baths', 'bathrooms'] },
  { word: 'storey', kind: 'integer', same: ['storeys', 'floors'] },
  { word: 'location', kind: 'string', same: ['loc', 'venue'], alike: ['city', 'place'] },
];

/** Every word and phrase of the vocabulary, to the concept it belongs to. */
const BY_WORD = new Map<string, FieldConcept>();
for (const concept of FIELD_CONCEPTS)
  for (const word of [concept.word, ...concept.same, ...(concept.alike ?? [])])
    if (!BY_WORD.has(word)) BY_WORD.set(word, concept);

/** The concept a (lower-case, singular) word or phrase names, if any. */
export function conceptOf(word: string): FieldConcept | undefined {
  return BY_WORD.get(word);
}

/** Every word and phrase of the concepts whose fields hold long free text ("note", "transcript", "desc"). */
export const TEXT_WORDS: ReadonlySet<string> = new Set(
  FIELD_CONCEPTS.filter((c) => c.kind === 'text').flatMap((c) => [c.word, ...c.same, ...(c.alike ?? [])]),
);

/** Synonyms and abbreviations to the word they mean, for matching column headers (one word and two-word forms). */
export function sameWords(): { words: Record<string, string>; pairs: Record<string, string> } {
  const words: Record<string, string> = {};
  const pairs: Record<string, string> = {};
  for (const concept of FIELD_CONCEPTS)
    for (const same of concept.same) {
      const parts = same.split(' ');
      if (parts.length === 1) words[same] = concept.word;
      else if (parts.length === 2) pairs[same] = concept.word;
    }
  return { words, pairs };
}

/** Every one-word name of a concept: the words a misspelt word in a prompt may be meant as. */
export const conceptWords = (): string[] => [...BY_WORD.keys()].filter((word) => /^[a-z]+$/.test(word));
