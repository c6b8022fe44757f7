import { findDates, WEEKDAY } from './find-dates';

// Tasks in meeting notes, for extractEntities: "Bob to send the plan by Friday", "Action: …", "Please …".

export interface ActionItem {
  text: string;
  owner: string | null;
  due: string | null;
}

const OWNER_STOPWORDS = new Set([
  'The',
  'This',
  'That',
  'It',
  'There',
  'These',
  'Those',
  'A',
  'An',
  'What',
  'Which',
  'If',
  'When',
  'Nobody',
  'Nothing',
]);
const PRONOUNS = new Set(['We', 'I', 'You', 'They', 'He', 'She', 'Someone', 'Everyone', 'Everybody']);
const ACTION_PREFIX = /^(?:\[ \]|\[x\]|todo\b:?|to-do\b:?|action(?: items?)?:|ai:|next steps?:|follow[- ]up:)\s*/i;
/** "Name will/to/needs to <verb>" (passives like "will be" describe, they do not commit). */
const COMMITMENT =
  /^([A-Z][\p{L}'-]+(?: [A-Z][\p{L}'-]+)?)\s+(?:will|shall|should|must|needs? to|has to|have to|is to|agreed to|to)\s+(?!be\b)\p{L}/u;

function dueOf(text: string): string | null {
  const { dates } = findDates(text);
  const first = dates[0]?.value;
  if (first) return first.iso ?? first.text;
  const relative = new RegExp(
    `\\bby\\s+((?:next\\s+)?${WEEKDAY}|tomorrow|(?:the\\s+)?end\\s+of\\s+(?:the\\s+)?(?:day|week|month)|EOD|EOW)\\b`,
    'i',
  ).exec(text);
  return relative ? relative[1]! : null;
}

function splitSentences(line: string): string[] {
  return line
    .split(/(?<=[.!?])\s+(?=[A-Z0-9"“(])/)
    .map((sentence) => sentence.trim())
    .filter(Boolean);
}

export function findActionItems(text: string): ActionItem[] {
  const items: ActionItem[] = [];
  const seen = new Set<string>();
  const add = (raw: string) => {
    const body = raw.replace(/\s+/g, ' ').trim();
    if (!body || seen.has(body.toLowerCase())) return;
    seen.add(body.toLowerCase());
    const owner = COMMITMENT.exec(body)?.[1];
    const named = owner && !OWNER_STOPWORDS.has(owner.split(' ')[0]!) && !PRONOUNS.has(owner) ? owner : null;
    items.push({ text: body, owner: named, due: dueOf(body) });
  };
  for (const line of text.split(/\r?\n/)) {
    const stripped = line.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim();
    const prefixed = ACTION_PREFIX.exec(stripped);
    if (prefixed) {
      add(stripped.slice(prefixed[0].length));
      continue;
    }
    for (const sentence of splitSentences(stripped)) {
      const commitment = COMMITMENT.exec(sentence);
      const owner = commitment?.[1];
      // "We agreed to keep X" records a decision; "We will X" or "Bob to X" is a task.
      const decision = owner !== undefined && PRONOUNS.has(owner) && /^\S+\s+agreed to\b/.test(commitment![0]);
      if ((owner && !OWNER_STOPWORDS.has(owner.split(' ')[0]!) && !decision) || /^please\s+\p{L}/iu.test(sentence))
        add(sentence);
    }
  }
  return items;
}
