import { ACRONYMS } from './lexicon';

const SMALL_WORDS = new Set(['a', 'an', 'and', 'as', 'at', 'by', 'for', 'from', 'in', 'of', 'on', 'or', 'the', 'to', 'with']);

/** `Company name` → `company_name`; letters and digits only, never empty. */
export function snakeCase(text: string): string {
  const snake = text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const safe = /^[0-9]/.test(snake) ? `field_${snake}` : snake;
  return safe.slice(0, 48).replace(/_+$/, '') || 'field';
}

export function kebabCase(text: string): string {
  return snakeCase(text).replace(/_/g, '-');
}

const acronym = (word: string) => ACRONYMS.get(word.toLowerCase());

/** `company_name` → `Company name`, keeping acronyms (`order_id` → `Order ID`). */
export function sentenceCase(text: string): string {
  const parts = text.split(/[_\s]+/).filter(Boolean);
  return parts
    .map((word, index) => acronym(word) ?? (index === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word.toLowerCase()))
    .join(' ');
}

/** `meeting notes digest` → `Meeting Notes Digest`; small words stay lower case inside. */
export function titleCase(text: string): string {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, index) => {
      const lower = word.toLowerCase();
      if (acronym(lower)) return acronym(lower)!;
      if (index > 0 && SMALL_WORDS.has(lower)) return lower;
      return word.charAt(0).toUpperCase() + word.slice(1);
    })
    .join(' ');
}

/** `a, b and c`. */
export function humanList(items: string[], conjunction = 'and'): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items[items.length - 1]}`;
}

/** A rough singular for the plural nouns prompts use (`attendees` → `attendee`, `entries` → `entry`). */
export function singular(word: string): string {
  if (/(ss|us|is)$/.test(word) || word.length < 4) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|xes|sses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}
