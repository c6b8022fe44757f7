/**
 * "matter type: divorce / child arrangements / financial settlement", "os: Mac/Windows/Linux": values
 * parted by slashes are a choice, as "X, Y or Z" is. Two are one only after a colon ("shift: day/night"),
 * for "date/time" and "email/phone" are two things asked and "£40/hr" a rate.
 */
import { conceptOf } from '../../contract/field-concepts';
import { NOUN_CLASSES } from '../../contract/prompt-words';
import type { Choice } from './choices';
import type { Phrase, Token } from './parse';

const WORD = /^[\p{L}\d][\p{L}\d'’.-]*$/u;
const NOT_VALUE = /^(?:PRON|ADP|PART|DET|AUX|SCONJ|CCONJ|NUM)$/;
const isWord = (t: Token | undefined) => t !== undefined && WORD.test(t.text) && !NOT_VALUE.test(t.pos);

/** "appt date/time", "email/phone/post": values the vocabulary mostly names as fields are things to give. */
export const mostlyFields = (values: string[]) =>
  values.filter((v) => (conceptOf(v.toLowerCase())?.kind ?? 'text') !== 'text').length * 2 >= values.length;

/** "contact method", "preferred contact", "room type": a thing named as one of several is chosen, whatever its values name. */
export const namesChoice = (tokens: Token[], about: Phrase | undefined) =>
  about !== undefined &&
  (NOUN_CLASSES.chosen.has(about.head) ||
    tokens.slice(about.start - 1, about.end).some((t) => t.lower === 'preferred'));

export function slashChoices(tokens: Token[], list: Phrase[]): Choice[] {
  const choices: Choice[] = [];
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i]!.text !== '/' || tokens[i - 1]?.text === ')') continue;
    // The first value: up to three words back from the first slash.
    let start = i;
    while (start > i - 3 && isWord(tokens[start - 1])) start--;
    if (start === i) continue;
    const values = [tokens.slice(start, i).map((t) => t.text)];
    let at = i;
    while (tokens[at]?.text === '/') {
      const words: string[] = [];
      let k = at + 1;
      while (words.length < 3 && isWord(tokens[k])) words.push(tokens[k++]!.text);
      if (words.length === 0) break;
      values.push(words);
      at = k;
    }
    i = at;
    const opener = tokens[start - 1]?.text ?? '';
    if (values.length < (opener === ':' ? 2 : 3) || opener === '(') continue;
    // "appt date/time", "email/phone": values the vocabulary names as fields are things to give.
    const about = opener === ':' ? list.find((p) => p.end === start - 1) : undefined;
    if (mostlyFields(values.map((v) => v.at(-1)!)) && !namesChoice(tokens, about)) continue;
    choices.push({ values: values.map((v) => v.join(' ')), about, categories: false, start });
  }
  return choices;
}
