import { STOPWORDS } from './stopwords';

/** Words after which a full stop does not end a sentence. */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'prof',
  'st',
  'jr',
  'sr',
  'inc',
  'ltd',
  'co',
  'corp',
  'vs',
  'etc',
  'e.g',
  'i.e',
  'no',
  'fig',
  'approx',
  'dept',
  'est',
  'mt',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
]);

interface Sentence {
  text: string;
  paragraphStart: boolean;
}

const WORD_OR_DOT = /[\p{L}.]/u;

/** The run of letters and dots that ends at `end` (scanning back stops at `start`), lower-cased. */
function wordBefore(text: string, start: number, end: number): string {
  let from = end;
  while (from > start && WORD_OR_DOT.test(text[from - 1]!)) from--;
  return text.slice(from, end).toLowerCase();
}

function sentencesOf(paragraph: string): string[] {
  const out: string[] = [];
  let start = 0;
  // The lookbehind starts a match only at the first mark of a run, so "!!!!…" is read once.
  const boundary = /(?<![.!?])[.!?]+["'”’)\]]*(?=\s+["'“‘([]?[\p{Lu}\p{N}])/gu;
  for (const match of paragraph.matchAll(boundary)) {
    const end = match.index + match[0].length;
    // Only the word before the mark matters; reading all the text since the last sentence made
    // a run of initials ("A. A. A. …") quadratic.
    const lastWord = wordBefore(paragraph, start, match.index);
    // "Dr. Smith", "e.g. Paris" and initials such as "J. Doe" do not end a sentence.
    if (match[0].startsWith('.') && (ABBREVIATIONS.has(lastWord) || /^\p{L}$/u.test(lastWord))) continue;
    out.push(paragraph.slice(start, end).trim());
    start = end;
  }
  const tail = paragraph.slice(start).trim();
  if (tail) out.push(tail);
  return out.filter(Boolean);
}

/** Splits text into sentences; blank lines and bullet lines also end one. */
export function splitSentences(text: string): Sentence[] {
  const sentences: Sentence[] = [];
  for (const paragraph of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const units: string[] = [];
    for (const line of paragraph.split('\n')) {
      const bullet = /^\s*(?:[-*•]|\d+[.)])\s+(?:\[[ x]\]\s+)?(\S.*)?$/i.exec(line);
      const previous = units[units.length - 1];
      // A line continues the one above only when that one was wrapped mid-sentence.
      const wrapped = previous !== undefined && !bullet && !/[.!?:;"”)]\s*$/.test(previous) && /^\s*\p{Ll}/u.test(line);
      if (wrapped) units[units.length - 1] += ` ${line}`;
      else units.push(bullet ? (bullet[1] ?? '') : line);
    }
    let first = true;
    for (const unit of units) {
      for (const sentence of sentencesOf(unit.replace(/\s+/g, ' ').trim())) {
        sentences.push({ text: sentence, paragraphStart: first });
        first = false;
      }
    }
  }
  return sentences;
}

function contentWords(sentence: string): string[] {
  const words = sentence.replace(/(?<!\S)\S+@\S+|https?:\/\/\S+|www\.\S+/gi, ' ');
  return (words.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? []).filter(
    (word) => word.length > 1 && !STOPWORDS.has(word),
  );
}

/**
 * Extractive summary: scores each sentence by how often its words occur in the whole text
 * (stopwords aside), favours the opening sentence of the text and of each paragraph, and returns
 * the best `count` sentences in their original order.
 */
export function summarize(text: string, count: number): string[] {
  const sentences = splitSentences(text);
  const wanted = Math.max(1, Math.floor(count));
  if (sentences.length <= wanted) return sentences.map((s) => s.text);
  const words = sentences.map((s) => contentWords(s.text));
  const frequency = new Map<string, number>();
  for (const list of words) for (const word of list) frequency.set(word, (frequency.get(word) ?? 0) + 1);
  const top = Math.max(1, ...frequency.values());
  const scored = sentences.map((sentence, index) => {
    const unique = [...new Set(words[index])];
    const weight = unique.reduce((sum, word) => sum + (frequency.get(word) ?? 0) / top, 0);
    let score = unique.length === 0 ? 0 : weight / Math.pow(unique.length, 0.5);
    // Titles and "Label: a, b, c" lines are not sentences; they inform less than they score.
    const proper = /[.!?]["'”’)\]]*$/.test(sentence.text) && !/^[^\s:]+(?:\s[^\s:]+){0,2}:/.test(sentence.text);
    if (!proper) score *= 0.6;
    if (index === 0 && proper) score *= 1.3;
    else if (sentence.paragraphStart && proper) score *= 1.1;
    if (unique.length < 3) score *= 0.5;
    return { index, score };
  });
  const chosen = [...scored].sort((a, b) => b.score - a.score || a.index - b.index).slice(0, wanted);
  return chosen
    .map((s) => s.index)
    .sort((a, b) => a - b)
    .map((index) => sentences[index]!.text);
}
