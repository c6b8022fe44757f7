/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const CHUNK_LOAD = fileURLToPath(new URL('./src/web/lib/chunk-load.ts', import.meta.url));

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

export default defineConfig({
  // `@/` is the dashboard's root and `@contract/` the shared contract (the same paths as tsconfig.json),
  // so an import names what it uses instead of how many folders to climb.
  resolve: {
    alias: {
      '@': fileURLToPath(new URL('./src/web', import.meta.url)),
      '@contract': fileURLToPath(new URL('./src/contract', import.meta.url)),
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // The workflow list is the first page of most visits: its component ships in the entry chunk,
      // so it renders as soon as its data arrives instead of after one more round trip for a chunk.
      codeSplittingOptions: { splitBehavior: ({ routeId }) => (routeId === '/workflows/' ? [] : undefined) },
      routesDirectory: './src/web/routes',
      generatedRouteTree: './src/web/route-tree.gen.ts',
      quoteStyle: 'single',
    }),
    react(),
    tailwindcss(),
    retryDynamicImports(),
  ],
  build: {
    outDir: 'dist',
    sourcemap: true,
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
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|react-store|store|react-query|query-core)|openapi-fetch|use-sync-external-store)[\\/]/,
            },
          ],
        },
      },
    },
  },
  worker: { format: 'es' },
  test: {
    include: ['src/**/*.test.ts', 'src/**/*.test.tsx', 'bench/**/*.test.ts'],
    environment: 'node',
    pool: 'forks',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    reporters: ['default', 'json'],
    outputFile: { json: 'reports/vitest.json' },
  },
});
