// The build side of the first paint (src/web/first-paint.ts, issue #33): the boot script becomes a
// small classic script of its own, and index.html preloads the app's modules instead of running them,
// leaving their start to that script.
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type Rolldown } from 'vite';

const BOOT = fileURLToPath(new URL('../src/web/first-paint-boot.ts', import.meta.url));

/**
 * While the first paint shows, the app renders out of sight: it shows as a whole once it has drawn
 * its page (main.tsx removes the first paint then), never half-built beside the drawing.
 */
const HIDE_APP_WHILE_FIRST_PAINT = '<style>#first-paint:not(:empty)+#root{display:none}</style>';

/** The boot script bundled (its imports inlined) and minified as one classic script. */
async function bundleBoot(alias: Record<string, string>): Promise<string> {
  const out = await build({
    configFile: false,
    logLevel: 'silent',
    publicDir: false,
    resolve: { alias },
    build: {
      write: false,
      minify: true,
      emptyOutDir: false,
      lib: { entry: BOOT, formats: ['iife'], name: 'wfFirstPaint', fileName: () => 'first-paint.js' },
    },
  });
  const outputs = (Array.isArray(out) ? out : [out]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((o) => o.type === 'chunk');
  if (!chunk || chunk.type !== 'chunk') throw new Error('the first-paint script did not build');
  return chunk.code;
}

export function firstPaint(alias: Record<string, string>): Plugin {
  let fileName = '';
  return {
    name: 'wf-first-paint',
    apply: 'build',
    async buildStart() {
      const code = await bundleBoot(alias);
      fileName = `assets/first-paint-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source: code });
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
          .replace('</head>', `  ${HIDE_APP_WHILE_FIRST_PAINT}\n  </head>`)
          .replace('<div id="root"></div>', '<div id="first-paint"></div><div id="root"></div>');
      },
    },
  };
}
