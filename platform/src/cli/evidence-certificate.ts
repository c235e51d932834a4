import { writeFile } from 'node:fs/promises';
import { certificateFingerprint, certificatesFromFile } from '@onboard/query-api/evidence-pack';
import { carrierCertificatePem } from '../evidence-pack/seal.ts';
import { isDistributedTopology, parseEvidenceCertificate } from '../config.ts';
import { parseSettings } from '../settings.ts';
import { carrierCertificateSource } from '../evidence-pack/carrier-certificate.ts';

/**
 * `npm run evidence-certificate [-- <out.pem>]`: the carrier certificate that seals evidence packs, in
 * PEM (from ONBOARD_EVIDENCE_CERT_P12, or the embedded default's self-signed one, made if missing), on
 * stdout or into the file given; its SHA-256 fingerprint goes to stderr. Hand it to whoever verifies
 * packs: `npm run verify-evidence -- <pack> --certificate <out.pem>`.
 */
const out = process.argv[2];
const settings = parseSettings(process.env);
const setting = parseEvidenceCertificate(settings, isDistributedTopology(settings));
const certificate = await carrierCertificateSource(setting)();
if (!certificate) {
  console.error('No carrier certificate: set ONBOARD_EVIDENCE_CERT_P12 and ONBOARD_EVIDENCE_CERT_PASSWORD');
  process.exit(1);
}
const pem = carrierCertificatePem(certificate);
const fingerprint = certificateFingerprint(certificatesFromFile(Buffer.from(pem), 'carrier.pem')[0]!);
if (out) await writeFile(out, pem);
else process.stdout.write(pem);
console.error(`Carrier certificate SHA-256 ${fingerprint}${out ? `, written to ${out}` : ''}`);
