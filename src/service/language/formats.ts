/**
 * The forms a prompt asks its result in ("as a spreadsheet", "a printable PDF", "JSON"), and whether
 * a person must approve it first ("before it is sent", "sign-off").
 */
const FORMATS = {
  csv: /\b(?:csv|spreadsheet|excel|sheet|table)\b/,
  html: /\b(?:html|web ?page|landing page|web version)\b/,
  json: /\b(?:json|structured data|structured output|machine[- ]readable)\b/,
  pdf: /\b(?:pdf|printable|print-ready|for printing)\b/,
  text: /\b(?:plain[- ]text|txt|text file)\b/,
  approval:
    /\b(?:approv(?:e|al|ed|es|ing)|sign[- ]off|signs? off|human[- ](?:review|check)|manual(?:ly)? (?:review|check)|reviewed by|a person (?:must|should|to|has to|needs to) (?:check|review|approve|confirm)|someone (?:must|should|to|has to|needs to) (?:check|review|approve|confirm)|before (?:it is |it's |being )?(?:sent|published|final|released))\b/,
} as const;
export type Wants = Record<keyof typeof FORMATS, boolean>;

/** Which forms the prompt, in lower case, asks for. */
export const wantedFormats = (lower: string): Wants =>
  Object.fromEntries(Object.entries(FORMATS).map(([kind, said]) => [kind, said.test(lower)])) as Wants;
