import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import * as pkijs from 'pkijs';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  carrierCertificatePem,
  sealPdf,
  selfSignedCarrierCertificate,
  type CarrierCertificate,
} from './seal.ts';
import { testCarrierCertificate } from '../testing/evidence-pack.ts';
import {
  certificateFingerprint,
  certificatesFromFile,
  composeEvidencePack,
  verifyEvidencePack,
} from '@onboard/query-api/evidence-pack';

const YEAR = 365 * 24 * 3600_000;

function keys() {
  const pair = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(pair.publicKey),
    privateKey: forge.pki.privateKeyFromPem(pair.privateKey),
  };
}

type Issued = { cert: forge.pki.Certificate; key: forge.pki.rsa.PrivateKey };

/** A certificate for a new key, signed by its issuer (or self-signed), valid a year back and five ahead. */
function issue(
  commonName: string,
  options: { issuer?: Issued; serial: string; ca: boolean; now: Date },
): Issued {
  const pair = keys();
  const cert = forge.pki.createCertificate();
  cert.publicKey = pair.publicKey;
  cert.serialNumber = options.serial;
  cert.validity.notBefore = new Date(options.now.getTime() - YEAR);
  cert.validity.notAfter = new Date(options.now.getTime() + 5 * YEAR);
  cert.setSubject([{ name: 'commonName', value: commonName }]);
  cert.setIssuer((options.issuer?.cert ?? cert).subject.attributes);
  cert.setExtensions(
    options.ca
      ? [
          { name: 'basicConstraints', cA: true },
          { name: 'keyUsage', keyCertSign: true, cRLSign: true },
        ]
      : [
          { name: 'basicConstraints', cA: false },
          { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
        ],
  );
  cert.sign(options.issuer?.key ?? pair.privateKey, forge.md.sha256.create());
  return { cert, key: pair.privateKey };
}

/** A signer's key with its certificate and the certificates above it, as the carrier's PKCS#12. */
function carrierP12(signer: Issued, above: forge.pki.Certificate[], password: string): CarrierCertificate {
  const p12 = forge.pkcs12.toPkcs12Asn1(signer.key, [signer.cert, ...above], password, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), password };
}

const SEAL = 'Lakeside Group Benefits evidence seal';

/** A CA certificate and a leaf it issued, the leaf with its key as PKCS#12. */
function caAndLeaf(now: Date) {
  const ca = issue('Lakeside Root CA', { serial: '0a01', ca: true, now });
  const leaf = issue(SEAL, { issuer: ca, serial: '0b02', ca: false, now });
  return { ca: ca.cert, leaf: carrierP12(leaf, [ca.cert], 'leaf') };
}

/** The /Contents of the last signature: where its hex starts and ends in the file. */
function signatureContents(pack: Uint8Array) {
  const text = Buffer.from(pack).toString('latin1');
  const start = text.lastIndexOf('/Contents <') + '/Contents <'.length;
  return { start, end: text.indexOf('>', start), text };
}

/** The pack with the CMS SignedData in its signature rewritten, padded to the placeholder as before. */
function rewriteSignature(pack: Uint8Array, change: (signedData: pkijs.SignedData) => void) {
  const { start, end, text } = signatureContents(pack);
  const hex = text.slice(start, end);
  const contentInfo = pkijs.ContentInfo.fromBER(Buffer.from(hex, 'hex'));
  const signedData = new pkijs.SignedData({ schema: contentInfo.content });
  change(signedData);
  contentInfo.content = signedData.toSchema(true);
  const der = Buffer.from(contentInfo.toSchema().toBER()).toString('hex');
  const changed = Buffer.from(pack);
  changed.write(der.padEnd(hex.length, '0'), start, 'latin1');
  return new Uint8Array(changed);
}

async function sealed(certificate: CarrierCertificate, signingTime = new Date()) {
  const summary = await PDFDocument.create();
  summary.addPage([612, 792]);
  const doc = await composeEvidencePack({
    clientId: 'acme',
    clientName: 'Acme Tools',
    generatedAt: new Date('2026-01-05T09:00:00.000Z'),
    forms: [],
    eifSummary: await summary.save(),
    events: [],
  });
  return sealPdf(doc, certificate, { reason: 'Evidence pack of Acme Tools', signingTime });
}

/** A node-forge certificate as the verifier reads certificates. */
const readBack = (certificate: forge.pki.Certificate) =>
  certificatesFromFile(Buffer.from(forge.pki.certificateToPem(certificate)), 'ca.pem');

const pemOf = (certificate: CarrierCertificate) =>
  certificatesFromFile(Buffer.from(carrierCertificatePem(certificate)), 'carrier.pem');

describe('the signer of an evidence pack, checked against the carrier certificate', () => {
  let carrier: CarrierCertificate;
  let forger: CarrierCertificate;
  let pack: Uint8Array;

  beforeAll(async () => {
    carrier = testCarrierCertificate('Lakeside carrier', 'c');
    forger = testCarrierCertificate('Lakeside carrier', 'f');
    pack = await sealed(carrier);
  });

  it('verifies the pack sealed with the carrier certificate given as PEM, P12 or fingerprint', async () => {
    const pem = pemOf(carrier);
    const byPem = await verifyEvidencePack(pack, { trust: { certificates: pem } });
    expect(byPem.firstFailure).toBeNull();
    const signer = byPem.checks.find((c) => c.check === 'Signer')!;
    expect(signer.detail).toMatch(
      new RegExp(
        `^Signer: sealed by the carrier's certificate ${certificateFingerprint(pem[0]!)} \\(Lakeside carrier\\)`,
      ),
    );
    const byP12 = await verifyEvidencePack(pack, {
      trust: { certificates: certificatesFromFile(carrier.p12, 'carrier.p12', 'c') },
    });
    expect(byP12.holds).toBe(true);
    const colons = certificateFingerprint(pem[0]!).toUpperCase().match(/../g)!.join(':');
    expect((await verifyEvidencePack(pack, { trust: { fingerprints: [colons] } })).holds).toBe(true);
  });

  it('without the carrier certificate verifies the integrity and says the signer was not checked', async () => {
    const result = await verifyEvidencePack(pack);
    expect(result.holds).toBe(true);
    const signer = result.checks.find((c) => c.check === 'Signer')!;
    expect(signer.notChecked).toBe(true);
    expect(signer.detail).toMatch(/^Signer not checked against the carrier's certificate: .* --certificate /);
  });

  it('fails a pack re-sealed with another self-signed certificate, naming both', async () => {
    const forged = await sealed(forger);
    expect((await verifyEvidencePack(forged)).holds).toBe(true); // intact, but by whom?
    const carrierCert = pemOf(carrier)[0]!;
    const forgerCert = pemOf(forger)[0]!;
    const result = await verifyEvidencePack(forged, { trust: { certificates: [carrierCert] } });
    expect(result.holds).toBe(false);
    expect(result.firstFailure!.check).toBe('Signer');
    expect(result.firstFailure!.detail).toBe(
      `Signer: signed by certificate ${certificateFingerprint(forgerCert)} (Lakeside carrier), not the carrier's ${certificateFingerprint(carrierCert)} (Lakeside carrier)`,
    );
    const byFingerprint = await verifyEvidencePack(forged, {
      trust: { fingerprints: [certificateFingerprint(carrierCert)] },
    });
    expect(byFingerprint.firstFailure!.detail).toMatch(
      /^Signer: signed by certificate .*, not the carrier's /,
    );
  });

  it('verifies a pack sealed by a leaf against the CA that issued it, and refuses another CA', async () => {
    const now = new Date();
    const { ca, leaf } = caAndLeaf(now);
    const leafPack = await sealed(leaf);
    const result = await verifyEvidencePack(leafPack, { trust: { certificates: readBack(ca) } });
    expect(result.firstFailure).toBeNull();
    expect(result.checks.find((c) => c.check === 'Signer')!.detail).toMatch(
      /^Signer: sealed by Lakeside Group Benefits evidence seal \(certificate SHA-256 [0-9a-f]{64}\), issued by the carrier's [0-9a-f]{64} \(Lakeside Root CA\)/,
    );
    const other = caAndLeaf(now).ca; // same name, other key
    const refused = await verifyEvidencePack(leafPack, { trust: { certificates: readBack(other) } });
    expect(refused.firstFailure!.check).toBe('Signer');
    expect(refused.firstFailure!.detail).toMatch(
      /^Signer: signed by certificate [0-9a-f]{64} \(Lakeside Group Benefits evidence seal\), not the carrier's [0-9a-f]{64} \(Lakeside Root CA\)/,
    );
  });

  it('fails a signer whose certificate had expired at the signing time', async () => {
    const now = new Date();
    const expired = selfSignedCarrierCertificate({
      commonName: 'Lakeside carrier (expired)',
      password: 'e',
      now: new Date(now.getTime() - 11 * YEAR),
    });
    const stale = await sealed(expired, now);
    for (const trust of [undefined, { certificates: pemOf(expired) }]) {
      const result = await verifyEvidencePack(stale, { trust });
      expect(result.holds).toBe(false);
      expect(result.firstFailure!.check).toBe('Signer');
      expect(result.firstFailure!.detail).toMatch(
        /^Signer: the certificate of Lakeside carrier \(expired\) was not valid when the pack was sealed \(.*\): valid from .* to /,
      );
    }
  });
  it('fails a pack whose ByteRange was rewritten, whether it still covers the file or not', async () => {
    const text = Buffer.from(pack).toString('latin1');
    const range = /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(text)!;
    const [a, b, c, d] = range.slice(1, 5);
    const rewrite = (to: string) => {
      const changed = Buffer.from(pack);
      changed.write(to.padEnd(range[0].length, ' '), range.index, 'latin1');
      return changed;
    };
    // The same ranges written differently: the ByteRange is itself signed, so the digest breaks.
    const respaced = await verifyEvidencePack(rewrite(`/ByteRange [${a}  ${b} ${c} ${d}]`));
    expect(respaced.firstFailure!.detail).toMatch(
      /^Signature over bytes 0–\d+ and \d+–\d+ does not hold: the file was changed after sealing$/,
    );
    // A range that leaves the file's last bytes out of the signature.
    const shorter = await verifyEvidencePack(rewrite(`/ByteRange [${a} ${b} ${c} ${Number(d) - 9}]`));
    expect(shorter.firstFailure!.detail).toMatch(
      /does not cover the file \(\d+ bytes\): bytes were added or removed after sealing$/,
    );
    // A range that takes signed bytes into the gap where the signature value sits.
    const wider = await verifyEvidencePack(rewrite(`/ByteRange [${a} ${Number(b) - 4} ${c} ${d}]`));
    expect(wider.firstFailure!.detail).toMatch(/: the signature value is damaged$/);
  });

  it('fails a signature that carries another certificate than the one whose key made it', async () => {
    const now = new Date();
    const ca = issue('Lakeside Root CA', { serial: '0a01', ca: true, now });
    const signer = issue(SEAL, { issuer: ca, serial: '0b02', ca: false, now });
    const other = issue(SEAL, { issuer: ca, serial: '0b02', ca: false, now }); // same name and serial
    const genuine = await sealed(carrierP12(signer, [], 'leaf'));
    expect((await verifyEvidencePack(genuine)).holds).toBe(true);
    const swapped = rewriteSignature(genuine, (signedData) => {
      signedData.certificates = readBack(other.cert);
    });
    const result = await verifyEvidencePack(swapped, { trust: { certificates: readBack(ca.cert) } });
    expect(result.holds).toBe(false);
    expect(result.firstFailure!.check).toBe('PAdES signature');
    expect(result.firstFailure!.detail).toMatch(
      /: the signature does not match the certificate of Lakeside Group Benefits evidence seal: it was not made with its key$/,
    );
    // Without any certificate the signer cannot be found at all.
    const bare = rewriteSignature(genuine, (signedData) => {
      signedData.certificates = [];
    });
    expect((await verifyEvidencePack(bare)).firstFailure!.detail).toMatch(
      /: the signature lacks its signed attributes or certificate$/,
    );
  });

  it('follows a chain through an intermediate CA to the trusted root, and refuses a chain that does not hold', async () => {
    const now = new Date();
    const root = issue('Lakeside Root CA', { serial: '0a01', ca: true, now });
    const intermediate = issue('Lakeside Issuing CA', { issuer: root, serial: '0a02', ca: true, now });
    const leaf = issue(SEAL, { issuer: intermediate, serial: '0b02', ca: false, now });
    const chained = await sealed(carrierP12(leaf, [intermediate.cert], 'leaf'));
    const trusted = await verifyEvidencePack(chained, { trust: { certificates: readBack(root.cert) } });
    expect(trusted.firstFailure).toBeNull();
    expect(trusted.checks.find((c) => c.check === 'Signer')!.detail).toMatch(
      /, issued by the carrier's [0-9a-f]{64} \(Lakeside Root CA\), valid at the signing time /,
    );

    // The same chain under another root of the same name: untrusted.
    const stranger = issue('Lakeside Root CA', { serial: '0a01', ca: true, now });
    const untrusted = await verifyEvidencePack(chained, { trust: { certificates: readBack(stranger.cert) } });
    expect(untrusted.firstFailure!.detail).toMatch(
      /^Signer: signed by certificate [0-9a-f]{64} \(Lakeside Group Benefits evidence seal\), not the carrier's [0-9a-f]{64} \(Lakeside Root CA\)$/,
    );

    // An intermediate that is no CA cannot issue: the path to the root does not hold.
    const notCa = issue('Lakeside Issuing CA', { issuer: root, serial: '0a03', ca: false, now });
    const issuedByLeaf = issue(SEAL, { issuer: notCa, serial: '0b03', ca: false, now });
    const broken = await sealed(carrierP12(issuedByLeaf, [notCa.cert], 'leaf'));
    const refused = await verifyEvidencePack(broken, { trust: { certificates: readBack(root.cert) } });
    expect(refused.firstFailure!.check).toBe('Signer');
    expect(refused.firstFailure!.detail).toMatch(
      /^Signer: signed by certificate [0-9a-f]{64} \(Lakeside Group Benefits evidence seal\), not the carrier's .*: the chain to it does not hold \(.+\)$/,
    );
  });
});
