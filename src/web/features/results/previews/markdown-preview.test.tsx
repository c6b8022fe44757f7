import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { MarkdownPreview } from './markdown-preview';
import { markdownImageSrc, safeMarkdownUrl } from './markdown-urls';

const render = (text: string, siblings?: ReadonlyMap<string, string>) =>
  renderToStaticMarkup(<MarkdownPreview text={text} siblings={siblings} />);

describe('safeMarkdownUrl', () => {
  it.each(['https://example.com/a?b=1', 'http://example.com', 'mailto:ops@example.com', '#user-content-fn-1'])(
    'keeps http, https and mailto links and in-page anchors such as footnotes: %s',
    (url) => {
      expect(safeMarkdownUrl(url)).toBe(url);
    },
  );

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'data:text/html,<script>',
    'vbscript:x',
    'file:///etc/passwd',
    'ftp://x',
  ])('drops %s', (url) => {
    expect(safeMarkdownUrl(url)).toBeUndefined();
  });

  it('points relative paths naming another result file at that file', () => {
    const siblings = new Map([['chart.png', 'https://files.test/chart.png?sig=1']]);
    expect(safeMarkdownUrl('chart.png', siblings)).toBe('https://files.test/chart.png?sig=1');
    expect(safeMarkdownUrl('./chart.png', siblings)).toBe('https://files.test/chart.png?sig=1');
    expect(safeMarkdownUrl('other.png', siblings)).toBeUndefined();
  });

  it('refuses a sibling whose own link is not a web url', () => {
    expect(safeMarkdownUrl('x.png', new Map([['x.png', 'javascript:alert(1)']]))).toBeUndefined();
  });
});

describe('MarkdownPreview', () => {
  it('renders GFM tables, task lists and strikethrough', () => {
    const html = render('| a | b |\n|---|---|\n| 1 | 2 |\n\n- [x] done\n\n~~old~~');
    expect(html).toContain('<table');
    expect(html).toContain('<th');
    expect(html).toMatch(/<input[^>]*type="checkbox"[^>]*aria-label="Task"/);
    expect(html).toContain('<del');
  });

  it('opens web links in a new tab without giving the page a handle back', () => {
    const html = render('[site](https://example.com)');
    expect(html).toMatch(/<a href="https:\/\/example.com" target="_blank" rel="noopener noreferrer"/);
  });

  it('renders no raw HTML from the document', () => {
    const html = render('<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\nsafe <b>text</b>');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<b>');
    expect(html).toContain('safe');
  });

  it('strips dangerous link targets but keeps the link text', () => {
    const html = render('[click](javascript:alert(1))');
    expect(html).not.toContain('javascript:');
    expect(html).not.toContain('<a');
    expect(html).toContain('click');
  });

  it('keeps footnote anchors in the same tab', () => {
    const html = render('Claim[^1]\n\n[^1]: Source.');
    expect(html).toMatch(/<a href="#user-content-fn-1"(?![^>]*target)/);
  });

  it('shows images that name another result file', () => {
    const html = render('![Chart](chart.png)', new Map([['chart.png', 'https://files.test/c.png']]));
    expect(html).toContain('src="https://files.test/c.png"');
    expect(html).toContain('alt="Chart"');
  });

  it('holds remote images back, naming their host, and never puts their URL in an img', () => {
    const html = render('Hi ![pixel](https://tracker.example/p.gif?u=1) and ![](http://cdn.example/x.png)');
    expect(html).not.toContain('<img');
    expect(html).toContain('Image “pixel” from tracker.example not loaded');
    expect(html).toContain('Image from cdn.example not loaded');
  });
});

describe('markdownImageSrc', () => {
  const siblings = new Map([['chart.png', 'https://files.test/c.png']]);

  it('loads another result file of the run, blocked or not', () => {
    expect(markdownImageSrc('./chart.png', siblings, false)).toBe('https://files.test/c.png');
  });

  it("marks a remote image as blocked until the person shows the file's images", () => {
    expect(markdownImageSrc('https://tracker.example/p.gif?u=1', siblings, false)).toBe(
      'blocked-image:https://tracker.example/p.gif?u=1',
    );
    expect(markdownImageSrc('https://tracker.example/p.gif?u=1', siblings, true)).toBe(
      'https://tracker.example/p.gif?u=1',
    );
  });

  it('drops images with unsafe or non-image targets', () => {
    expect(markdownImageSrc('javascript:alert(1)', siblings, true)).toBeUndefined();
    expect(markdownImageSrc('mailto:a@b.c', siblings, true)).toBeUndefined();
    expect(markdownImageSrc('#top', siblings, true)).toBeUndefined();
  });
});
