import { conceptOf, TEXT_WORDS } from '@contract/field-concepts';

/** A maxLength this large leaves room for paragraphs, not a name or a code. */
const LONG_TEXT = 1000;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A vocabulary word as a pattern: its spaces any white space, and its plural unless that is a concept of its own ("minutes" is a number). */
const wordPattern = (word: string) => `${escapeRegExp(word).replace(/ /g, '\\s+')}${conceptOf(`${word}s`) ? '' : 's?'}`;

/** Words in a field's name, title or description that say it holds prose: the shared vocabulary's free-text concepts. */
const PROSE_WORDS = new RegExp(`\\b(?:${[...TEXT_WORDS].map(wordPattern).join('|')})\\b`, 'i');

/** Formats and shapes whose value is one line by nature, whatever the words around them say. */
const ONE_LINE_FORMATS = new Set(['email', 'uri', 'url', 'iri', 'date', 'date-time', 'time', 'uuid', 'hostname']);

const words = (name: string | undefined): string =>
  (name ?? '').replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2');

/**
 * Whether a string field holds free text that deserves a multi-line box: decided from the schema
 * alone (a large maxLength, or a name, title or description naming prose), so it holds against
 * any v1 server. Fields with a format, an enum or a short maxLength stay one line.
 */
export function isFreeText(schema: Record<string, unknown>, name?: string): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (!types.includes('string')) return false;
  if (Array.isArray(schema.enum) || 'const' in schema) return false;
  if (typeof schema.format === 'string' && ONE_LINE_FORMATS.has(schema.format)) return false;
  const max = schema.maxLength;
  if (typeof max === 'number') {
    if (max >= LONG_TEXT) return true;
    if (max < 200) return false;
  }
  const said = [words(name), schema.title, schema.description].filter((s) => typeof s === 'string').join(' ');
  return PROSE_WORDS.test(said);
}
