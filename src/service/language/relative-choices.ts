/**
 * "their ticket type, which is one of delegate, speaker or staff", "the room, which can be single or
 * double": values a relative clause offers for the thing before it are its choice, as they are in
 * brackets ("their ticket type (delegate, speaker or staff)"), and read the same way.
 */
const OFFERED =
  /,\s+which\s+(?:is|are|can\s+be|could\s+be|must\s+be|will\s+be|should\s+be|has\s+to\s+be)(?:\s+(?:one\s+of|either))?:?\s+([^.;!?()]{3,200})(?=[.;!?]|$)/gi;

/** Values of a few words each, the last after "or", ending where the clause does. */
const LIST = String.raw`((?:[\p{L}\d'’&/-]+(?: [\p{L}\d'’&/-]+){0,2}, )+[\p{L}\d'’&/-]+(?: [\p{L}\d'’&/-]+){0,2},? or [\p{L}\d'’&/-]+(?: [\p{L}\d'’&/-]+){0,2})(?=[.,;!?]|$)`;
/** "a site that is either construction, warehouse or office", "a ticket whose priority is low, medium or high". */
const SAID = new RegExp(String.raw`(?<!,) (?:that|which) (?:is|are) (?:either |one of )?${LIST}`, 'giu');
const WHOSE = new RegExp(
  String.raw` (?:whose|where the) ([\p{L}-]+(?: [\p{L}-]+)?) (?:is|are|was|were) (?:either |one of )?${LIST}`,
  'giu',
);

/** The prompt with each choice a relative clause offers put in brackets after what it is about. */
export function relativeChoices(text: string): string {
  const said = text
    .replace(SAID, (_, values: string) => ` (${values})`)
    .replace(WHOSE, (_, thing: string, values: string) => ` with its ${thing} (${values})`);
  return said.replace(OFFERED, (clause: string, values: string) => {
    const parts = values.split(/,| or /).map((part) => part.trim());
    // ("which is due on the 5th or the 6th": a few words each, joined by "or", or it is no choice.)
    const listed =
      /\sor\s/.test(values) &&
      parts.length >= 2 &&
      parts.every((part) => /^[\p{L}\d'’&/ -]{1,30}$/u.test(part) && part.split(' ').length <= 3);
    return listed ? ` (${values.trim()})` : clause;
  });
}
