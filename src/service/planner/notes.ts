import type { Concurrency, PlanningNote } from '../../contract/openapi-document';
import { SERVICE_PATTERNS } from '../../contract/prompt-words';

/** Third-party services a prompt may name, as people write them, by how a note names them. */
const SERVICES: [RegExp, string][] = Object.entries(SERVICE_PATTERNS).map(([name, words]) => [
  new RegExp(`\\b(?:${words})\\b`),
  name,
]);

/** The words that hand a result to a service, just before its name: "post it to", "add them to a". */
const DELIVERY =
  /\b(?:and (?:then )?)?(?:add|post|save|send|upload|put|push|sync|export|share|log|append|write|store|create|ping|notify|update) (?:(?:it|them|this|that|these|the \w+|a \w+) )?(?:to|in|on|into|via|with) (?:(?:a|an|the|our|my|their) )?(?:new )?$/;

/** After a service's name, these make it the kind of thing to write ("a LinkedIn post"), not a place to reach. */
const CONTENT_AFTER =
  /^\s+(?:posts?|messages?|articles?|profiles?|pages?|ads?|headlines?|bios?|updates?|captions?|threads?|summar)/;

const UNITS =
  'day|days|weekday|weekdays|morning|evening|night|afternoon|week|weekend|month|quarter|year|hour|monday|tuesday|wednesday|thursday|friday|saturday|sunday|mondays|fridays';
const CLOCK = String.raw`(?:\s+at\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)?)?`;
const SCHEDULE = new RegExp(
  String.raw`\b(?:(?<!\b(?:for|per|of) )(?:every|each)\s+(?:other\s+|\d+\s+)?(?:${UNITS}|minutes?|hours)|(?:on|at the (?:start|end) of)\s+(?:every|each)\s+(?:${UNITS})|on\s+(?:mondays|tuesdays|wednesdays|thursdays|fridays|weekdays)|on a (?:daily|weekly|monthly) basis|on the (?:\d{1,2}(?:st|nd|rd|th)|first|second|third|fourth|last|final)(?: (?:working |business )?(?:${UNITS}))? of (?:every|each) (?:month|quarter|year))${CLOCK}\b|\b(?:daily|weekly|monthly|hourly|nightly)(?=\s*[,.;!?]|\s*$|\s+(?:at|and|to|from|for|on|in|by)\b)${CLOCK}|\bat\s+\d{1,2}(?::\d\d)?\s*(?:am|pm)\b`,
  'g',
);
/** "When a new employee is added in BambooHR", "whenever a customer signs up". */
const TRIGGER =
  /\b(?:when(?:ever)?|as soon as|each time|every time|once)\s+(?:a|an|new|someone|somebody|anyone)\s[^,.;!?\n]{0,80}?\b(?:is|are|gets?|arrives?|comes? in|lands?|signs? up|submits?|receives?|replies|added|created|posted|opened|closed|changes?|updated|sent|booked|paid)\b[^,.;!?\n]{0,40}/g;
/** Rules are written with "when" too: "fail when a value is missing" is a check, not a trigger. */
const RULE_BEFORE = /\b(?:fail|fails|reject|rejects|stop|stops|error|errors|abort|aborts|warn|flag)\b[^.;!?\n]*$/;
/**
 * "Estimate when a shipment arrives", "work out when an invoice is overdue": "when" right after a verb
 * that takes a question asks about a time, it does not wait for an event.
 */
const ASKS_BEFORE =
  /\b(?:estimate|predict|forecast|calculate|compute|work out|figure out|find out|determine|decide|tell(?: me| us| them)?|say|show|know|check|guess|explain)s?\s+$/;
/** An event's clause has no "will": "when the order arrives", never "when the order will arrive". */
const ASKED_WORDS = /\b(?:will|would|shall)\b/;
const notTrigger = (before: string, words: string) =>
  RULE_BEFORE.test(before) || ASKS_BEFORE.test(before) || ASKED_WORDS.test(words);
const WEB_THING =
  /\b(?:urls?|links?|websites?|web ?pages?|web ?sites?|youtube|videos?|online|the web|internet|homepage)\b/;
const BROWSING_VERB =
  /\b(?:scrape|crawl|browse|visit|fetch|download|monitor|watch|look up|search|google|research|summari[sz]e|read|enrich|pull)\b/;
/** "email the team", "send it to the manager": the words of the sending, not what is sent. */
const EMAIL_SENDING =
  /\b(?:e-?mail|send)\s+(?:it|them|this|that|the (?:team|results?|report|summary|digest|customer|client|manager|candidate))\b(?:\s+(?:to|via|by)\s+(?:e-?mail|the \w+|[\w.@-]+))?/g;

/** What is noted when a pattern matches, given the words it matched; a rule may skip a match by its words or what comes before them. */
const NOTED: [
  RegExp,
  PlanningNote['kind'],
  (words: string) => string,
  ((before: string, words: string) => boolean)?,
][] = [
  [SCHEDULE, 'schedule', (words) => `Runs on demand; '${words}' is not scheduled by the local service.`],
  [TRIGGER, 'trigger', (words) => `Runs when started; '${words}' is not watched for by the local service.`, notTrigger],
];

/**
 * What the prompt asks that the local service does not do: a schedule, a trigger, a third-party
 * service, the web. Each is noted, and its words masked so they name no input and no workflow.
 */
export function readPlanningNotes(text: string): { notes: PlanningNote[]; noted: Set<string> } {
  const lower = text.toLowerCase();
  let free = lower;
  const notes: PlanningNote[] = [];
  const add = (note: PlanningNote) => notes.some((known) => known.text === note.text) || notes.push(note);
  const mask = (start: number, end: number) =>
    (free = free.slice(0, start) + ' '.repeat(end - start) + free.slice(end));
  for (const [pattern, kind, say, skip] of NOTED)
    for (const match of [...free.matchAll(pattern)]) {
      const end = match.index + match[0].length;
      if (skip?.(lower.slice(Math.max(0, match.index - 60), match.index), match[0])) continue;
      add({ kind, text: say(text.slice(match.index, end).trim().replace(/\s+/g, ' ')) });
      mask(match.index, end);
    }
  for (const [pattern, service] of SERVICES) {
    const match = pattern.exec(lower);
    if (!match || CONTENT_AFTER.test(lower.slice(match.index + match[0].length))) continue;
    add({ kind: 'integration', text: `Returns its results here; ${service} is not connected to the local service.` });
    // "and add them to a Google Sheet": the delivery is part of what the service would do.
    const before = lower.slice(Math.max(0, match.index - 50), match.index);
    const delivery = DELIVERY.exec(before);
    mask(delivery ? match.index - before.length + delivery.index : match.index, match.index + match[0].length);
  }
  for (const match of [...free.matchAll(EMAIL_SENDING)]) {
    add({ kind: 'integration', text: 'Returns its results here; the local service does not send email.' });
    mask(match.index, match.index + match[0].length);
  }
  if (WEB_THING.test(lower) && BROWSING_VERB.test(lower))
    add({
      kind: 'browsing',
      text: 'Works from its inputs only; the local service does not open links or browse the web.',
    });
  const noted = new Set<string>();
  for (const word of lower.matchAll(/[a-z0-9-]+/g)) if (free[word.index] === ' ') noted.add(word[0]);
  return { notes, noted };
}

/** How fast a batch may run: "one at a time" is low, "in bulk" or "thousands" is high. */
export function concurrencyOf(lower: string): Concurrency {
  if (
    /\b(?:one at a time|one by one|sequential(?:ly)?|in sequence|serially|one after (?:the )?other|one after another|never in parallel)\b/.test(
      lower,
    )
  )
    return 'low';
  if (
    /\b(?:in bulk|bulk|lots of|large batch(?:es)?|high[- ]volume|in parallel|parallel|thousands|hundreds|at scale|as fast as possible)\b/.test(
      lower,
    )
  )
    return 'high';
  return 'medium';
}
