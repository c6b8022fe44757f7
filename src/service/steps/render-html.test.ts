import { describe, expect, it } from 'vitest';
import { renderHtmlDocument } from './render-html';

/** The document for `markdown` where the file name does not matter. */
const rendered = (markdown: string) => renderHtmlDocument(markdown, 'x');

describe('renderHtmlDocument', () => {
  it('writes a standalone UTF-8 document titled by the first heading', () => {
    const html = renderHtmlDocument('# Café report\n\nHello', 'fallback.html');
    expect(html.startsWith('<!doctype html>\n<html lang="en">')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain('<title>Café report</title>');
    expect(html).toContain('<h1>Café report</h1>\n<p>Hello</p>');
  });

  it('escapes raw HTML so a script in the input is shown, never run', () => {
    const html = rendered('<script>alert(1)</script>\n\n<img src=x onerror="alert(1)">');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;');
  });

  it('links only http and https addresses', () => {
    const html = rendered(
      '[ok](https://example.com/a?b=1&c=2) [bad](javascript:alert(1)) [data](data:text/html,hi) https://bare.example.org/x.',
    );
    expect(html).toContain('<a href="https://example.com/a?b=1&amp;c=2" rel="noopener noreferrer">ok</a>');
    expect(html).toContain(' bad ');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('href="data:');
    expect(html).toContain(
      '<a href="https://bare.example.org/x" rel="noopener noreferrer">https://bare.example.org/x</a>.',
    );
  });

  it('prints task boxes as written and loads no images', () => {
    const html = rendered('- [ ] call Ana\n- [x] done\n\n![logo](https://x.org/a.png) ![bad](javascript:1)');
    expect(html).toContain('<ul>\n<li>[ ] call Ana</li>\n<li>[x] done</li>\n</ul>');
    expect(html).toContain('<p>logo bad</p>');
    expect(html).not.toMatch(/<img|javascript:/);
  });

  it('renders headings, emphasis, code, lists, quotes, rules and tables', () => {
    const markdown = [
      '## Sub',
      '',
      'Some **bold**, *italic*, `a < b` and snake_case_name.',
      '',
      '- one',
      '- two',
      '',
      '3. three',
      '4. four',
      '',
      '> quoted',
      '',
      '---',
      '',
      '| Name | Price |',
      '| --- | ---: |',
      '| Tea \\| mint | 3 |',
      '',
      '```',
      '<b>raw</b>',
      '```',
    ].join('\n');
    const html = rendered(markdown);
    expect(html).toContain('<h2>Sub</h2>');
    expect(html).toContain(
      '<p>Some <strong>bold</strong>, <em>italic</em>, <code>a &lt; b</code> and snake_case_name.</p>',
    );
    expect(html).toContain('<ul>\n<li>one</li>\n<li>two</li>\n</ul>');
    expect(html).toContain('<ol start="3">\n<li>three</li>\n<li>four</li>\n</ol>');
    expect(html).toContain('<blockquote>\n<p>quoted</p>\n</blockquote>');
    expect(html).toContain('<hr>');
    expect(html).toContain('<thead><tr><th>Name</th><th style="text-align:right">Price</th></tr></thead>');
    expect(html).toContain('<tr><td>Tea | mint</td><td style="text-align:right">3</td></tr>');
    expect(html).toContain('<pre><code>&lt;b&gt;raw&lt;/b&gt;</code></pre>');
  });
});
