// The build side of the first paint (src/web/first-paint.ts, issue #33): the boot script becomes a
// small classic script inline in index.html, which names the app's modules instead of running them,
// leaving their start to that script.
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

const BOOT = fileURLToPath(new URL('../src/web/first-paint-boot.ts', import.meta.url));
const SERVER_RENDER = fileURLToPath(new URL('../src/web/first-page-render.ts', import.meta.url));

/**
 * Where the service finds the list's drawing (src/service/http/plugins/first-page.ts loads it from
 * the build it serves): the same markup as the boot script's, without the service importing the web.
 */
const SERVER_RENDER_FILE = 'server/first-page.mjs';

/**
 * While the first paint shows, the app renders out of sight: it shows as a whole once it has drawn
 * its page (main.tsx removes the first paint then), never half-built beside the drawing. A list the
 * service drew for another key than this tab's (the boot script marks <html> so) never shows.
 */
const HIDE_WHILE_FIRST_PAINT =
  '<style>#first-paint:not(:empty)+#root,.wf-other-key #first-paint[data-served]{display:none}</style>';

/** `entry` bundled (its imports inlined) as one file: a minified classic script, or an ES module for Node. */
async function bundle(alias: Record<string, string>, entry: string, format: 'iife' | 'es'): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    resolve: { alias },
    build: {
      write: false,
      minify: format === 'iife',
      emptyOutDir: false,
      lib: { entry, formats: [format], name: 'wfFirstPaint', fileName: () => 'first-paint.js' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error(`${entry} did not build`);
  return chunk.code;
}

/** The meta element that names the app's module scripts for the boot script to start (first-paint-boot.ts). */
const START_META = 'wf-start';

/**
 * `code` as the body of an inline `<script>`: the HTML parser ends a script at `</script` and treats
 * `<!--` specially, so a bundle holding either is refused rather than served broken.
 */
function inlineScript(code: string): string {
  if (/<\/script|<!--/i.test(code))
    throw new Error('the first-paint script holds "</script" or "<!--": it cannot be inlined');
  return `<script>${code}</script>`;
}

export function firstPaint(alias: Record<string, string>): Plugin {
  let boot = '';
  return {
    name: 'wf-first-paint',
    apply: 'build',
    async buildStart() {
      const [code, render] = await Promise.all([bundle(alias, BOOT, 'iife'), bundle(alias, SERVER_RENDER, 'es')]);
      boot = inlineScript(code.trim());
      this.emitFile({ type: 'asset', fileName: SERVER_RENDER_FILE, source: render });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // The app's modules are named, not fetched: the boot script starts them once the list is drawn,
        // so neither their download nor their compilation competes with the list's request and paint
        // (measured: docs/speed.md).
        const modules = [...html.matchAll(/<script type="module" crossorigin src="([^"]+)"><\/script>\s*/g)];
        if (modules.length === 0 || !html.includes('<div id="root"></div>'))
          throw new Error('index.html no longer has the module scripts and root the first paint expects');
        let page = html;
        for (const [tag] of modules) page = page.replace(tag, '');
        const names = modules.map((m) => m[1]).join(' ');
        // The boot script inline, just above the stylesheet: it runs as soon as the parser reaches it,
        // before the styles arrive (a script waits only for the stylesheets above it), so the list's
        // request leaves as early as it can. Inline, it costs no round trip of its own; the service
        // allows it by its hash (src/service/http/plugins/index-scripts.ts).
        if (!page.includes('<link rel="stylesheet"')) throw new Error('index.html no longer links its stylesheet');
        return page
          .replace(
            '<link rel="stylesheet"',
            () => `<meta name="${START_META}" content="${names}">\n    ${boot}\n    <link rel="stylesheet"`,
          )
          .replace('</head>', `  ${HIDE_WHILE_FIRST_PAINT}\n  </head>`)
          .replace('<div id="root"></div>', '<div id="first-paint"></div><div id="root"></div>');
      },
    },
  };
}
