/** Blocks every network load from a result's HTML; only inline styles and data: images render. */
export const PREVIEW_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:";

const LEADING_DOCTYPE = /^\uFEFF?\s*(?:<!--[\s\S]*?-->\s*)*<!doctype[^>]*>/i;

/**
 * Wraps a result's HTML for an iframe srcdoc with the CSP meta tag as the very first element, so it
 * applies before anything in the document (a <meta> before <html>/<head> lands first in the
 * implied head). A doctype is kept ahead of it so the page still renders in standards mode.
 */
export function buildSrcdoc(html: string): string {
  const body = html.replace(LEADING_DOCTYPE, '');
  return `<!DOCTYPE html><meta http-equiv="Content-Security-Policy" content="${PREVIEW_CSP}"><meta charset="utf-8">${body}`;
}

export const MIN_FRAME_HEIGHT = 160;
export const MAX_FRAME_HEIGHT = 720;

/**
 * A starting height for the preview frame. A sandbox without allow-same-origin cannot be measured
 * from outside, so this guesses from the markup (block elements and text length) within bounds;
 * the frame is also user-resizable.
 */
export function estimateFrameHeight(html: string): number {
  const withoutHead = html.replace(/<head[\s\S]*?<\/head>/i, '').replace(/<(style|script)[\s\S]*?<\/\1>/gi, '');
  const blocks = (
    withoutHead.match(/<(p|h[1-6]|li|tr|br|div|section|article|pre|blockquote|img|hr|table|ul|ol|dt|dd)\b/gi) ?? []
  ).length;
  const text = withoutHead
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const lines = blocks + Math.ceil(text.length / 90);
  return Math.min(MAX_FRAME_HEIGHT, Math.max(MIN_FRAME_HEIGHT, 32 + lines * 26));
}
