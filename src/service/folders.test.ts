import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVICE = dirname(fileURLToPath(import.meta.url));
const IMPORT = /(?:from |import\()'(\.[^']+)'/g;

/** The service's hand-written source files (no tests, no test support), relative to src/service. */
function sources(dir = SERVICE): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [relative(SERVICE, path)] : [];
  });
}

/** A file's top folder under src/service (http/resources/x and http/plugins are both http); null at the top. */
const folderOf = (path: string): string | null => (path.includes('/') ? path.split('/')[0]! : null);

/** Each folder's imports of other service folders, as "from -> to": the file that shows it. */
function folderImports(): Map<string, string> {
  const found = new Map<string, string>();
  for (const file of sources()) {
    const from = folderOf(file);
    for (const [, spec] of readFileSync(join(SERVICE, file), 'utf8').matchAll(IMPORT)) {
      const target = relative(SERVICE, resolve(SERVICE, dirname(file), spec!));
      const to = target.startsWith('..') ? null : folderOf(target);
      if (from && to && from !== to) found.set(`${from} -> ${to}`, `${file} imports ${spec}`);
    }
  }
  return found;
}

describe('the service folders', () => {
  it('never import each other both ways, so each can be read and changed from below', () => {
    const imports = folderImports();
    const twoWay = [...imports.keys()].flatMap((edge) => {
      const [from, to] = edge.split(' -> ') as [string, string];
      const back = imports.get(`${to} -> ${from}`);
      return back && from < to ? [`${imports.get(edge)!}, and ${back}`] : [];
    });
    expect(imports.size).toBeGreaterThan(10);
    expect(twoWay).toEqual([]);
  });
});
