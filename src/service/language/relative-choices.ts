/**
 * "their ticket type, which is one of delegate, speaker or staff", "the room, which can be single or
 * double": values a relative clause offers for the thing before it are its choice, as they are in
 * brackets ("their ticket type (delegate, speaker or staff)"), and read the same way.
 */
const OFFERED =
  /,\s+which\s+(?:is|are|can\s+be|could\s+be|must\s+be|will\s+be|should\s+be|has\s+to\s+be)(?:\s+(?:one\s+of|either))?:?\s+([^.;!?()]{3,200})(?=[.;!?]|$)/gi;

/** The prompt with each choice a relative clause offers put in brackets after what it is about. */
export function relativeChoices(text: string): string {
  return text.replace(OFFERED, (clause: string, values: string) => {
    const parts = values.split(/,| or /).map((part) => part.trim());
    // ("which is due on the 5th or the 6th": a few words each, joined by "or", or it is no choice.)
    const listed =
      /\sor\s/.test(values) &&
      parts.length >= 2 &&
      parts.every((part) => /^[\p{L}\d'’&/ -]{1,30}$/u.test(part) && part.split(' ').length <= 3);
    return listed ? ` (${values.trim()})` : clause;
  });
}
