import { describe, expect, it } from 'vitest';
import { cssCanLoad, neutralizeCss } from './neutralize-css';

/** Loads a browser could start from CSS, plain and hidden behind escapes, comments and case. */
const LOADING_CSS = [
  'body { background: url(https://evil.example/a.png) }',
  'body { background: \\75 rl(https://evil.example/a.png) }',
  'body { background: \\000075\\000072\\00006c(https://evil.example/a.png) }',
  'body { background: u\\rl("https://evil.example/a.png") }',
  'body { background: URL( "https://evil.example/a.png" ) }',
  'body { background-image: image-set("https://evil.example/a.png" 1x) }',
  'body { background-image: -webkit-image-set("https://evil.example/a.png" 1x) }',
  'body { background-image: \\69mage-set("https://evil.example/a.png" 1x) }',
  'body { background-image: cross-fade(url(a.png), url(b.png), 50%) }',
  'body { background-image: image("https://evil.example/a.png") }',
  '@import "https://evil.example/x.css";',
  '@\\69mport url(https://evil.example/x.css);',
  '@IMPORT "https://evil.example/x.css";',
  '@font-face { font-family: x; src: url(https://evil.example/f.woff) }',
  'li { list-style: s\\72 c("https://evil.example/a.png") }',
];

describe('neutralizeCss', () => {
  it('leaves no url(, image-set(, image( or @import, however the CSS spells them', () => {
    for (const css of LOADING_CSS) {
      const out = neutralizeCss(css);
      expect(out, css).not.toMatch(/url\s*\(|image-set\s*\(|image\s*\(|cross-fade\s*\(|src\s*\(|@import/i);
      expect(out, css).not.toContain('\\');
      expect(cssCanLoad(out), css).toBe(false);
    }
  });

  it('finds every load before the clean-up', () => {
    for (const css of LOADING_CSS) expect(cssCanLoad(css), css).toBe(true);
  });

  it('keeps ordinary styles as they were, escapes decoded', () => {
    const css = 'h1 { color: #333; font: 16px/1.4 Georgia, serif } td > b { padding: calc(1em + 2px) }';
    expect(neutralizeCss(css)).toBe(css);
    expect(neutralizeCss('p::before { content: "\\2014 x" }')).toBe('p::before { content: "—x" }');
    expect(cssCanLoad('p { color: rgb(0 0 0); background: linear-gradient(#fff, #000) }')).toBe(false);
  });

  it('never leaves a < that could close the style element', () => {
    expect(neutralizeCss('\\3c /style\\3e \\3c img src=x onerror=alert(1)\\3e')).not.toContain('<');
  });
});
