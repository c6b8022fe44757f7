import type { Fonts, FontName, Run } from './pdf-runs';

/** Look-alikes for common characters the standard PDF fonts (WinAnsi) cannot draw. */
const REPLACEMENTS: Record<string, string> = {
  '\u2192': '->',
  '\u2190': '<-',
  '\u2264': '<=',
  '\u2265': '>=',
  '\u2260': '!=',
  '\u2212': '-',
  '\u2010': '-',
  '\u2011': '-',
  '\u2610': '[ ]',
  '\u2611': '[x]',
  '\u2713': 'v',
  '\u2714': 'v',
  '\u00a0': ' ',
  '\u2009': ' ',
  '\u202f': ' ',
};

/** Part of a laid-out line in one font, spaces included, so text extractors read the words apart. */
export interface Piece {
  text: string;
  font: FontName;
  width: number;
}

export interface Line {
  pieces: Piece[];
  width: number;
}

/** Measures and wraps text in the document's fonts; the layout draws what it wraps. */
export class TextWrapper {
  private readonly charset: Set<number>;

  constructor(protected readonly fonts: Fonts) {
    this.charset = new Set(fonts.regular.getCharacterSet());
  }

  /** Replaces what the font cannot draw, so any input makes a valid PDF instead of an exception. */
  sanitize(text: string): string {
    let out = '';
    for (const char of text.replace(/\t/g, '    ')) {
      const code = char.codePointAt(0)!;
      if (this.charset.has(code)) out += char;
      else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
      else if (code >= 32) out += '?';
    }
    return out;
  }

  protected width(text: string, font: FontName, size: number): number {
    return this.fonts[font].widthOfTextAtSize(text, size);
  }

  /**
   * Runs broken into lines no wider than `width`: at spaces, at hard breaks, and inside a word only
   * when the word alone is wider than the line. Spaces stay in the text between words.
   */
  wrap(runs: Run[], size: number, width: number): Line[] {
    const lines: Line[] = [];
    let line: Line = { pieces: [], width: 0 };
    let space: FontName | null = null;
    let word: Piece[] = [];
    const push = (piece: Piece) => {
      const last = line.pieces.at(-1);
      if (last?.font === piece.font) {
        last.text += piece.text;
        last.width += piece.width;
      } else line.pieces.push({ ...piece });
      line.width += piece.width;
    };
    const endLine = () => {
      lines.push(line);
      line = { pieces: [], width: 0 };
    };
    const placeWord = () => {
      if (word.length === 0) return;
      const wordWidth = word.reduce((sum, piece) => sum + piece.width, 0);
      const spaceWidth = space && line.pieces.length > 0 ? this.width(' ', space, size) : 0;
      if (line.pieces.length > 0 && line.width + spaceWidth + wordWidth > width) endLine();
      else if (space && line.pieces.length > 0) push({ text: ' ', font: space, width: spaceWidth });
      // A word wider than the line is cut wherever it has to be.
      for (const piece of word) {
        if (line.width + piece.width <= width || (line.pieces.length === 0 && piece.width <= width)) {
          push(piece);
          continue;
        }
        for (const char of piece.text) {
          const charWidth = this.width(char, piece.font, size);
          if (line.pieces.length > 0 && line.width + charWidth > width) endLine();
          push({ text: char, font: piece.font, width: charWidth });
        }
      }
      word = [];
      space = null;
    };
    for (const run of runs) {
      if (run.text === '\n') {
        placeWord();
        endLine();
        space = null;
        continue;
      }
      for (const part of this.sanitize(run.text).split(/( +)/)) {
        if (part === '') continue;
        if (part.startsWith(' ')) {
          placeWord();
          space = run.font;
        } else word.push({ text: part, font: run.font, width: this.width(part, run.font, size) });
      }
    }
    placeWord();
    lines.push(line);
    return lines;
  }

  /** The width `runs` take on one line, and that of their widest word (the least a column can be). */
  protected measure(runs: Run[], size: number): { natural: number; least: number } {
    const lines = this.wrap(runs, size, Number.POSITIVE_INFINITY);
    let least = 0;
    for (const run of runs)
      for (const word of this.sanitize(run.text).split(/[ \n]+/))
        least = Math.max(least, this.width(word, run.font, size));
    return { natural: Math.max(0, ...lines.map((line) => line.width)), least };
  }
}
