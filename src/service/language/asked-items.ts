/**
 * "…, bringing a dog?", "VAT included?", "was a doctor called?", "Visit date? Social worker's name?":
 * an item of a list asked as a question. One asked as yes or no reads "whether …"; sentences that
 * only name a thing each ("Bedrooms? Bathrooms?") are a list of what to give. A question that asks
 * something of the reader ("Can you help?", "What time does it start?") is left as it is.
 */
import { tokenize } from './retag';

/** An item up to its question mark, with what opens it: a list's comma or colon, a bullet, or a sentence's start. */
const ITEM = /(^|(?:[,:;\n•*(]|\s[-–—])[ \t]*|(?<=[.?!])\s+)([^\s,:;.?!()][^,:;\n.?!()]{0,47})\?(?=\s|$|[,;)])/g;
const AUX = /^(?:is|are|was|were|will|would|do|does|did|has|have|had|can|could|should|any)\s+/i;
const QUESTION_WORDS = '(?:what|which|who|whom|whose|when|where|why|how)\\b';
const WH = new RegExp(`^${QUESTION_WORDS}`, 'i');
const WH_ANYWHERE = new RegExp(`\\b${QUESTION_WORDS}`, 'i');
/** Words of a short item that make it a yes or no: a participle or state ("included", "due", "needed"). */
const STATE = /^(?:VERB|ADJ|ADV|ADP|AUX|PART)$/;

/** How the item reads, and the list's "and" or "or" that opened it. */
type Reading = { kind: 'whether' | 'named' | 'left'; text: string; joined?: string };

function readItem(item: string, listed: boolean): Reading {
  // ("…, and was it faulty?": the list's own "and" opens the item, not the question.)
  const joined = /^(?:and|or)\s+/i.exec(item.trim())?.[0] ?? '';
  const words = item.trim().slice(joined.length);
  // ("is there a first aider on site?": the question's opening words are not what makes it long.)
  const asked = words.replace(AUX, '').replace(/^there\s+/i, '');
  const count = asked.split(/\s+/).length;
  // ("…, can you write formal minutes?": a request of the reader.)
  const bidding = /^(?:can|could|would|will)\s+you\b/i.test(words);
  if (WH_ANYWHERE.test(words) || count > 6 || bidding) return { kind: 'left', text: words };
  if (AUX.test(words)) return listed ? { kind: 'whether', text: asked, joined } : { kind: 'left', text: words };
  const tokens = tokenize(words);
  const last = tokens.at(-1);
  // ("Visit date?", "Social worker's name?", "Bedrooms?": a thing named alone is what to give.)
  const named = last !== undefined && /^(?:NOUN|PROPN)$/.test(last.pos) && !tokens.some((t) => t.pos === 'VERB');
  const name = words.charAt(0).toLowerCase() + words.slice(1);
  if (named) return { kind: 'named', text: count === 1 && /[^s]s$/i.test(words) ? `number of ${name}` : name };
  if (listed && tokens.some((t) => STATE.test(t.pos))) return { kind: 'whether', text: words, joined };
  return { kind: 'left', text: words };
}

export function askedItems(text: string): string {
  if (!text.includes('?')) return text;
  const pieces: string[] = [];
  let at = 0;
  // Sentences that each only name a thing are gathered into one list: "Bedrooms? Bathrooms?" → "It needs bedrooms, bathrooms."
  let run: string[] = [];
  let listedEnd = -1;
  const closeRun = () => {
    if (run.length === 0) return;
    // ("Bedrooms? Bathrooms? Pets y/n.", read "… whether pets.": a yes or no right after goes with them.)
    const asked = /^\s*(whether [^.?!]{1,40})[.?!]/i.exec(text.slice(at));
    if (asked) [run, at] = [[...run, asked[1]!], at + asked[0].length];
    pieces.push(`It needs ${run.join(', ')}.`);
    run = [];
  };
  for (const match of text.matchAll(ITEM)) {
    const [whole, opener, item] = match as unknown as [string, string, string];
    const start = match.index + opener.length;
    const end = match.index + whole.length;
    // ("…, cover arranged? is that doable?": a remark about what was said is no item.)
    const remark = /^(?:\w+\s+)?(?:that|this|it|anything|everything)\b/i.test(item);
    const chained = listedEnd === match.index && /^\s+$/.test(opener) && /^\p{Ll}/u.test(item) && !remark;
    const sentence = /^\s*$/.test(opener) && !chained;
    // ("How many days are there between …, not counting weekends?", "Can you …, and get back …?": the
    // question mark ends a question the sentence asks, not an item. Read back at most 300 characters,
    // so a long prompt with many question marks stays linear.)
    const opening = text
      .slice(Math.max(0, start - 300), start)
      .split(/[.?!\n]\s*/)
      .at(-1)!;
    if (!sentence && (WH.test(opening) || AUX.test(opening))) continue;
    const reading = readItem(item, !sentence);
    if (reading.kind === 'left') continue;
    if (sentence && reading.kind === 'named') {
      if (run.length === 0 || text.slice(at, start).trim() !== '') {
        closeRun();
        pieces.push(text.slice(at, start));
      }
      run.push(reading.text);
      at = end;
      continue;
    }
    closeRun();
    // ("VAT included? Pay by transfer.": the question mark ended the sentence.)
    const ends = /^\s+\p{Lu}/u.test(text.slice(end)) ? '.' : '';
    // ("…, needs laptop? needs parking?": a question that goes on in lower case goes on the list.)
    const between = chained ? ', ' : text.slice(at, start);
    pieces.push(
      between,
      // ("and whether editing is included?": a question already said with "whether" keeps its one.)
      `${reading.joined ?? ''}${reading.kind === 'whether' && !/^(?:whether|if)\s/i.test(reading.text) ? 'whether ' : ''}${reading.text}${ends}`,
    );
    at = end;
    listedEnd = end;
  }
  closeRun();
  pieces.push(text.slice(at));
  return pieces.join('');
}
