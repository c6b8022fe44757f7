import { describe, expect, it } from 'vitest';
import { MAX_FRAME_HEIGHT, MIN_FRAME_HEIGHT, PREVIEW_CSP, buildSrcdoc, estimateFrameHeight } from './html-srcdoc';

const CSP_META = `<meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}">`;

describe('buildSrcdoc', () => {
  it('blocks all network loads while allowing inline styles and data images', () => {
    expect(PREVIEW_CSP).toBe("default-src 'none'; style-src 'unsafe-inline'; img-src data:");
  });

  it('puts the CSP meta tag first, right after a doctype, for a fragment', () => {
    const doc = buildSrcdoc('<p>Hello</p>');
    expect(doc.startsWith(`<!DOCTYPE html>${CSP_META}`)).toBe(true);
    expect(doc.endsWith('<p>Hello</p>')).toBe(true);
  });

  it('puts the CSP meta tag ahead of a document that has its own doctype and <head>', () => {
    const html =
      '<!doctype html>\n<html><head><script src="https://evil.test/x.js"></script><title>t</title></head><body>x</body></html>';
    const doc = buildSrcdoc(html);
    const cspAt = doc.indexOf(CSP_META);
    expect(cspAt).toBe('<!DOCTYPE html>'.length);
    expect(doc.indexOf('<head>')).toBeGreaterThan(cspAt);
    expect(doc.indexOf('<script')).toBeGreaterThan(cspAt);
    expect(doc.match(/<!doctype/gi)).toHaveLength(1);
  });

  it('strips a BOM and leading comments before the original doctype', () => {
    const doc = buildSrcdoc('\uFEFF  <!-- generated -->\n<!DOCTYPE html><html><head></head></html>');
    expect(doc.startsWith(`<!DOCTYPE html>${CSP_META}`)).toBe(true);
    expect(doc.match(/<!doctype/gi)).toHaveLength(1);
  });

  it('keeps a doctype that appears later in the text as content', () => {
    expect(buildSrcdoc('<p>a</p><!doctype html>')).toContain('<p>a</p><!doctype html>');
  });
});

describe('estimateFrameHeight', () => {
  it('keeps tiny documents at the minimum height', () => {
    expect(estimateFrameHeight('<p>hi</p>')).toBe(MIN_FRAME_HEIGHT);
  });

  it('grows with content but never past the maximum', () => {
    const medium = estimateFrameHeight(`<h1>T</h1>${'<p>para</p>'.repeat(12)}`);
    expect(medium).toBeGreaterThan(MIN_FRAME_HEIGHT);
    expect(medium).toBeLessThan(MAX_FRAME_HEIGHT);
    expect(estimateFrameHeight('<p>x</p>'.repeat(500))).toBe(MAX_FRAME_HEIGHT);
  });

  it('ignores styles and scripts when estimating', () => {
    const styled = `<style>${'p{color:red}'.repeat(500)}</style><p>hi</p>`;
    expect(estimateFrameHeight(styled)).toBe(MIN_FRAME_HEIGHT);
  });
});
