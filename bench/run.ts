// `npm run bench`: prints figures and ratios, each measured side by side in this one run.
import { runServiceBench, type Figure } from './service-bench';

const only = process.argv[2];
const sections: Array<[string, () => Promise<Figure[]>]> = [
  ['service', runServiceBench],
  ['web', async () => (await import('./web-bench')).runWebBench()],
];

const all: Figure[] = [];
for (const [name, run] of sections) {
  if (only && only !== name) continue;
  console.log(`\n== ${name}`);
  try {
    const figures = await run();
    for (const f of figures) print(f);
    all.push(...figures);
  } catch (err) {
    console.error(`  ${name} bench failed: ${(err as Error).message}`);
    process.exitCode = 1;
  }
}

console.log('\n== summary');
for (const f of all) print(f);

function print(f: Figure) {
  const goal = f.goal ? `  (goal ${f.goal}: ${f.ok ? 'met' : 'NOT met'})` : '';
  console.log(`  ${f.name.padEnd(52)} ${String(f.value).padStart(10)} ${f.unit}${goal}`);
}
