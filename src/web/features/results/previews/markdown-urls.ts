const ALLOWED_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/**
 * The url react-markdown may render, or undefined to drop it. Absolute links must be http, https
 * or mailto; "#footnote" anchors stay in the page; relative paths that name another result file
 * (a report embedding chart.png) point at that file's link; anything else is dropped.
 */
export function safeMarkdownUrl(url: string, siblings: ReadonlyMap<string, string> = new Map()): string | undefined {
  const trimmed = url.trim();
  if (trimmed.startsWith('#')) return trimmed;
  const sibling = siblings.get(trimmed.replace(/^\.\//, ''));
  if (sibling) return isWebUrl(sibling) ? sibling : undefined;
  try {
    const parsed = new URL(trimmed);
    return ALLOWED_PROTOCOLS.has(parsed.protocol) ? trimmed : undefined;
  } catch {
    return undefined;
  }
}

function isWebUrl(url: string): boolean {
  try {
    const { protocol } = new URL(url, 'https://relative.invalid');
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/** Prefix of an image src held back until the person asks for this file's images. */
export const BLOCKED_IMAGE_PREFIX = 'blocked-image:';

/**
 * The src an image may load: another result file of the same run always (it is part of the
 * result), a remote image only once allowed, since fetching it tells its host who opened which
 * result. A blocked image keeps its URL behind BLOCKED_IMAGE_PREFIX, for the placeholder to name it.
 */
export function markdownImageSrc(
  url: string,
  siblings: ReadonlyMap<string, string>,
  showRemote: boolean,
): string | undefined {
  const sibling = siblings.get(url.trim().replace(/^\.\//, ''));
  if (sibling) return safeMarkdownUrl(url, siblings);
  const safe = safeMarkdownUrl(url, siblings);
  if (safe === undefined || safe.startsWith('#') || safe.startsWith('mailto:')) return undefined;
  return showRemote ? safe : `${BLOCKED_IMAGE_PREFIX}${safe}`;
}
