/**
 * "X, Y or Z": a choice a form offers ("a tone: formal or casual") or the categories a text is sorted
 * into ("route it to billing, tech or sales"), read on the words, for the values are often adjectives.
 */
import { conceptOf } from '../../contract/field-concepts';
import type { Phrase, Token } from './parse';
import { fieldsBeforeChoice, itemsBeforePair, namesField, pairAlone, valuesAfterNoun, wordPhrase } from './listed-pair';
import { namesChoice, slashChoices } from './slash-choices';
import { describes } from './verbs';
import { ETC } from './asides';
import {
  commaOrItems,
  howOften,
  joinedItem,
  oneWordEach,
  spanArticle,
  subjectsVerb,
  valueWithPreposition,
  askedWhich,
  describedThing,
} from './value-words';

/** `about`: "tone" in "Tone: formal or casual"; `categories`: to sort into ("route it to billing, tech or sales"). */
export interface Choice {
  values: string[];
  about: Phrase | undefined;
  categories: boolean;
  start: number;
}

export function readChoices(tokens: Token[], list: Phrase[]): Choice[] {
  const choices: Choice[] = [];
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.lower !== 'or') continue;
    const values: string[] = [];
    const take = (from: number, step: 1 | -1): number => {
      const words: string[] = [];
      // "a bug, a billing question or a feature request": each value may have its article.
      let j = step === 1 && /^(?:a|an|the)$/.test(tokens[from]?.lower ?? '') ? from + 1 : from;
      // "zone (A, B or C)": a capital letter alone in a list is a value, not an article.
      const letter = (k: number) =>
        /^[A-Z]$/.test(tokens[k]!.text) && /^[(,:]$/.test(tokens[k - 1]?.text ?? '') && words.length === 0;
      while (
        j >= 0 &&
        j < tokens.length &&
        words.filter((w) => !/^(?:a|and)$/.test(w)).length < 3 &&
        /^[\p{L}\d][\p{L}\d'’-]*$/u.test(tokens[j]!.text) &&
        (letter(j) ||
          // "twice a week", "(full groom, bath and brush, or nail trim)": a value may hold "a" before a span, and "and" between items.
          (words.length > 0 && (spanArticle(tokens, j) || joinedItem(tokens, j, step))) ||
          valueWithPreposition(tokens, j) ||
          (!/^(?:or|and|a|an|the|is|be|as)$/.test(tokens[j]!.lower) &&
            !/^(?:PRON|ADP|PART|DET|AUX|SCONJ|CCONJ)$/.test(tokens[j]!.pos) &&
            // "whether they use Windows, macOS or Linux": the verb before the first value is not part of it.
            !(step === -1 && words.length > 0 && subjectsVerb(tokens, j))))
      ) {
        words.push(tokens[j]!.text);
        j += step;
      }
      if (words.length > 0) values.push((step === 1 ? words : words.reverse()).join(' '));
      const article = step === -1 && words.length > 0 && /^(?:a|an|the)$/.test(tokens[j]?.lower ?? '');
      return article && tokens[j - 1]?.text === ',' ? j - 1 : j;
    };
    const afterEnd = take(i + 1, 1);
    if (values.length === 0) continue;
    // "a friendly, professional or playful tone": the noun after the last value is what is chosen.
    const last = tokens[afterEnd - 1]!;
    // ("the disclosing or receiving party": a participle describes as an adjective does; so does a noun
    // before a noun the vocabulary does not know, "matt or gloss finish", and a participle may end the
    // item, "single or double sided".)
    const ends = /^(?:[,.;)]|and)?$/.test(tokens[afterEnd]?.lower ?? '');
    // ("sided" is a participle; "finish", which the tagger reads as a verb, ends in -sh.)
    const named =
      (last.pos === 'NOUN' && !spanArticle(tokens, afterEnd - 2)) ||
      (last.pos === 'VERB' && ends && /(?:ed|sh)$/.test(last.lower));
    const plain =
      tokens[i - 1]?.pos === 'NOUN' &&
      conceptOf(last.lemma) === undefined &&
      !/^(?:a|an|the)$/.test(tokens[i + 1]?.lower ?? '') &&
      pairAlone(tokens, i);
    const trailing =
      values[0]!.includes(' ') && named && (describes(tokens[i - 1]) || plain)
        ? (list.find((p) => p.end === afterEnd) ?? wordPhrase(tokens, afterEnd - 1))
        : undefined;
    // "a tip of 10, 15 or 20 percent", "a term of 25 or 30 years": the unit after the last number is all of theirs.
    const numbered = /^\d[\d.,]* \S+$/.test(values[0]!) && /^\d/.test(tokens[i - 1]?.text ?? '');
    if (trailing || numbered) values[0] = values[0]!.slice(0, values[0]!.lastIndexOf(' '));
    let j = take(i - 1, -1);
    while (j >= 0 && tokens[j]!.text === ',') j = take(j - 1, -1);
    while (j >= 0 && /^(?:a|an|the)$/.test(tokens[j]!.lower)) j--;
    // "… is negative or the notes contain FAIL" is two clauses: with articles, values need three ("whether a laptop or a desktop" two).
    const articled =
      /^(?:a|an|the)$/.test(tokens[i + 1]?.lower ?? '') &&
      !tokens.slice(Math.max(0, j - 4), j + 1).some((t) => t.lower === 'whether');
    if (values.length < (articled ? 3 : 2) || afterEnd - j > 16) continue;
    // "any incidents or delays", "any allergies or needs": all that apply, not one to choose.
    if (/^(?:any|all)$/.test(tokens[j]?.lower ?? '')) continue;
    // "claims over 5,000 GBP or involving water damage": a clause after "or" that opens with a verb
    // goes on a condition; values of a choice are alike.
    const ending = (t: Token | undefined) => /(?:ing|ed)$/.exec(t?.lower ?? '')?.[0];
    const opening = tokens.slice(j + 1, i).find((t) => !/^(?:a|an|the)$/.test(t.lower));
    const alike = opening?.pos === 'VERB' || ending(opening) === ending(tokens[i + 1]);
    // ("menu: buffet, canapes or plated": values a colon or a bracket opens are a choice.)
    if (tokens[i + 1]?.pos === 'VERB' && !alike && !/^[:(]$/.test(tokens[j]?.text ?? '')) continue;
    values.unshift(...values.splice(1).reverse());
    j = fieldsBeforeChoice(tokens, values, i, j);
    j = valuesAfterNoun(tokens, values, i) ?? j;
    // ("quantity, matt or gloss finish": with the noun chosen after the pair, a field before it is no value.)
    const listedItems =
      trailing && values.slice(0, -2).some(namesField) ? values.length - 2 : itemsBeforePair(tokens, values, i, j);
    if (listedItems > 0) {
      values.splice(0, listedItems);
      j = i - 2;
    }
    // "cabinet grade basic mid or premium": one word after "or" and no comma: the adjectives before it are values too.
    const bare = tokens.slice(j + 1, i);
    const firstValue = bare.findIndex((t) => t.pos === 'ADJ');
    // ("a seated dinner or a buffet" has its article: the adjective describes the first value.)
    const withArticle = bare.some((t) => /^(?:a|an|the)$/.test(t.lower));
    if (
      values.length === 2 &&
      !values[1]!.includes(' ') &&
      firstValue > 0 &&
      !withArticle &&
      /^(?:ADJ|NOUN)$/.test(bare.at(-1)!.pos)
    ) {
      values.splice(0, 1, ...bare.slice(firstValue).map((t) => t.text));
      j += firstValue;
    }
    // "name, email, phone or address" lists values to give, not one to choose.
    if (values.every(namesField)) continue;
    // "remote or hybrid or onsite": a second "or" goes on the same choice.
    const previous = choices.at(-1);
    if (previous && previous.values.at(-1) === values[0] && tokens[i - 2]?.lower === 'or') {
      previous.values.push(...values.slice(1));
      continue;
    }
    const trigger = tokens[j];
    const lead = trigger?.lower ?? '';
    // "Is it positive, neutral or negative?": a question of what a text is sorts it.
    const asked = trigger?.pos === 'PRON' && tokens[j - 1]?.pos === 'AUX';
    // "…, and whether it is in person or video": a choice listed among the inputs is given.
    const whether = tokens.slice(Math.max(0, j - 3), j).find((t) => t.lower === 'whether');
    const listed = whether !== undefined && /^(?:,|and)$/.test(tokens[whether.index - 1]?.lower ?? '');
    // ("with the service as economy or express": a thing given "as" one of the values is that choice.)
    const given = lead === 'as' && tokens[j - 1]?.pos === 'NOUN' && tokens[j - 2]?.lower === 'the';
    // ("decide whether it belongs with sales, support or accounts": where a thing belongs sorts it.)
    const sorts = (/^(?:to|into|is|as|between)$/.test(lead) || tokens[j - 1]?.lemma === 'belong') && !listed && !given;
    // "…, salary range, remote or hybrid": a value listed before a comma is no label of the choice, nor
    // one in a bracket closed before it ("department (Sales, Design), Mac or Windows").
    const listedBefore = /^(?:,|and|\))$/.test(lead);
    const about = list.findLast(
      (p) =>
        !listedBefore &&
        p.end <= j + (/^[:(]$|^(?:of|be|is|either)$/.test(lead) ? 0 : 1) &&
        p.end >= j - 3 &&
        // ("Garden size in square metres, how often (weekly or fortnightly)": a comma parts them.)
        !tokens.slice(p.end, j).some((t) => /^(?:[.?!,]|whether)$/.test(t.lower)) &&
        // "i paste the resume, you say pass or fail": a clause of its own between them says what is made;
        // "the patient's name and how often: …": a question of its own asks the choice.
        !tokens
          .slice(p.end, j)
          .some((t) => (t.pos === 'PRON' && tokens[t.index + 1]?.pos === 'VERB') || t.lower === 'how'),
    );
    choices.push({
      values,
      about: trailing
        ? { ...trailing, words: [last.lower], start: afterEnd - 1 }
        : sorts
          ? undefined
          : (about ?? (lead === '(' ? askedWhich(tokens, list, j) : undefined) ?? howOften(tokens, j)),
      categories:
        asked ||
        sorts ||
        tokens
          .slice(Math.max(0, j - 4), j + 1)
          .some((t) => /^(?:route|classify|categor|sort|triage|tag|label)/.test(t.lemma)),
      start: j + 1,
    });
  }
  // A bracket's values read whole win over fewer, or the same of a few words, read inside it ("(needs
  // support, on track or ahead of plan)"); as many read otherwise inside keep their reading ("(30, 45
  // or 60 minutes)", without the unit). One-word values read both ways are kept both ways.
  const bracketed = bracketChoices(tokens, list);
  const within = (c: Choice, b: Choice) =>
    c.start >= b.start && !tokens.slice(b.start, c.start).some((t) => t.text === ')');
  const same = (c: Choice, b: Choice) => c.values.join('|').toLowerCase() === b.values.join('|').toLowerCase();
  const phrased = (b: Choice) => b.values.some((v) => v.includes(' '));
  const beaten = (c: Choice) =>
    bracketed.some((b) => within(c, b) && (c.values.length < b.values.length || (same(c, b) && phrased(b))));
  const better = (b: Choice) => choices.some((c) => within(c, b) && c.values.length === b.values.length && !same(c, b));
  return [...choices.filter((c) => !beaten(c)), ...bracketed.filter((b) => !better(b)), ...slashChoices(tokens, list)];
}

/** Whether a phrase is one of a choice's values ("(basic, plus or premium)"), or a word before what it is of. */
export const holds = (c: Choice, p: Phrase) =>
  (p.start >= c.start && c.values.some((v) => v.toLowerCase().endsWith(p.words.at(-1)!))) ||
  // "(Romans, Victorians or World War Two)": a phrase inside a value of a few words.
  (p.start >= c.start && p.start < c.start + 12 && c.values.some((v) => v.toLowerCase().includes(p.words.join(' ')))) ||
  (c.about !== undefined && p.start < c.about.start && p.end === c.about.end);

/**
 * "(below expected, at expected or above expected)", "(no one home, wrong address or refused)": values
 * of a few words each, the last after "or", are choices too; "(start date and end date)" are parts.
 */
function phrasedValues(inside: Token[], one: boolean): string[] {
  const values: string[][] = [[]];
  // "(one of email, paid search or social)", "(either …)": what opens the choices is none of them.
  const opening = inside[0]?.lower === 'either' ? 1 : inside[0]?.lower === 'one' && inside[1]?.lower === 'of' ? 2 : 0;
  for (const [k, token] of inside.entries())
    // ("(cut, colour, or blow dry)": a comma before the last "or" parts nothing more.)
    if (k < opening || (token.lower === 'or' && inside[k - 1]?.text === ',')) continue;
    else if (/^(?:,|\/|or)$/.test(token.lower)) values.push([]);
    else values.at(-1)!.push(token.text);
  // ("(main hall/small hall/kitchen)": slashes part alternatives as "or" does.)
  const ored = /^(?:or|\/)$/.test(inside.findLast((t) => /^(?:,|\/|or)$/.test(t.lower))?.lower ?? '');
  const words = values.filter((v) => v.length > 0);
  const fit = words.every(
    // ("(GCSE or A level)": a capital "A" opens a value, as an article does not.)
    (v) => v.length <= 3 && v.every((w) => /^[\p{L}\d][\p{L}\d'’.-]*$/u.test(w) && !/^(?:and|the|a|an)$/.test(w)),
  );
  // ("condition (new, like new, good, for parts)": three or more states of one thing, each with a word
  // that is no noun, need no "or"; "the meeting (agenda, attendees, action points)" names its parts.)
  let states = 0;
  let stated = false;
  for (const token of inside)
    if (token.text === ',') stated = false;
    else if (!stated && !/^(?:NOUN|PROPN)$/.test(token.pos)) [states, stated] = [states + 1, true];
  // ("course (First Aid, Food Hygiene, Manual Handling)": names of one thing's kinds, each capitalised.)
  const named = one && words.length >= 3 && words.every((v) => /^\p{Lu}/u.test(v[0]!));
  const listed = ored || named || (words.length >= 3 && one && states * 2 >= words.length);
  return listed && fit && words.length === values.length ? words.map((v) => v.join(' ')) : [];
}

/**
 * "severity (low, medium, high)": one-word values in brackets after a thing are its choices; "(laptop,
 * monitor, etc.)" are only examples, "each pupil (or their parents)" another who.
 */
function bracketChoices(tokens: Token[], list: Phrase[]): Choice[] {
  const choices: Choice[] = [];
  for (let i = 1; i < tokens.length; i++) {
    if (tokens[i]!.text !== '(') continue;
    const values: string[] = [];
    let j = i + 1;
    // "grade (A to E)": a range of letters offers each of them.
    const [from, to, last, close] = tokens.slice(i + 1, i + 5).map((t) => t.text);
    if (/^[A-Z]$/.test(from ?? '') && to === 'to' && /^[A-Z]$/.test(last ?? '') && close === ')' && last! > from!) {
      const about = list.find((p) => p.end === i);
      const letters = Array.from({ length: last!.charCodeAt(0) - from!.charCodeAt(0) + 1 }, (_, k) =>
        String.fromCharCode(from!.charCodeAt(0) + k),
      );
      if (about && letters.length <= 12) choices.push({ values: letters, about, categories: false, start: i + 1 });
      continue;
    }
    // "truck type (van, 7.5t or artic)": a value may hold a point.
    for (; j < tokens.length && j < i + 24 && tokens[j]!.text !== ')'; j++)
      if (/^[\p{L}\d][\p{L}\d'’.-]*$/u.test(tokens[j]!.text) && !/^(?:or|and)$/.test(tokens[j]!.lower))
        values.push(tokens[j]!.text);
      else if (!/^(?:,|\/|or|and)$/.test(tokens[j]!.lower)) break;
    const about =
      list.find((p) => p.end === i) ??
      howOften(tokens, i) ??
      askedWhich(tokens, list, i) ??
      describedThing(tokens, list, i);
    // ("the deal list (deal name, stage, value)", "each stage (concept, technical design)": a list's columns.)
    const one =
      about !== undefined && !about.plural && !/^(?:each|every|per)$/.test(tokens[about.start - 1]?.lower ?? '');
    const items = commaOrItems(tokens.slice(i + 1, j));
    const spoken = items ?? (oneWordEach(tokens.slice(i + 1, j)) ? values : phrasedValues(tokens.slice(i + 1, j), one));
    // "(description, quantity)" are a list's columns: they name things the vocabulary knows; "(basic,
    // plus or premium)", with its "or", is a choice whatever its values name.
    const ored = tokens.slice(i + 1, j).some((t) => t.lower === 'or');
    const head = (value: string) => value.toLowerCase().split(' ').at(-1)!;
    const known =
      !ored &&
      !namesChoice(tokens, about) &&
      spoken.filter((value) => conceptOf(head(value)) !== undefined).length * 2 > spoken.length;
    const trails = spoken.some((value) => ETC.test(value)) || /^(?:or|and)$/.test(tokens[i + 1]?.lower ?? '');
    if (tokens[j]?.text === ')' && about && !known && !trails && spoken.length >= 2)
      choices.push({ values: spoken, about, categories: false, start: i + 1 });
  }
  return choices;
}
