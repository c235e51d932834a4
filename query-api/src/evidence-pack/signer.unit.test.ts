import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';
import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { composeEvidencePack } from './build.ts';
import {
  carrierCertificatePem,
  sealPdf,
  selfSignedCarrierCertificate,
  type CarrierCertificate,
} from './seal.ts';
import { certificateFingerprint, certificatesFromFile } from './trust.ts';
import { verifyEvidencePack } from './verify.ts';

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

/** A CA certificate and a leaf it issued, the leaf with its key as PKCS#12. */
function caAndLeaf(now: Date) {
  const caKeys = keys();
  const ca = forge.pki.createCertificate();
  ca.publicKey = caKeys.publicKey;
  ca.serialNumber = '0a01';
  ca.validity.notBefore = new Date(now.getTime() - YEAR);
  ca.validity.notAfter = new Date(now.getTime() + 5 * YEAR);
  const caName = [{ name: 'commonName', value: 'Lakeside Root CA' }];
  ca.setSubject(caName);
  ca.setIssuer(caName);
  ca.setExtensions([
    { name: 'basicConstraints', cA: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true },
  ]);
  ca.sign(caKeys.privateKey, forge.md.sha256.create());

  const leafKeys = keys();
  const leaf = forge.pki.createCertificate();
  leaf.publicKey = leafKeys.publicKey;
  leaf.serialNumber = '0b02';
  leaf.validity.notBefore = new Date(now.getTime() - 60_000);
  leaf.validity.notAfter = new Date(now.getTime() + YEAR);
  leaf.setSubject([{ name: 'commonName', value: 'Lakeside Group Benefits evidence seal' }]);
  leaf.setIssuer(caName);
  leaf.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  leaf.sign(caKeys.privateKey, forge.md.sha256.create());
  const p12 = forge.pkcs12.toPkcs12Asn1(leafKeys.privateKey, [leaf, ca], 'leaf', { algorithm: '3des' });
  return {
    ca,
    leaf: { p12: Buffer.from(forge.asn1.toDer(p12).getBytes(), 'binary'), password: 'leaf' },
  };
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
    carrier = selfSignedCarrierCertificate({
      commonName: 'Lakeside carrier',
      password: 'c',
      now: new Date(),
    });
    forger = selfSignedCarrierCertificate({ commonName: 'Lakeside carrier', password: 'f', now: new Date() });
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
});
