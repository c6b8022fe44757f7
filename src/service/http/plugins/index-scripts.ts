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

/**
 * The hashes of `distDir`'s index.html, read again whenever the file changes (a build made while the
 * service runs is the one served, and its script must run); none when there is no file.
 */
export function indexScriptHashes(distDir: string): () => readonly string[] {
  const file = join(distDir, 'index.html');
  let seen = { mtimeMs: -1, size: -1 };
  let hashes: readonly string[] = [];
  return () => {
    try {
      const stat = statSync(file);
      if (stat.mtimeMs !== seen.mtimeMs || stat.size !== seen.size) {
        hashes = inlineScriptHashes(readFileSync(file, 'utf8'));
        seen = { mtimeMs: stat.mtimeMs, size: stat.size };
      }
    } catch {
      hashes = [];
    }
    return hashes;
  };
}
