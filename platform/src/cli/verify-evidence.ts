import { readFile } from 'node:fs/promises';
import { verifyEvidencePack } from '@onboard/query-api/evidence-pack';

/**
 * `npm run verify-evidence -- <file>`: recomputes a sealed evidence pack (the PAdES signature over the
 * file, each attachment's hash, each signed form against its audit trail, the event chain link by link),
 * prints every check, and exits non-zero naming the first check that does not hold.
 */
const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run verify-evidence -- <evidence pack PDF>');
  process.exit(2);
}
let bytes: Buffer;
try {
  bytes = await readFile(file);
} catch (error) {
  console.error(`Cannot read ${file}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
}
const result = await verifyEvidencePack(bytes);
for (const check of result.checks) console.log(`${check.holds ? 'ok  ' : 'FAIL'}  ${check.detail}`);
if (result.firstFailure) {
  console.log(`\nThe evidence pack does not verify. First failure: ${result.firstFailure.detail}`);
  process.exit(1);
}
console.log('\nThe evidence pack verifies.');
