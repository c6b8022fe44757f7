/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { firstPageScripts } from './scripts/first-page-scripts.ts';
import { firstPaint } from './scripts/vite-first-paint.ts';

const CHUNK_LOAD = fileURLToPath(new URL('./src/web/lib/chunk-load.ts', import.meta.url));
const CONTRACT_DOCUMENT = fileURLToPath(new URL('./src/contract/openapi.json', import.meta.url));

/** Issue #33: the JavaScript the first page loads (the entry and what it imports statically), gzip. */
const ENTRY_BUDGET_KB = 130;

/**
 * Fails the build when the entry chunk and the chunks it imports statically pass ENTRY_BUDGET_KB
 * gzipped (level 9, as `npm run bench web` counts): the first page's weight cannot creep back.
 * `npm start` builds with WF_ENTRY_BUDGET=warn: a person starting the product gets the dashboard
 * and a warning, while `npm run build` (a CI step) keeps the budget a gate.
 */
function entryBudget(): Plugin {
  return {
    name: 'wf-entry-budget',
    apply: 'build',
    // After writing: what index.html runs before anything else (scripts/first-page-scripts.ts), as
    // served (minified, final), read back from disk.
    writeBundle(options, bundle) {
      const dir = options.dir;
      if (dir === undefined || !('index.html' in bundle)) return;
      const html = readFileSync(join(dir, 'index.html'), 'utf8');
      const { files, inline } = firstPageScripts(html);
      const seen = new Set(files.map((f) => f.replace(/^\//, '')));
      const gz = (bytes: Buffer | string) => gzipSync(bytes, { level: 9 }).length;
      const sizes = [
        ...[...seen].map((f) => ({ f, bytes: gz(readFileSync(join(dir, f))) })),
        ...inline.map((body) => ({ f: 'index.html (inline script)', bytes: gz(body) })),
      ];
      const total = sizes.reduce((sum, s) => sum + s.bytes, 0);
      const kb = (b: number) => (b / 1024).toFixed(1);
      const line = `initial JS of the first page: ${kb(total)} kB gzip in ${sizes.length} files (budget ${ENTRY_BUDGET_KB} kB)`;
      if (total <= ENTRY_BUDGET_KB * 1024) return this.info(line);
      const biggest = sizes
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 5)
        .map((s) => `${s.f} ${kb(s.bytes)} kB`)
        .join(', ');
      const modules = [...seen]
        .flatMap((f) => {
          const chunk = bundle[f]!;
          return chunk.type === 'chunk' ? Object.entries(chunk.modules) : [];
        })
        .sort((a, b) => b[1].renderedLength - a[1].renderedLength)
        .slice(0, Number(process.env.WF_BUDGET_MODULES ?? 12))
        .map(
          ([id, m]) =>
            `  ${(m.renderedLength / 1024).toFixed(1)} kB ${id.replace(/^.*node_modules\//, '').replace(process.cwd(), '')}`,
        )
        .join('\n');
      const message = `${line} is over budget. Biggest files: ${biggest}. Biggest modules (minified, before gzip):\n${modules}\nLoad what the first page does not need on demand.`;
      if (process.env.WF_ENTRY_BUDGET === 'warn') this.warn(message);
      else this.error(message);
    },
  };
}

/**
 * The dashboard reads one part of the contract document, its `x-limits` (src/contract/limits.ts);
 * the whole document would add 13 kB gzip to the first page. The build gives the browser that part
 * only (the service and the tests still read the whole file).
 */
function contractLimitsOnly(): Plugin {
  return {
    name: 'wf-contract-limits-only',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (id.split('?')[0] !== CONTRACT_DOCUMENT) return null;
      const doc = JSON.parse(readFileSync(CONTRACT_DOCUMENT, 'utf8')) as Record<string, unknown>;
      return JSON.stringify({ 'x-limits': doc['x-limits'] });
    },
  };
}

/**
 * Vite wraps each `import('…')` in a helper that first preloads the chunk's dependencies and styles.
 * With `modulePreload: false` and one stylesheet there are never any, so the helper (1.2 kB gzip of
 * the first page) only calls the import: this one does just that. Its `vite:preloadError` event had
 * no listener; a failed import still rejects, and importWithRetry handles it.
 */
function plainDynamicImports(): Plugin {
  const helper = '\0vite/preload-helper.js';
  return {
    name: 'wf-plain-dynamic-imports',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return id === helper ? 'export const __vitePreload = (load) => load();' : null;
    },
  };
}

/**
 * Wraps every `import('…')` of the dashboard (lazy components, route chunks the router plugin
 * splits off, libraries loaded on first use) in `importWithRetry`, so an outage or a redeploy is
 * handled in one place (src/web/lib/chunk-load.ts) instead of at each call site. Build only: the
 * dev server serves modules from source and has no hashed chunks to lose.
 */
function retryDynamicImports(): Plugin {
  const dynamicImport = /\bimport\(\s*(['"][^'"]+['"])\s*\)/g;
  return {
    name: 'wf-retry-dynamic-imports',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      const file = id.split('?')[0]!;
      if (file === CHUNK_LOAD || !file.includes('/src/web/') || !/\.tsx?$/.test(file) || !code.includes('import('))
        return null;
      const wrapped = code.replace(
        dynamicImport,
        (_all, specifier: string) => `__importWithRetry(() => import(${specifier}))`,
      );
      if (wrapped === code) return null;
      return {
        code: `import { importWithRetry as __importWithRetry } from ${JSON.stringify(CHUNK_LOAD)}; ${wrapped}`,
        map: null,
      };
    },
  };
}

const ALIAS = {
  '@': fileURLToPath(new URL('./src/web', import.meta.url)),
  '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
};

export default defineConfig({
  // `@/` is the dashboard's root and `@contract/` the shared contract (the same paths as tsconfig.json),
  // so an import names what it uses instead of how many folders to climb.
  resolve: {
    alias: {
      ...ALIAS,
      // React 19 has useSyncExternalStore: the router's store needs only the selector on top of it, not
      // the shim for older Reacts (0.5 kB gzip of the first page).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The workflow list is the first page of most visits: its component ships in the entry chunk,
      // so it renders as soon as its data arrives instead of after one more round trip for a chunk.
      // Every other route's loader ships with its component (one chunk, fetched on a hover on a link to
      // it), so the queries and feeds only other pages read stay out of the first page's JavaScript.
      codeSplittingOptions: {
        splitBehavior: ({ routeId }) => (routeId === '/workflows/' ? [] : undefined),
        defaultBehavior: [
          ['loader', 'component'],
          ['pendingComponent', 'errorComponent', 'notFoundComponent'],
        ],
      },
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    retryDynamicImports(),
    contractLimitsOnly(),
    plainDynamicImports(),
    firstPaint(ALIAS),
    entryBudget(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // No preload helper and dependency lists in the first page's code (about 1.5 kB gzip): a lazy
    // chunk's own imports load when it is evaluated, one round trip later, and the pages a person
    // goes to next are fetched ahead on idle and on hover anyway.
    modulePreload: false,
    rolldownOptions: {
      output: {
        // The framework every page needs ships as one file: one request and one gzip stream instead
        // of a dozen small shared chunks. Lazy-only libraries (RJSF, markdown, papaparse…) stay out,
        // and so do the framework's parts only lazy pages use (useQueries, useMutation…): `$initial`
        // keeps the group to what the entry imports statically.
        codeSplitting: {
          groups: [
            {
              name: 'framework',
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-store|store|react-query|query-core)|use-sync-external-store)[\\/]/,
            },
            {
              // The dashboard's own modules the first page imports, as one file: one request and one
              // gzip stream, instead of small shared chunks that each compress on their own.
              name: 'app',
              tags: ['$initial'],
              test: /[\\/]src[\\/](web|contract)[\\/]/,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts', 'e2e/support/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    // Vitest's default, one fewer than the cores, is one worker on a two-core machine; most service tests
    // wait on child processes, sockets and timers, so two workers there took the suite from 954 s to 549 s.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
