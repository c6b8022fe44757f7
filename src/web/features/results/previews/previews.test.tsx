import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HtmlPreview } from './html-preview';
import { JsonTree } from './json-tree';
import { JsonPreview } from './json-preview';
import { ResultList } from '@/features/results/result-list';

const noRefresh = async () => [];

describe('HtmlPreview', () => {
  it('renders the document in an iframe sandboxed without scripts or same-origin, with the CSP inside', () => {
    const html = renderToStaticMarkup(<HtmlPreview text="<script>parent.x=1</script><p>hi</p>" filename="page.html" />);
    const iframe = html.match(/<iframe[^>]*>/)![0];
    expect(iframe).toContain('sandbox=""');
    expect(iframe).not.toMatch(/allow-/);
    expect(iframe).toContain('title="Preview of page.html"');
    expect(iframe).toContain('Content-Security-Policy');
    expect(iframe).toContain('default-src &#x27;none&#x27;');
  });
});

describe('JsonTree', () => {
  const value = { level1: { level2: { level3: { deep: true } } }, list: [1, 'two', null] };

  it('opens the first two levels and collapses deeper ones behind a summary', () => {
    const html = renderToStaticMarkup(<JsonTree value={value} label="data" />);
    expect(html).toContain('&quot;level2&quot;');
    expect(html).toContain('{1 key}');
    expect(html).not.toContain('&quot;deep&quot;');
    expect(html.match(/aria-expanded="true"/g)).toHaveLength(3);
    expect(html.match(/aria-expanded="false"/g)).toHaveLength(1);
  });

  it('shows only the first page of a long array with a button for more', () => {
    const html = renderToStaticMarkup(<JsonTree value={Array.from({ length: 250 }, (_, i) => i)} label="data" />);
    expect(html).toContain('Show 100 more (150 hidden)');
    expect(html).not.toContain('>150<');
  });
});

describe('JsonPreview', () => {
  it('falls back to the text with a note when the JSON is invalid', () => {
    const html = renderToStaticMarkup(<JsonPreview text="{oops" filename="bad.json" />);
    expect(html).toContain('Not valid JSON');
    expect(html).toContain('{oops');
  });
});

describe('ResultList', () => {
  const files = [
    { filename: 'data.json', url: 'https://files.test/data.json?sig=1', content: '{"ok":true}' },
    { filename: 'chart.png', url: 'https://files.test/chart.png?sig=1' },
    { filename: 'bundle.zip', url: 'https://files.test/bundle.zip?sig=1' },
  ];

  it('shows a tab per file, the first file open, and Download all', () => {
    const html = renderToStaticMarkup(
      <ResultList files={files} fetchedAt={Date.now()} refreshFiles={noRefresh} archiveName="e1.zip" />,
    );
    expect(html.match(/role="tab"/g)).toHaveLength(3);
    expect(html).toContain('aria-label="chart.png (PNG image)"');
    expect(html).toMatch(/role="tab"[^>]*aria-selected="true"/);
    expect(html).toContain('Download all');
    expect(html).toContain('href="https://files.test/data.json?sig=1" download="data.json"');
    expect(html).toContain('Copy text');
    expect(html).toContain('JSON · 11 B');
  });

  it('says so when an execution produced no files', () => {
    const html = renderToStaticMarkup(
      <ResultList files={[]} fetchedAt={Date.now()} refreshFiles={noRefresh} archiveName="e1.zip" />,
    );
    expect(html).toContain('without producing any files');
    expect(html).not.toContain('Download all');
  });

  it('offers Copy link and a download card for a binary file', () => {
    const html = renderToStaticMarkup(
      <ResultList files={[files[2]!]} fetchedAt={Date.now()} refreshFiles={noRefresh} archiveName="e1.zip" />,
    );
    expect(html).not.toContain('role="tab"');
    expect(html).toContain('Copy link');
    expect(html).toContain('There is no preview for ZIP files');
  });

  it('opens a finished run on its final file, keeping the server’s tab order', () => {
    const approved = [
      { filename: 'draft.md', url: 'https://files.test/draft.md?sig=1', content: 'Draft for review' },
      { filename: 'customer-reply.md', url: 'https://files.test/customer-reply.md?sig=1', content: 'Dear Ada' },
    ];
    const html = renderToStaticMarkup(
      <ResultList
        files={approved}
        runStatus="finished"
        fetchedAt={Date.now()}
        refreshFiles={noRefresh}
        archiveName="e1.zip"
      />,
    );
    const tabs = [...html.matchAll(/role="tab"[^>]*aria-label="([^"]+)"[^>]*aria-selected="(true|false)"/g)];
    expect(tabs.map((t) => [t[1]!.split(' ')[0], t[2]])).toEqual([
      ['draft.md', 'false'],
      ['customer-reply.md', 'true'],
    ]);
    // Only the open file's panel is drawn until another tab is picked.
    expect(html).toMatch(/id="[^"]*-panel-1"/);
    expect(html).not.toMatch(/id="[^"]*-panel-0"/);
  });
});
