import { group, type ReadState, type EntityKind } from './state';

/** What the prompt asks to find in a text ("extract emails and dates"): entity kinds, not inputs. */
export function readExtraction(state: ReadState): void {
  const { prompt } = state;
  const pattern =
    /(?<!\b(?:a|the|of|to-do|todo) )\b(?:extract(?:s|ed|ing)?|find(?:s|ing)?|pull(?: out)?|detect|identify|collect|highlight|spot|list|grab|capture|pick out|with (?:the )?extracted|including (?:the )?extracted)\s+(?:out\s+)?(?:(?:all|any|the|every|each|of)\s+)*(?!\s)(.+?)(?=(?<!\s)\s+(?:from|in|out of|inside|within|into|mentioned|found|that|which)\b|[.;!?\n:]|(?<!\s)\s+(?:and )?then\b|$)/g;
  for (const match of prompt.matches(pattern)) {
    // "collect a name, age and email" asks for single values, not things to find in a text.
    if (/^(?:an?|one|my|your|their|his|her)\s/.test(group(match, 1))) continue;
    // "collect the patient name and phone number" gathers values from a person unless a text is named.
    const source = /^\s+(?:from|in|out of|inside|within)\b/.test(prompt.lower.slice(match.index + match[0].length));
    if (/^(?:collect|capture|grab)\b/.test(match[0]) && !source) continue;
    // "the contact's job title" is a job title to find, not contacts.
    const kinds = entityKindsIn(group(match, 1).replace(/^.*?'s\s+/, ''));
    if (kinds.length === 0) continue;
    for (const kind of kinds) if (!state.entityKinds.includes(kind)) state.entityKinds.push(kind);
    prompt.mask(match.index, match.index + match[0].length);
  }
  // "a follow-up email" is what the workflow writes, not follow-ups to find in a text.
  for (const match of prompt.matches(
    /\b(?:action items?|to-?dos?|follow-?ups?(?!\s+(?:e-?mail|letter|message|note|call|meeting|reminder))|next steps)\b/g,
  )) {
    if (!state.entityKinds.includes('action_items')) state.entityKinds.push('action_items');
    prompt.mask(match.index, match.index + match[0].length);
  }
}

function entityKindsIn(text: string): EntityKind[] {
  const kinds: { kind: EntityKind; at: number }[] = [];
  const find = (kind: EntityKind, pattern: RegExp) => {
    const match = pattern.exec(text);
    if (match) kinds.push({ kind, at: match.index });
  };
  find('emails', /\b(?:e-?mails?|e-?mail addresses|addresses|contacts?|contact (?:details|info))\b/);
  find('urls', /\b(?:links?|urls?|websites?|web addresses|hyperlinks?)\b/);
  find('dates', /\b(?:dates?|deadlines?|due dates?|days)\b/);
  find('numbers', /\b(?:numbers?|amounts?|figures?|prices?|money|costs?|totals?|quantities|numeric values|metrics)\b/);
  find('action_items', /\b(?:action items?|tasks?|to-?dos?|follow-?ups?|next steps|commitments)\b/);
  if (
    /\b(?:entities|key facts|details|everything|key information|contact info(?:rmation)?)\b/.test(text) &&
    kinds.length === 0
  ) {
    return ['emails', 'urls', 'dates', 'numbers'];
  }
  return kinds.sort((a, b) => a.at - b.at).map((k) => k.kind);
}
