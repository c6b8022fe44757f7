// The build side of the first paint (src/web/first-paint.ts, issue #33): the boot script becomes a
// small classic script of its own, and index.html preloads the app's modules instead of running them,
// leaving their start to that script.
import { createHash } from 'node:crypto';
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

export function firstPaint(alias: Record<string, string>): Plugin {
  let fileName = '';
  return {
    name: 'wf-first-paint',
    apply: 'build',
    async buildStart() {
      const [code, render] = await Promise.all([bundle(alias, BOOT, 'iife'), bundle(alias, SERVER_RENDER, 'es')]);
      fileName = `assets/first-paint-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
      this.emitFile({ type: 'asset', fileName: SERVER_RENDER_FILE, source: render });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // Fetched at once, compiled and run when the boot script says.
        const preloaded = html.replace(
          /<script type="module" crossorigin src="([^"]+)"><\/script>/g,
          '<link rel="preload" as="script" crossorigin href="$1" data-wf-start>',
        );
        if (preloaded === html || !html.includes('<div id="root"></div>'))
          throw new Error('index.html no longer has the module scripts and root the first paint expects');
        // The boot script just above the stylesheet: it runs before the styles arrive (a script waits only
        // for the stylesheets above it), so the list's request leaves as early as it can, and below the
        // module links it starts (a script sees only the elements parsed before it).
        if (!preloaded.includes('<link rel="stylesheet"')) throw new Error('index.html no longer links its stylesheet');
        return preloaded
          .replace('<link rel="stylesheet"', `<script src="/${fileName}"></script>\n    <link rel="stylesheet"`)
          .replace('</head>', `  ${HIDE_WHILE_FIRST_PAINT}\n  </head>`)
          .replace('<div id="root"></div>', '<div id="first-paint"></div><div id="root"></div>');
      },
    },
  };
}
