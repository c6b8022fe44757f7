/**
 * "Spray log record:\n- field name\n- crop\n- date": a list written one item to a line, with bullets,
 * dashes or numbers, is the list a sentence writes with commas ("Spray log record: field name, crop
 * and date."), so it is read the same way. A yes/no question as an item ("do they need VPN access?")
 * asks whether.
 */
import { tokenize } from './retag';

const ITEM = /^[ \t]*(?:[-–—•*▪●◦·+]|\d{1,2}[.)])[ \t]+(\S.*)$/;
/** "do they need…", "does it include…": a question's do is no part of what it asks. */
const DO = /^(?:do|does|did)\s+/i;
/** "is it urgent", "are they a member", "have they paid": the verb goes after who it is asked of. */
const ASKED_OF = /^(is|are|was|were|has|have|will|can|should)\s+(it|they|he|she|we|you|i)\s+/i;

/** "do they need VPN access" → "whether they need VPN access"; undefined for words that ask no question. */
export function questionAsWhether(asked: string): string | undefined {
  const of = ASKED_OF.exec(asked);
  if (of) return `whether ${of[2]!.toLowerCase()} ${of[1]!.toLowerCase()} ${asked.slice(of[0].length)}`;
  if (DO.test(asked)) return `whether ${asked.replace(DO, '')}`;
  return undefined;
}

function item(text: string): string {
  const plain = text.trimEnd().replace(/(?<![.;,])[.;,]+$/, '');
  if (!plain.endsWith('?')) return plain;
  const asked = plain.slice(0, -1).trim();
  return questionAsWhether(asked) ?? asked;
}

/** "labour is £55/hr", "work it out": a line that tells or bids. */
function sentence(line: string): boolean {
  const tokens = tokenize(line.replace(/\([^()]*\)/g, ''));
  // ("start date", "email + phone": a noun the tagger reads as a verb starts a list item too.)
  const bids = tokens[0]?.pos === 'VERB' && /^(?:DET|PRON)$/.test(tokens[1]?.pos ?? '');
  return bids || tokens.some((t) => t.pos === 'AUX' && t.index > 0);
}

export function bulletsAsList(text: string): string {
  if (!text.includes('\n')) return text;
  const lines = text.split('\n');
  const out: string[] = [];
  for (let at = 0; at < lines.length;) {
    let end = at;
    while (end < lines.length && ITEM.test(lines[end]!)) end++;
    if (end - at < 2) {
      out.push(lines[at]!);
      at++;
      continue;
    }
    const items = lines.slice(at, end).map((line) => item(ITEM.exec(line)![1]!));
    // "- customer, site address, hrs spent\n- labour is £55/hr": lines that are lists or sentences of
    // their own are sentences.
    const list = items.some(sentence)
      ? items.map((i) => `${i}.`).join(' ')
      : `${items.slice(0, -1).join(', ')} and ${items.at(-1)!}.`;
    // "Spray log record:" opens the list; a line that ends without a stop opens it too.
    const before = out.at(-1)?.trimEnd() ?? '';
    if (before === '') out.push(list);
    else out[out.length - 1] = `${before}${/[:.!?]$/.test(before) ? '' : ':'} ${list}`;
    at = end;
  }
  return out.join('\n');
}

/** "conf room booking - who, dept, date, no. ppl": a name, a dash, then at least three values. */
const DASHED = /^([\p{L}\d'’&/ ]{3,60}?) [-–—] (?=[^.!?\n,]+,[^.!?\n,]+,)/u;

/** A note that names its thing and then, after a dash, what it holds, as a colon would. */
export const dashOpensList = (text: string): string => text.replace(DASHED, '$1: ');
