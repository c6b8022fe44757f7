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
    // Escaping `<` and `&` is what keeps text text; `>` and quotes are harmless outside a tag.
    expect(html).toContain('&lt;script>alert(1)&lt;/script>');
    expect(html).toContain('&lt;img src=x onerror="alert(1)">');
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

  it('resolves reference links under the same http(s) rule', () => {
    const html = rendered('[docs][d] and [trap][t]\n\n[d]: https://x.org/docs\n[t]: javascript:alert(1)');
    expect(html).toContain('<a href="https://x.org/docs" rel="noopener noreferrer">docs</a> and trap');
    expect(html).not.toContain('javascript:');
  });

  it('numbers footnotes and links them within the page only', () => {
    const html = rendered('Revenue grew[^a].\n\n[^a]: Against last year.');
    expect(html).toMatch(/<sup><a href="#user-content-fn-a"[^>]*>1<\/a><\/sup>/);
    expect(html).toMatch(/<li id="user-content-fn-a">\n<p>Against last year\. <a href="#user-content-fnref-a"/);
  });

  it('prints task boxes as written and loads no images', () => {
    const html = rendered('- [ ] call Ana\n- [x] done\n\n![logo](https://x.org/a.png) ![bad](javascript:1)');
    expect(html).toContain(
      '<ul class="contains-task-list">\n<li class="task-list-item">[ ] call Ana</li>\n<li class="task-list-item">[x] done</li>\n</ul>',
    );
    expect(html).not.toContain('<input');
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
    expect(html).toContain('<thead>\n<tr>\n<th>Name</th>\n<th style="text-align:right">Price</th>\n</tr>\n</thead>');
    expect(html).toContain('<tr>\n<td>Tea | mint</td>\n<td style="text-align:right">3</td>\n</tr>');
    expect(html).toContain('<pre><code>&lt;b>raw&lt;/b>\n</code></pre>');
  });
});
