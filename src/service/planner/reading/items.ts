import type { PromptText } from '../prompt-text';

/** Items of a list phrase with their offsets: "a, b and c" (and "plus d"). Stops after the "and" item. */
export function splitItems(
  segment: string,
  offset: number,
  isFree: (start: number, end: number) => boolean = () => true,
): { text: string; start: number; end: number }[] {
  const items: { text: string; start: number; end: number }[] = [];
  const separator =
    /(?<!\s)\s*(?:,\s*(?:and|or|plus)\s+|,\s*|;\s*|\s(?:and|or|&|plus|as well as)\s+|\swith (?=(?:their|its|his|her|the|an?) ))/g;
  let last = 0;
  let lastWasAnd = false;
  for (const match of segment.matchAll(separator)) {
    // Separators inside an understood part ("items with name and price") belong to that part.
    if (!isFree(offset + match.index, offset + match.index + match[0].length)) continue;
    // "an employee with their name": the owner before "with" is not an input itself.
    if (!/^\s+with /.test(match[0]))
      items.push({ text: segment.slice(last, match.index), start: offset + last, end: offset + match.index });
    if (lastWasAnd && !/plus|as well as/.test(match[0])) return items;
    lastWasAnd = /\b(?:and|or)\b|&/.test(match[0]) && !/plus|as well as/.test(match[0]);
    last = match.index + match[0].length;
  }
  items.push({ text: segment.slice(last), start: offset + last, end: offset + segment.length });
  return items;
}

/** Where a list that starts at `from` ends: the end of its clause, or a verb that starts the next one. */
export function listEnd(lower: string, from: number): number {
  // Inputs are listed in a sentence, not a page; the bound also keeps planning linear in the prompt.
  const rest = lower.slice(from, from + 400);
  const stop =
    /[.;!?\n:]|(?<!\s)\s+(?:into|as an?|as json|as csv|as html|as pdf|as markdown|as plain|then|so that|in order to|to (?:produce|create|generate|write|make|build|draft|get|return|send)|and (?:then |also )?(?:write|produce|return|generate|create|make|build|send|summari[sz]e|extract|render|give|fail)|and (?:then |also )?(?:output|turn|draft|export|email|check|flag|reply)(?= (?:it|them|this|that|these|those|the|an?|to|me|us|him|her|back|out|with)\b)|in (?:html|pdf|json|csv|markdown|a (?:pdf|table|spreadsheet|csv))|(?:every|each) (?:day|week|month|morning|evening)|(?:fail|reject|stop)s? (?:if|when))\b/.exec(
      rest,
    );
  // ", validate each one" / ", translate it": a verb acting on what was listed starts the next clause.
  const verbClause = /,\s*(?:then\s+)?[a-z][a-z-]*\s+(?:it|them|each|every|all|these|those)\b/.exec(rest);
  const end = Math.min(stop ? stop.index : rest.length, verbClause ? verbClause.index : rest.length);
  return from + end;
}

/** The part of a list item before anything already understood ("company name in a [formal or casual tone]"). */
export function freePrefix(item: { text: string; start: number }, prompt: PromptText): { text: string; start: number } {
  let length = 0;
  while (length < item.text.length && prompt.isFree(item.start + length, item.start + length + 1)) length++;
  return { text: item.text.slice(0, length), start: item.start };
}
