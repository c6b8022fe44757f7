// The peers the speed figures of the dashboard stand beside, in the same run: the dashboard as it
// was before issue #33 (built from a commit into a temporary checkout) and the floor, a static HTML
// page listing the same workflows, served from this machine.
import { execSync } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildSpa } from './browser';
import { freePort } from './processes';

const root = resolve(import.meta.dirname, '../..');

/** The commit before issue #33's change: the figures of "before" come from it. */
export const BEFORE_COMMIT = process.env.BENCH_WEB_BEFORE ?? 'ff458bc';

export interface Checkout {
  dir: string;
  remove: () => void;
}

/**
 * The sources of `commit` in a temporary folder, sharing this checkout's node_modules, built into
 * their own dist. The lockfile of that commit must match (the bench says so when it does not build).
 */
export function buildCommit(commit: string): Checkout {
  const dir = mkdtempSync(join(tmpdir(), 'wf-before-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    execSync(`git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`, { cwd: root, stdio: 'pipe' });
    symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'), 'dir');
    buildSpa(dir);
    return { dir, remove };
  } catch (err) {
    remove();
    throw err;
  }
}

export interface StaticPage {
  url: string;
  stop: () => Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The floor: the same workflows as plain HTML with a little inline CSS, as fast as a list page can
 * be, served by node:http on this machine.
 */
export async function serveStaticList(workflows: Array<{ name: string; description: string }>): Promise<StaticPage> {
  const rows = workflows
    .map((w) => `<li><a href="#"><b>${escapeHtml(w.name)}</b><p>${escapeHtml(w.description)}</p></a></li>`)
    .join('');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Workflows</title><style>body{font:14px/1.5 system-ui,sans-serif;max-width:72rem;margin:0 auto;padding:2rem 1.5rem}
h1{font-size:1.5rem}ul{list-style:none;padding:0;border:1px solid #ddd;border-radius:.5rem}li{border-bottom:1px solid #ddd;padding:.9rem 1.25rem}
a{color:inherit;text-decoration:none}p{margin:.2rem 0 0;color:#555}</style></head>
<body><header><b>Workflows</b></header><main><h1>Workflows</h1><ul>${rows}</ul></main></body></html>`;
  const port = await freePort();
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    res.end(html);
  });
  await new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${port}/workflows`,
    stop: () => new Promise<void>((done) => server.close(() => done())),
  };
}
