/**
 * Header matching that tolerates how people title spreadsheet columns: case, punctuation, units in
 * brackets, currency words and common abbreviations, so "Invoice No", "Amount (EUR)", "E-mail" and
 * "Qty" meet invoice_number, amount, email and quantity.
 */

/** Abbreviation → the word a schema would spell out; applied to whole words only. */
const WORDS: Record<string, string> = {
  no: 'number',
  nr: 'number',
  num: 'number',
  nbr: 'number',
  '#': 'number',
  qty: 'quantity',
  qnty: 'quantity',
  amt: 'amount',
  mail: 'email',
  tel: 'phone',
  telephone: 'phone',
  mobile: 'phone',
  addr: 'address',
  desc: 'description',
  descr: 'description',
  dept: 'department',
  inv: 'invoice',
  ref: 'reference',
  cust: 'customer',
  org: 'organization',
  organisation: 'organization',
  co: 'company',
  pct: 'percent',
  '%': 'percent',
  dob: 'birthdate',
  st: 'street',
  zip: 'postcode',
  postal: 'postcode',
  zipcode: 'postcode',
  postalcode: 'postcode',
  yr: 'year',
  mo: 'month',
  min: 'minutes',
  mins: 'minutes',
  sec: 'seconds',
  secs: 'seconds',
  hrs: 'hours',
  hr: 'hours',
  url: 'url',
  website: 'website',
  web: 'website',
  fname: 'firstname',
  lname: 'lastname',
  surname: 'lastname',
  forename: 'firstname',
};

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

/** Symbols that only ever mark a currency or unit. */
const UNIT_SYMBOLS = /[$€£¥₹₩₽¢]/g;

/**
 * The words of a header, lower-cased, accents folded, units in brackets and currency symbols
 * dropped, camelCase split, abbreviations spelled out.
 */
function headerWords(header: string): string[] {
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
  const words = text
    .split(/[^a-z0-9#%]+/)
    .filter((w) => w !== '')
    .map((w) => WORDS[w] ?? w);
  // A unit word is dropped only when something else names the field ("Amount EUR", not "EUR").
  const named = words.filter((w) => !UNIT_WORDS.has(w));
  return named.length > 0 ? named : words;
}

/** The form two headers are compared in: their words, joined. "Invoice No." → "invoicenumber". */
export const headerKey = (header: string): string => headerWords(header).join('');
