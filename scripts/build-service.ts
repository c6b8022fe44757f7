// Compiles the service to plain JavaScript for a production start of one Node process
// (`node dist-service/main.js`; see docs/service.md, "Running in production"). Two bundles: main.js
// and step-worker.js, which the worker threads load by path from beside main.js. Packages stay in
// node_modules. Usage: tsx scripts/build-service.ts [outdir], by default dist-service.
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const outdir = process.argv[2] ?? 'dist-service';

await build({
  absWorkingDir: ROOT,
  entryPoints: ['src/service/main.ts', 'src/service/engine/step-worker.ts'],
  entryNames: '[name]',
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
