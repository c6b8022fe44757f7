import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexScriptHashes, inlineScriptHashes } from './index-scripts';

describe("index.html's inline scripts", () => {
  it('are hashed as the browser hashes them: the exact text between the tags, UTF-8', () => {
    // The CSP specification's own example: sha256 of `alert('Hello, world.');`.
    expect(inlineScriptHashes("<script>alert('Hello, world.');</script>")).toEqual([
      "'sha256-qznLcsROx4GACP2dm0UCKCzCG+HiZ1guq6ZZDob/Tng='",
    ]);
    expect(inlineScriptHashes('<script>"é"</script>')).toEqual(
      inlineScriptHashes('<script type="module">"é"</script>'),
    );
  });

  it('leave out scripts loaded from a file and data blocks, which no hash needs to allow', () => {
    const html =
      '<script src="/assets/app.js"></script><script type="application/json" id="d">{"a":1}</script>' +
      '<script type="text/javascript">go()</script>';
    expect(inlineScriptHashes(html)).toHaveLength(1);
    expect(inlineScriptHashes(html)).toEqual(inlineScriptHashes('<script>go()</script>'));
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([]);
  });

  describe('of a build on disk', () => {
    let dir = '';
    afterEach(() => rmSync(dir, { recursive: true, force: true }));

    it('follow a rebuild made while the service runs, and are none without a build', () => {
      dir = mkdtempSync(join(tmpdir(), 'index-scripts-'));
      const hashes = indexScriptHashes(dir);
      expect(hashes()).toEqual([]);
      writeFileSync(join(dir, 'index.html'), '<script>one()</script>');
      expect(hashes()).toEqual(inlineScriptHashes('<script>one()</script>'));
      writeFileSync(join(dir, 'index.html'), '<script>the second build()</script>');
      expect(hashes()).toEqual(inlineScriptHashes('<script>the second build()</script>'));
      rmSync(join(dir, 'index.html'));
      expect(hashes()).toEqual([]);
    });
  });
});
