/**
 * Chat shorthand read as the words it stands for: "u" → "you", "w/" → "with", "theyre" → "they're";
 * "no." and "mobile no" as "number"; and a value asked as "y/n" or "(yes/no)" as a "whether" in the
 * list it stands in, which the reading of clauses types as yes or no.
 */
import { SHORTHAND } from '../../contract/prompt-words';
import { questionAsWhether } from './bullets';
import { mostlyFields } from './slash-choices';

const escaped = (word: string) => word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const SHORT = new RegExp(
  `(?<![\\p{L}\\p{N}'’/&])(?:${Object.keys(SHORTHAND).map(escaped).join('|')})(?![\\p{L}\\p{N}'’/&])`,
  'giu',
);

/** "no. of bedrooms", "no. guests", "mobile no.", "phone no, email": "no" that is a number's sign. */
const NUMBER_SIGN = /\bno(\.)?(\s+of\b)?(?![\p{L}\d'’])/giu;
/** Words after which "no" is the answer or the absence it says ("yes or no", "say no,"): never a number. */
const NOT_AFTER =
  /\b(?:yes|or|say|says|said|answer|is|are|was|were|be|if|whether|and|with|has|have|had|means?|there)\s+$/i;
/** Things that have a number, after which "no" without its full stop is one too: "mobile no", "invoice no". */
const NUMBERED =
  /\b(?:phone|mobile|cell|tel|telephone|landline|fax|whatsapp|contact|account|bank|sort|order|invoice|receipt|quote|purchase|po|ref|reference|reg|registration|policy|booking|job|ticket|case|serial|vat|company|member|membership|customer|client|patient|nhs|candidate|student|staff|employee|payroll|id|passport|licence|license|room|table|seat|unit|flat|house|plot|bay|pitch|site|stand|tracking|batch|lot|item|part|model|vehicle|plate|delivery|container|certificate|cert)\s+$/i;

function numberSign(match: string, stop: string | undefined, of: string | undefined, at: number, text: string): string {
  const before = text.slice(Math.max(0, at - 40), at);
  const after = text.slice(at + match.length);
  // "+ no. of tables": with its full stop and "of", "no" is a number's sign after any word.
  if (stop && of && /^\s+of$/.test(of)) return 'number of';
  if (NOT_AFTER.test(before) || (!stop && !of && !NUMBERED.test(before))) return match;
  // "no. of bedrooms", "no. guests": the number of what follows.
  const listed = !/[\p{L}\d]\s*$/u.test(before) || /\b(?:the|a|an|their|your|our)\s+$/i.test(before);
  if (of || (listed && stop && /^\s+\p{L}/u.test(after))) return 'number of';
  // "mobile no", "invoice no.": the number of the thing before it; a full stop before a capital still ends a
  // sentence, and one before a comma ("order no., date") was the abbreviation's.
  if (listed) return match;
  return stop && /^\s*(?:$|[A-Z\n])/.test(after) ? 'number.' : `number${stop && !/^[\s,;:)]/.test(after) ? stop : ''}`;
}

/** "y/n", "(yes/no)": a value asked as yes or no. */
const YES_NO =
  /\(\s*(?:y\/n|yes\/no|yes or no)\s*\)|(?<![\p{L}/])(?:y\/n|yes\/no)(?![\p{L}/])|(?<=\p{L} )yes or no(?=\s*(?:[,;\n]|\.?$|\.\s))/giu;
/** Where an item of a list opens: after a comma, a colon, a bracket, a bullet, a dash, "and", "&", "+" or a sentence's end. */
const ITEM_OPENS = /[,:;(\n•*–—]|\s-\s|\s(?:and|&|\+)\s|[.!]\s+|\?\s+(?=[A-Z])/g;

/** "deep clean y/n", "photographer (yes/no)": "whether" the words back to where the list's item opens. */
function yesNoItems(text: string): string {
  // Pieces from the end, joined once: each marker reads only the 60 characters before it, so a long
  // prompt with many markers stays linear.
  const pieces: string[] = [];
  let end = text.length;
  for (const marker of [...text.matchAll(YES_NO)].reverse()) {
    if (marker.index + marker[0].length > end) continue;
    const from = Math.max(0, marker.index - 60);
    const window = text.slice(from, marker.index);
    const opens = [...window.matchAll(ITEM_OPENS)].at(-1);
    const start = opens ? from + opens.index + opens[0].length : 0;
    // ("pt session booked? y/n": the question mark is the asking, not the end of a sentence.)
    const asked = text.slice(start, marker.index).trim().replace(/\?$/, '');
    // ("garden yes or no," in a list; "tell me yes or no." is an answer wanted, no item.)
    const bare = /^yes or no$/i.test(marker[0]) && !/^[,:;\n•*]/.test(opens?.[0] ?? '');
    if (asked === '' || asked.length > 40 || /[.?!]/.test(asked) || bare) continue;
    // ("do they need a packed lunch (yes/no)": the question's own "do" is no part of what it asks.)
    const whether = /^(?:whether|if)\s/i.test(asked) ? asked : (questionAsWhether(asked) ?? `whether ${asked}`);
    pieces.push(text.slice(marker.index + marker[0].length, end), whether, start > 0 ? ' ' : '');
    end = start;
  }
  pieces.push(text.slice(0, end));
  return pieces.reverse().join('');
}

/** "from/to time", "start/end dates", "in/out times": the two ends of one thing, each asked. */
const ENDS = /\b(from|start|in|pick-?up)\/(to|end|finish|out|drop-?off|return) (time|date)s?\b/gi;
const endsOf = (_: string, first: string, second: string, thing: string) =>
  /^from$/i.test(first) ? `start ${thing} and end ${thing}` : `${first} ${thing} and ${second} ${thing}`;

/** "effort grade 1-5": a range right after what it bounds, as "(1-5)" writes it. */
const BARE_RANGE = /(?<=\p{L}) (\d{1,3}[-–]\d{1,3})(?=[,.;)\n]|$| and\b)/gu;
/** "animal ID(s)": one or more. */
const MAYBE_PLURAL = /(?<=\p{L})\(s\)/gu;
/** "…, colors available (list), …": an item of a list said to be a list of its own. */
const SAID_LIST = /(^|[,:;] ?|\band )([\p{L}'’-]+(?: [\p{L}'’-]+){0,2}) \((?:a )?list\)/giu;

/** "package mini/full/premium", "tier: bronze/silver/gold": three or more values after what they are of, in a list. */
const NAMED_SLASHES =
  /(^|[,;:\n] ?|\band )([\p{L}'’-]+(?: [\p{L}'’-]+)?)(?::| [-–—])? ([\p{L}\d'’-]+(?:\/[\p{L}\d'’-]+){2,})(?=\s*(?:[,.;\n]|$|\band\b))/giu;
/** "email/phone/post", most of them things to give, are no values to choose between ("premium" is one). */
function namedSlashes(all: string, lead: string, name: string, values: string): string {
  const parts = values.split('/');
  // ("arrival date dd/mm/yyyy": a format to write it in.)
  const format = /^(?:d{1,2}|m{1,3}|y{2,4}|h{1,2}|\d+)$/i.test(parts[0]!);
  return mostlyFields(parts) || format ? all : `${lead}${name} (${values})`;
}

/** "drop off time", "check in date": a verb and its particle naming a thing are one word, as "drop-off time". */
const PARTICLE_NOUN =
  /\b(drop|pick|check|sign|set|move|log|clock|hand|kick|start|lock|cut|pay|turn|take|call|follow) (off|up|in|out|over|back) (?=(?:time|date|day|location|address|point|place|slot|window|fee|cost|charge|deadline|details?|notes?|reading|meter)s?\b)/giu;

/** "paint finish [matt, silk, eggshell]": square brackets of values read as round ones (not a link's "[text](url)"). */
const SQUARE = /\[([^[\]\n]{1,80})\](?!\()/g;
/** "(Instagram | Facebook | X)": a bar parts values in brackets as a slash does. */
const BARRED = /\(([^()\n]{1,80}\s\|\s[^()\n]{1,80})\)/g;
/** "paid by (cash / card / cheque)": how it is paid, offered as a choice. */
const PAID_BY = /\b(?:paid|pay|paying|payment) (?:by|with|via) ?(?=\()/gi;
/** "the day of the week they volunteer": one word names it, as "weekday". */
const DAY_OF_WEEK = /\bday of (?:the )?week\b/gi;
/** "# servers", "# of rooms": at the head of a list's item, the number of what follows. */
const HASH_COUNT = /(^|[,:;(\n][ \t]*|\b(?:and|&)[ \t]+)#[ \t]*(?:of[ \t]+)?(?=\p{L})/giu;

/**
 * "the type of event", "the area of pain": what it is of names the value first ("the event type"), as a
 * field would; not when it is of several ("the type of fruit and veg").
 */
const ATTRIBUTE_OF =
  /\b(the|their|its|your|his|her) (type|kind|sort|category|size|area|level|colour|color|style|format) of (?:the |their |a |an )?([a-z]{3,})\b(?! (?:of|or)\b| and (?!(?:the|their|an?|whether|how)\b)|['’])/gi;

/** "home address incl postcode", "(both including VAT)": what a value includes is part of it, nothing more to give. */
const INCLUDED =
  /(?<=\p{L}) (?:incl\.?|inc\.) [\p{L}-]+(?=\s*(?:[,;\n)]|\.?$|\.\s|\band\b))| ?\((?:both |all )?(?:incl\.?|inc\.|including) [^()\n]{1,30}\)/giu;

/** "what I did in my own words", "their feedback in their own words": how a value is written, no value of its own. */
const OWN_WORDS = / in (?:my|his|her|their|your|our) own words\b/gi;

export function spelledOut(text: string): string {
  return yesNoItems(
    text
      .replace(INCLUDED, '')
      .replace(OWN_WORDS, '')
      .replace(SQUARE, '($1)')
      .replace(BARRED, (_, inside: string) => `(${inside.replace(/\s\|\s/g, ' / ')})`)
      .replace(HASH_COUNT, '$1number of ')
      .replace(PAID_BY, 'payment method ')
      .replace(DAY_OF_WEEK, 'weekday')
      .replace(SHORT, (word) => SHORTHAND[word.toLowerCase()] ?? word)
      .replace(NUMBER_SIGN, numberSign)
      .replace(ENDS, endsOf)
      .replace(BARE_RANGE, ' ($1)')
      .replace(MAYBE_PLURAL, 's')
      .replace(SAID_LIST, '$1a list of $2')
      .replace(NAMED_SLASHES, namedSlashes)
      .replace(PARTICLE_NOUN, '$1-$2 ')
      .replace(
        ATTRIBUTE_OF,
        (_, the: string, kind: string, of: string) => `${the} ${of} ${/^(?:kind|sort)$/i.test(kind) ? 'type' : kind}`,
      ),
  );
}
