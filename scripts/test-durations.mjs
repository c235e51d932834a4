// Writes testing/durations.json (each test file's seconds, as the sequencer orders files) from a vitest
// JSON report: `npm run test:durations` after a full run (.ci/run's report).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';

const report = JSON.parse(readFileSync(process.argv[2] ?? '.tmp/vitest-results.json', 'utf8'));
// The report's root (the run may have been in another clone): the directory every file lies under.
const names = report.testResults.map((file) => file.name);
let root = dirname(names[0]);
while (!names.every((name) => name.startsWith(`${root}/`))) root = dirname(root);
const repo = resolve(import.meta.dirname, '..');
const seconds = Object.fromEntries(
  report.testResults
    .map((file) => [
      relative(root, file.name),
      Math.max(1, Math.round((file.endTime - file.startTime) / 1000)),
    ])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(resolve(repo, 'testing/durations.json'), `${JSON.stringify(seconds, null, 2)}\n`);
console.log(`testing/durations.json: ${Object.keys(seconds).length} files`);
