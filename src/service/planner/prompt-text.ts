/**
 * A prompt being read: its normalised text, a lower-case copy of the same length, and a mask of the
 * characters earlier rules already understood, so later rules never read them twice.
 */
export class PromptText {
  readonly text: string;
  readonly lower: string;
  private readonly used: boolean[];

  constructor(prompt: string) {
    this.text = prompt
      .replace(/[\u2018\u2019]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, '-')
      .replace(/\r\n?/g, '\n')
      .replace(/[ \t\f\v\u00a0]+/g, ' ')
      .trim();
    // Lower-case one character at a time so positions in `lower` match those in `text`.
    this.lower = [...this.text]
      .map((char) => {
        const lower = char.toLowerCase();
        return lower.length === char.length ? lower : char;
      })
      .join('');
    this.used = Array.from({ length: this.text.length }, () => false);
  }

  mask(start: number, end: number): void {
    for (let i = Math.max(0, start); i < Math.min(end, this.used.length); i++) this.used[i] = true;
  }

  isFree(start: number, end: number): boolean {
    for (let i = start; i < end; i++) if (this.used[i]) return false;
    return true;
  }

  /** The lower-case text with understood parts blanked out. */
  free(): string {
    return [...this.lower].map((char, i) => (this.used[i] ? ' ' : char)).join('');
  }

  /** Every match of `pattern` (which must be global) in the lower-case text that is still free. */
  *matches(pattern: RegExp): Generator<RegExpExecArray> {
    for (const match of this.lower.matchAll(pattern)) {
      if (this.isFree(match.index, match.index + match[0].length)) yield match;
    }
  }

  /** The original-case text of a span. */
  original(start: number, end: number): string {
    return this.text.slice(start, end);
  }
}
