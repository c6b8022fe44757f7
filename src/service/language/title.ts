/**
 * "site daily report: date, weather…", "Missed appointment letter: patient name…", "new starter IT
 * setup checklist. enter name…": a note that opens with a title (a run of nouns that ends in a thing
 * made, set off by a colon, a dash or a full stop) is named by that title, as the person wrote it.
 */
import { MODIFIERS, NOUN_CLASSES, VERBS } from '../../contract/prompt-words';
import { titleCase } from '../lib/text-case';
import { tokenize, type Token } from './retag';

const { made: MADE, tools: TOOLS, medium: MEDIUM } = NOUN_CLASSES;
/** A title a person types is short; a longer opening is a sentence. */
const MAX_TITLE_WORDS = 6;
/** The first mark that ends a prompt's opening; only a colon, a dash or a full stop ends a title. */
const OPENING_END = /[:—–.,;?!()\n]|\s-\s/;
const TITLE_END = /^(?:[:—–]|\s-\s|\.(?:\s|$))/;

/** The opening before a colon, a dash or a full stop: where a note's title ends. */
function openingOf(prompt: string): string | undefined {
  const cut = prompt.search(OPENING_END);
  const opening = cut < 0 ? '' : prompt.slice(0, cut).trim();
  return opening.length >= 3 && opening.length <= 80 && TITLE_END.test(prompt.slice(cut)) ? opening : undefined;
}

const isMade = (t: Token) => MADE.has(t.lemma) || MADE.has(t.lower);

/** The title a note opens with, in Title Case; none when the prompt opens with a sentence. */
export function noteTitle(prompt: string): string | undefined {
  const opening = openingOf(prompt);
  if (!opening) return undefined;
  const tokens = tokenize(opening);
  // "interview invite email to a candidate": the title ends at the thing made, and the tool that makes it.
  let end = tokens.findLastIndex(isMade);
  if (end < 0) return undefined;
  // "vendor invoice matching", "lead scoring": a doing after it names the job.
  while (tokens[end + 1] && (TOOLS.has(tokens[end + 1]!.lower) || /[a-z]ing$/.test(tokens[end + 1]!.lower))) end++;
  if (tokens[end]?.lower === 'thing') end--;
  const words = tokens.slice(0, end + 1);
  // A title names things: it does not open with a verb or an article, and has no pronoun or auxiliary.
  const sentence =
    /^(?:DET|PRON|AUX|ADV|SCONJ|INTJ)$/.test(words[0]!.pos) ||
    // "Draft invoice reminder: …", "Handle a return request: …" bid; "Missed appointment letter" names.
    (words[0]!.pos === 'VERB' &&
      (VERBS.has(words[0]!.lemma) || VERBS.has(words[0]!.lower) || /^(?:DET|PRON|NUM)$/.test(words[1]?.pos ?? ''))) ||
    words.some((t) => /^(?:PRON|AUX|PART)$/.test(t.pos) || /^[.,;]$/.test(t.text));
  if (words.length < 2 || words.length > MAX_TITLE_WORDS || sentence) return undefined;
  return titleCase(words.map((t) => t.text).join(' '));
}

// "health-and-safety" is read as one word and written as people write it: "Health & Safety".
export const named = (words: string[]) =>
  titleCase(words.join(' ').replace(/\bfollow up\b/g, 'follow-up')).replace(/\b(\w+)-And-(\w+)\b/g, '$1 & $2');

/** Words that say how, not what ("a short email" is named "Email"); what a thing comes in rather than what it is. */
const FILLER = new Set([...MODIFIERS.filler, ...MODIFIERS.style]);
const FILE_TYPES = /^(?:png|jpe?g|svg|gif|pdf|csv|json|html|xlsx?|excel|docx?|markdown|txt)$/;

/** A phrase's words as a name has them: without how it is written, its length, its file type or its medium. */
export function nameWords(phraseWords: string[]): string[] {
  // "a rejection email per candidate": one is made for each, and the name is the thing made.
  // "the number of coaches needed" names the coaches.
  if (phraseWords[0] === 'number' && phraseWords[1] === 'of' && phraseWords.length > 2)
    phraseWords = phraseWords.slice(2);
  const per = phraseWords.indexOf('per');
  const words = per > 0 && NOUN_CLASSES.made.has(phraseWords[per - 1]!) ? phraseWords.slice(0, per) : phraseWords;
  // "a one-paragraph summary", "a 30-day notice": a length or count says how, not what.
  // "a PNG bar chart" is a bar chart: the file type is how it comes, not what it is.
  let kept = words.filter(
    (word, at) =>
      // "a new starter" is a kind of person; "a new report" is a report.
      (!FILLER.has(word) || (word === 'new' && NOUN_CLASSES.people.has(words[at + 1] ?? ''))) &&
      !/^(?:\d|(?:one|two|three|four|five|six|seven|eight|nine|ten)(?:-|$))/.test(word) &&
      !(at < words.length - 1 && FILE_TYPES.test(word)),
  );
  // "weekly KPIs": a cadence stays when the name would be one word without it.
  const cadence = words.find((word) => /^(?:daily|weekly|monthly)$/.test(word));
  if (kept.length === 1 && cadence) kept = [cadence, ...kept];
  // "leave balance thing", "shipping cost tool": what the job is, not that it is a tool.
  if (kept.length > 1 && /^(?:thing|tool|workflow|automation|bot|script|flow|app)$/.test(kept.at(-1)!)) kept.pop();
  const content = kept.length > 0 ? kept : words;
  // "support chat transcript" is the support chat; "daily log" stays a log, for "daily" alone names nothing.
  const rest = content.slice(0, -1);
  const dropsMedium =
    rest.length > 0 && MEDIUM.has(content.at(-1)!) && !rest.every((w) => /^(?:daily|weekly|monthly)$/.test(w));
  return (dropsMedium ? rest : content).slice(-5);
}
