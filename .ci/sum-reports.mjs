// Prints "passed failed skipped" summed over a Vitest JSON report and a Playwright JSON report.
// A missing report counts as one failure, so a runner that crashed before writing cannot pass.
// Each failed test is named on stderr, with the first line of its error: CI keeps only the end of
// the log, and the runners name their failures far above it.
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
    for (const line of vitestFailures(report)) console.error(line);
    skipped += report.numPendingTests + (report.numTodoTests ?? 0);
  } else if (report.stats) {
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
    failed += (report.errors ?? []).length;
    for (const line of playwrightFailures(report.suites ?? [])) console.error(line);
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

function firstLine(message) {
  return String(message ?? '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);
}

function vitestFailures(report) {
  return (report.testResults ?? []).flatMap((file) => {
    const where = file.name.replace(`${process.cwd()}/`, '');
    const tests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    if (file.status === 'failed' && tests.length === 0) return [`FAILED ${where}: ${firstLine(file.message)}`];
    return tests.map((a) => `FAILED ${where} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
  });
}

function playwrightFailures(suites) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? []).flatMap((spec) =>
      (spec.tests ?? [])
        .filter((test) => test.status === 'unexpected')
        .map((test) => {
          const error = test.results?.at(-1)?.error?.message;
          return `FAILED ${spec.file}:${spec.line} [${test.projectName}] ${spec.title}: ${firstLine(error)}`;
        }),
    ),
    ...playwrightFailures(suite.suites ?? []),
  ]);
}
