// Prints "passed failed skipped" summed over a Vitest JSON report and a Playwright JSON report.
// A missing report counts as one failure, so a runner that crashed before writing cannot pass.
import { readFileSync, existsSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if ('numPassedTests' in report) {
    passed += report.numPassedTests;
    failed += report.numFailedTests + filesThatFailedToRun(report);
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    failed += (report.errors ?? []).length;
  } else {
    failed += 1;
  }
}
console.log(`${passed} ${failed} ${skipped}`);

// A test file that failed to load or crashed has no failed test of its own; count it once.
function filesThatFailedToRun(report) {
  return (report.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
}
