/**
 * Header matching that tolerates how people title spreadsheet columns: case, punctuation, units in
 * brackets, currency words, abbreviations and everyday synonyms, so "Invoice No", "Amount (EUR)",
 * "E-mail", "Qty" and "Website" meet invoice_number, amount, email, quantity and company_website_url.
 */
import { sameWords } from '@contract/field-concepts';

/**
 * Abbreviation or synonym → the one word both sides are compared in (whole words only), and two
 * words people write apart for one thing ("first name" is not a first and a name): both from the
 * vocabulary of field concepts the planner types fields by.
 */
const { words: WORDS, pairs: PAIRS } = sameWords();

/** Units and currencies that qualify a column without naming it ("Amount EUR", "Weight kg"). */
const UNIT_WORDS = new Set([
  'eur',
  'usd',
  'gbp',
  'chf',
  'jpy',
  'cad',
  'aud',
  'inr',
  'cny',
  'sek',
  'nok',
  'dkk',
  'pln',
  'kg',
  'g',
  'lb',
  'lbs',
  'km',
  'm',
  'cm',
  'mm',
  'mi',
  'ms',
  's',
  'h',
  'in',
  'ft',
  'l',
  'ml',
]);

/** Words that join others and name nothing, so they never make a match on their own. */
const FILLER = new Set([
  'the',
  'a',
  'an',
  'of',
  'and',
  'or',
  'for',
  'to',
  'on',
  'at',
  'by',
  'with',
  'your',
  'my',
  'our',
]);

/** Last words that say little about what a field holds, so the words before them identify it ("company" in company_name). */
const GENERIC_HEADS = new Set(['name', 'id', 'number', 'code', 'title', 'label', 'value', 'text', 'fullname']);

/** Symbols that only ever mark a currency or unit. */
const UNIT_SYMBOLS = /[$€£¥₹₩₽¢]/g;

/** One word of a header: as written (lower-cased) and in the form it is compared in. */
interface HeaderWord {
  raw: string;
  word: string;
}

/** "emails" and "email" are the same column; "address" and "status" keep their s. */
const singular = (w: string): string => (w.length > 3 && /[^siu]s$/.test(w) ? w.slice(0, -1) : w);

/**
 * The words of a header, lower-cased, accents folded, units in brackets and currency symbols
 * dropped, camelCase split, abbreviations and synonyms spelled one way.
 */
function headerWords(header: string): HeaderWord[] {
  const text = header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    // (EUR), [kg], {unit}: a unit or a note, never the field's name.
    .replace(/[([{][^)\]}]*[)\]}]/g, ' ')
    .replace(UNIT_SYMBOLS, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .replace(/\be[-\s]?mail\b/g, 'email')
    .replace(/\b(?:zip|post(?:al)?)[-\s]?code\b/g, 'postcode')
    .replace(/#/g, ' # ')
    .replace(/%/g, ' % ');
  const raws = text.split(/[^a-z0-9#%]+/).filter((w) => w !== '');
  const words: HeaderWord[] = [];
  for (let i = 0; i < raws.length; i += 1) {
    const pair = PAIRS[`${raws[i]} ${raws[i + 1]}`];
    if (pair !== undefined) {
      words.push({ raw: `${raws[i]} ${raws[i + 1]}`, word: pair });
      i += 1;
      continue;
    }
    const raw = raws[i]!;
    const spelled = singular(WORDS[raw] ?? WORDS[singular(raw)] ?? raw);
    words.push({ raw, word: spelled });
  }
  // A unit word is dropped only when something else names the field ("Amount EUR", not "EUR").
  const named = words.filter((w) => !UNIT_WORDS.has(w.word));
  return named.length > 0 ? named : words;
}

/** The form two headers are compared in: their words, joined. "Invoice No." → "invoicenumber". */
export const headerKey = (header: string): string =>
  headerWords(header)
    .map((w) => w.word)
    .join('');

/** Why a column was matched to a field, for the person checking the mapping. */
export type MatchReason =
  | { kind: 'name' }
  | { kind: 'title' }
  /** Header words (as written) that met the field, each with the field's word when it was a synonym. */
  | { kind: 'words'; words: { header: string; field: string | null }[] };

interface FieldNames {
  name: string;
  title: string | undefined;
}

/** A full name is also a name, so "Name" fills full_name and "Full name" fills name. */
const means = (word: string): string[] => (word === 'fullname' ? ['fullname', 'name'] : [word]);

/** Letters and digits only: "E-mail" and "email" are written the same, "Website" and "url" are not. */
const literal = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]/g, '')
    .toLowerCase();

/** Scores at or above these come from the whole header meeting the field's whole name or title. */
const NAME_SCORE = 1000;
const TITLE_SCORE = 900;

/**
 * How well a header fits a field, 0 for not at all, with the reason. A whole-name match beats a
 * title match, which beats a match on some words; among word matches, headers that meet the
 * field's last word ("email" in contact_email) beat those meeting only a word before it, and a
 * word before it counts alone only when the last word is as vague as "name" or "id".
 */
export function matchScore(header: string, field: FieldNames): { score: number; reason: MatchReason } | null {
  const key = headerKey(header);
  if (key === '') return null;
  const literalHeader = literal(header);
  if (key === headerKey(field.name) && literalHeader === literal(field.name))
    return { score: NAME_SCORE, reason: { kind: 'name' } };
  if (field.title !== undefined && key === headerKey(field.title) && literalHeader === literal(field.title))
    return { score: TITLE_SCORE, reason: { kind: 'title' } };

  const own = headerWords(header).filter((w) => !FILLER.has(w.word));
  const nameWords = headerWords(field.name).filter((w) => !FILLER.has(w.word));
  const titleWords = field.title === undefined ? [] : headerWords(field.title).filter((w) => !FILLER.has(w.word));
  const fieldWords = [...nameWords, ...titleWords];
  const fieldSet = new Set(fieldWords.flatMap((w) => means(w.word)));
  const heads = new Set(
    [nameWords.at(-1)?.word, titleWords.at(-1)?.word].flatMap((w) => (w === undefined ? [] : means(w))),
  );
  const met = own.filter((w) => means(w.word).some((m) => fieldSet.has(m)));
  if (met.length === 0) return null;
  const headHit = met.some((w) => means(w.word).some((m) => heads.has(m)));
  if (!headHit && ![...heads].some((h) => GENERIC_HEADS.has(h))) return null;
  const ownShare = met.length / own.length;
  const fieldShare = Math.min(1, new Set(met.map((w) => w.word)).size / new Set(fieldWords.map((w) => w.word)).size);
  // Synonyms alone ("Website" for url) are exact enough to beat a partial match of the same header.
  const exactWords = key === headerKey(field.name) || (field.title !== undefined && key === headerKey(field.title));
  const score = (exactWords ? 500 : 0) + 100 * ownShare + 50 * fieldShare + (headHit ? 100 : 0);
  const words = met.map((w) => {
    const same = fieldWords.find((f) => f.raw === w.raw);
    const other = same ?? fieldWords.find((f) => means(f.word).some((m) => means(w.word).includes(m)));
    return { header: w.raw, field: same !== undefined || other === undefined ? null : other.raw };
  });
  return { score, reason: { kind: 'words', words } };
}

/** The reason in plain words: 'Same name as the field', 'Matched on "mail" (as "email")'. */
export function describeReason(reason: MatchReason): string {
  if (reason.kind === 'name') return 'Same name as the field';
  if (reason.kind === 'title') return 'Same as the field’s title';
  const parts = reason.words.map((w) => (w.field === null ? `“${w.header}”` : `“${w.header}” (as “${w.field}”)`));
  return `Matched on ${parts.join(' and ')}`;
}
