// The dashboard's index.html runs one inline script, the first-paint boot script (scripts/vite-first-paint.ts):
// inline, it costs the first page no round trip of its own. The Content-Security-Policy allows it by
// its hash, never by 'unsafe-inline', so no other inline script (an injected one) can run.
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** An inline script element: no `src`, and JavaScript (no `type`, or a JavaScript one). */
const INLINE_SCRIPT = /<script((?:\s+[\w-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script>/g;
const isCode = (attributes: string) =>
  !/\ssrc=/.test(attributes) && /^(?:text\/javascript|module)?$/.test(attributes.match(/\stype="([^"]*)"/)?.[1] ?? '');

/** The CSP source expressions (`'sha256-…'`) that allow the inline scripts of `html`, as the browser hashes them. */
export function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(INLINE_SCRIPT)]
    .filter((m) => isCode(m[1] ?? ''))
    .map((m) => `'sha256-${createHash('sha256').update(m[2]!, 'utf8').digest('base64')}'`);
}

export interface BuiltIndex {
  /** The file's text, or null when there is none. */
  html: string | null;
  scriptHashes: readonly string[];
}

/**
 * `distDir`'s index.html and the hashes of its inline scripts, read once and again only when the file
 * changes (a build made while the service runs is the one served, and its script must run). With
 * `recheck` false the last reading is given without looking at the file: enough for answers that are
 * not the page itself (assets), so they cost no file system call.
 */
export function builtIndex(distDir: string): (recheck?: boolean) => BuiltIndex {
  const file = join(distDir, 'index.html');
  let seen = { mtimeMs: -1, size: -1 };
  let index: BuiltIndex = { html: null, scriptHashes: [] };
  return (recheck = true) => {
    if (!recheck && seen.mtimeMs !== -1) return index;
    try {
      const stat = statSync(file);
      if (stat.mtimeMs !== seen.mtimeMs || stat.size !== seen.size) {
        const html = readFileSync(file, 'utf8');
        index = { html, scriptHashes: inlineScriptHashes(html) };
        seen = { mtimeMs: stat.mtimeMs, size: stat.size };
      }
    } catch {
      index = { html: null, scriptHashes: [] };
      seen = { mtimeMs: -1, size: -1 };
    }
    return index;
  };
}

/** The hashes alone, read again whenever the file changes; none when there is no file. */
export function indexScriptHashes(distDir: string): (recheck?: boolean) => readonly string[] {
  const read = builtIndex(distDir);
  return (recheck = true) => read(recheck).scriptHashes;
}
