import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { certificatesFromFile, verifyEvidencePack, type SignerTrust } from '@onboard/query-api/evidence-pack';
import { parseSettings } from '../settings.ts';

/**
 * `npm run verify-evidence -- <file> [--certificate <carrier.pem|.crt|.p12>] [--fingerprint <sha256>]`:
 * recomputes a sealed evidence pack (the PAdES signature over the file, the signer against the carrier's
 * certificate or the CA that issued it and its validity at the signing time, each attachment's hash, each
 * signed form against its audit trail, the event chain link by link), prints every check, and exits
 * non-zero naming the first check that does not hold. A .p12 is opened with --password or
 * ONBOARD_EVIDENCE_CERT_PASSWORD.
 */
const usage =
  'Usage: npm run verify-evidence -- <evidence pack PDF> [--certificate <carrier.pem|.crt|.p12>] [--fingerprint <SHA-256>] [--password <.p12 password>]';
let parsed;
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: {
      certificate: { type: 'string', multiple: true },
      fingerprint: { type: 'string', multiple: true },
      password: { type: 'string' },
    },
  });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${usage}`);
  process.exit(2);
}
const file = parsed.positionals[0];
if (!file) {
  console.error(usage);
  process.exit(2);
}
const read = async (path: string) => {
  try {
    return await readFile(path);
  } catch (error) {
    console.error(`Cannot read ${path}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(2);
  }
};
const bytes = await read(file);
const trust: SignerTrust = { certificates: [], fingerprints: parsed.values.fingerprint ?? [] };
for (const path of parsed.values.certificate ?? []) {
  try {
    const found = certificatesFromFile(
      await read(path),
      path,
      parsed.values.password ?? parseSettings(process.env).ONBOARD_EVIDENCE_CERT_PASSWORD ?? '',
    );
    if (found.length === 0) throw new Error('it holds no certificate');
    trust.certificates!.push(...found);
  } catch (error) {
    console.error(
      `Cannot read the certificate ${path}: ${error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(2);
  }
}
const result = await verifyEvidencePack(bytes, { trust });
for (const check of result.checks)
  console.log(`${check.notChecked ? 'NOTE' : check.holds ? 'ok  ' : 'FAIL'}  ${check.detail}`);
if (result.firstFailure) {
  console.log(`\nThe evidence pack does not verify. First failure: ${result.firstFailure.detail}`);
  process.exit(1);
}
console.log(
  result.checks.some((c) => c.notChecked)
    ? "\nThe evidence pack verifies, but its signer was not checked against the carrier's certificate (use --certificate or --fingerprint)."
    : "\nThe evidence pack verifies, sealed by the carrier's certificate.",
);
